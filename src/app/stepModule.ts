/** A step of this variant in a language: its schema pair and validators (one build per variant, in English) with
 *  the language's translation table (a small chunk per language; English needs none). */
import { stepModules } from '../../generated/steps';
import { translationModules } from '../../generated/translations';
import { untranslated, type Translate } from '../engine/localize';
import type { StepModule } from '../engine/types';
import { variant } from './variant';

const translators = new Map<string, Promise<Translate>>();

/** The language's word for an English one, by the variant's table. */
export function translator(language: string): Promise<Translate> {
  const load = translationModules[variant.id]?.[language];
  if (!load) return Promise.resolve(untranslated);
  if (!translators.has(language)) {
    const loading = load().then((table): Translate => (english) => table[english] ?? english);
    // A table that failed to load is asked for again next time.
    loading.catch(() => translators.delete(language));
    translators.set(language, loading);
  }
  return translators.get(language)!;
}

export const loadStep = (stepId: string, language: string): Promise<StepModule> =>
  Promise.all([stepModules[variant.id][stepId](), translator(language)]).then(([module, translate]) => ({ ...module, translate }));
