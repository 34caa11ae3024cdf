/** The words a page is drawn with, loaded as the site loads them before its first page (src/app/words.ts). */
import type { EngineWords } from '../src/engine/formContext';
import standardEnglish from '../generated/standard/en/words.json' with { type: 'json' };

/** Loads the page's language (English unless given) for the variant of the page address. */
export async function loadWords(language = 'en'): Promise<void> {
  const { chooseLanguage } = await import('../src/app/loadLanguage');
  await chooseLanguage(language);
}

/** The engine's own words in English, for a StepForm drawn on its own. */
export const engineWords: EngineWords = { ...standardEnglish.text.form, tryAgain: standardEnglish.text.actions.tryAgain };
