/** A page the server did not prepare (the development server): the partner's colours and the page's words are set
 *  here, by the rule the server applies (src/server/render.ts). Loaded only then, so the welcome page's script does
 *  not carry it. */
import { applyBrand } from './brand';
import { variant } from './variant';
import { LANGUAGE_COOKIE, LANGUAGE_PARAM, languages } from './copy';
import { chooseLanguage } from './loadLanguage';

/** The address's language, else the one chosen earlier in this session, else the first of the browser's preferred
 *  languages the site has, else English. */
export function firstLanguage(): string {
  const asked = new URLSearchParams(window.location.search).get(LANGUAGE_PARAM);
  const kept = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})`).exec(document.cookie)?.[1];
  const preferred = (navigator.languages ?? [navigator.language]).map((l) => l.slice(0, 2).toLowerCase());
  return [asked, kept, ...preferred].find((l): l is string => !!l && languages.includes(l)) ?? languages[0];
}

export async function prepareWithoutServer(): Promise<void> {
  applyBrand(variant);
  // English if the chosen language cannot load.
  await chooseLanguage(firstLanguage()).catch(() => chooseLanguage(languages[0]));
}
