/** The language the applicant reads, sent with every API request (Accept-Language), so the server's messages are
 *  in it. Set by the page's language (src/app/words.ts). */
let language = 'en';

export const setRequestLanguage = (value: string): void => {
  language = value;
};

export const languageHeader = (): Record<string, string> => ({ 'accept-language': language });
