/** A language as the studio names it, in its own words (a language the list lacks by its code). */
const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Español' };
export const nameOf = (lang: string) => LANGUAGE_NAMES[lang] ?? lang;
