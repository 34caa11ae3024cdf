/** Loads a language's words (a chunk per variant and language) and shows every page in it: on a switch, and where
 *  the server did not write the words into the page. Apart from copy.ts, so the welcome page's script carries no
 *  loader. */
import { copyModules } from '../../generated/copy';
import { variant } from './variant';
import { adoptLanguage } from './copy';

export async function chooseLanguage(language: string): Promise<void> {
  adoptLanguage(language, await copyModules[variant.id][language]());
}
