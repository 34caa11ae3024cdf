/** A step of a variant in a language: its schema pair and validators (one build per variant, in English) with
 *  the language's translation table (a small chunk per language; English needs none). */
import { stepModules } from '../../generated/steps';
import { translationModules } from '../../generated/translations';
import { untranslated, type Translate } from '../engine/localize';
import type { StepModule } from '../engine/types';
import { variant } from './variant';

const translators = new Map<string, Promise<Translate>>();

/** The language's word for an English one, by the variant's table. */
function translator(variantId: string, language: string): Promise<Translate> {
  const load = translationModules[variantId]?.[language];
  if (!load) return Promise.resolve(untranslated);
  const key = `${variantId}/${language}`;
  if (!translators.has(key)) {
    const loading = load().then((table): Translate => (english) => table[english] ?? english);
    // A table that failed to load is asked for again next time.
    loading.catch(() => translators.delete(key));
    translators.set(key, loading);
  }
  return translators.get(key)!;
}

/** A step of any variant: the server-side renderer draws each page's partner's. */
export const loadVariantStep = (variantId: string, stepId: string, language: string): Promise<StepModule> =>
  Promise.all([stepModules[variantId][stepId](), translator(variantId, language)]).then(([module, translate]) => ({ ...module, translate }));

/** A step of this page's variant. */
export const loadStep = (stepId: string, language: string): Promise<StepModule> => loadVariantStep(variant.id, stepId, language);
