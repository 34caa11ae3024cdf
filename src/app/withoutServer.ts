/** A page the server did not prepare (the development server): the partner's colours and the page's words are set
 *  here, by the rule the server applies (src/server/render.ts). Loaded only then, so the welcome page's script does
 *  not carry it. */
import { applyBrand } from './brand';
import { variant } from './variant';
import { languages } from './words';
import { LANGUAGE_COOKIE, LANGUAGE_PARAM, pickLanguage } from '../domain/language';
import { chooseLanguage } from './loadLanguage';

/** The page's language by the server's rule (src/domain/language.ts). */
export function firstLanguage(): string {
  const asked = new URLSearchParams(window.location.search).get(LANGUAGE_PARAM);
  const kept = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})`).exec(document.cookie)?.[1];
  return pickLanguage([asked, kept, ...(navigator.languages ?? [navigator.language])], languages);
}

export async function prepareWithoutServer(): Promise<void> {
  applyBrand(variant);
  // English if the chosen language cannot load.
  await chooseLanguage(firstLanguage()).catch(() => chooseLanguage(languages[0]));
}
