/** The engine's own types: a step of the list it walks, and a step's schema pair with its validators. The site's
 *  configuration (variants, words, the wire payload) is typed in src/domain/site.ts. */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { Translate } from './localize';

export interface StepEntry {
  id: string;
  /** Path segment under the wizard's base route. */
  route: string;
  /** Page title and h1 (in the language's words, generated/<variant>/<lang>/words.json). */
  title?: string;
  /** Schema pair name under schemas/, or null for steps the app renders itself. */
  schema: string | null;
  /** 'form' (default), 'summary' or 'submit'. */
  kind?: 'form' | 'summary' | 'submit';
  /** Shown in the header's progress list; the submit step is not. */
  progressLabel?: string;
  /** The app's named behaviours around the step (before Next, before Previous...), in order: the engine only
   *  carries the names. */
  rules?: string[];
}

/** One step's merged schema pair and its precompiled validators, built in English, and the page's language to
 *  draw it in (its words and messages are translated as the step is drawn: src/engine/localize.ts). */
export interface StepModule {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validateFns: ValidatorFunctions;
  translate?: Translate;
}
