/** How a page's language is chosen, in one place for the server (the first response) and the browser (a page the
 *  server did not prepare): the address's `lang`, else the session's choice (its cookie), else the browser's
 *  preferred languages, else the site's first language. */

/** The address parameter that names the language, so a link can open the site in it. */
export const LANGUAGE_PARAM = 'lang';
/** The session cookie that keeps the chosen language. */
export const LANGUAGE_COOKIE = 'hsa_lang';

/** The first candidate the site has, each cut to its two-letter language ('es-MX' is 'es'), else the first of
 *  `languages`. */
export function pickLanguage(candidates: readonly unknown[], languages: readonly string[]): string {
  for (const candidate of candidates) {
    const language = typeof candidate === 'string' ? candidate.trim().slice(0, 2).toLowerCase() : '';
    if (languages.includes(language)) return language;
  }
  return languages[0];
}
