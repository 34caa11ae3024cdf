/** Loads a language's words (a chunk per variant and language) and shows every page in it: on a switch, and where
 *  the server did not write the words into the page. Apart from words.ts, so the welcome page's script carries no
 *  loader. */
import { wordsModules } from '../../generated/words';
import { variant } from './variant';
import { adoptLanguage } from './words';

export async function chooseLanguage(language: string): Promise<void> {
  adoptLanguage(language, await wordsModules[variant.id][language]());
}
