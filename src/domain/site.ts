/** The site's configuration as the build writes it (generated/): each variant, what only the wizard reads of it, its
 *  wire payload, and its words in a language. HSA-specific, so not the engine's (src/engine/types.ts). */
import type { VariantLike } from '../engine/variant';
import type { LinkItem } from '../engine/formContext';
import type { StepEntry } from '../engine/types';
import type { VariantFile } from '../../generated/variant-file';

/** A partner's variants/<id>/variant.json, typed from variants/variant.schema.json by the build. */
export type { VariantFile };

/** What every page reads of a variant (generated/index.ts): its variant.json as the build checked it, less what only
 *  the wizard reads (VariantDetails), with its logo's size and its step list. */
export type VariantConfig = VariantLike &
  Omit<VariantFile, '$schema' | 'brand' | 'documents' | 'membership' | 'groupCode' | 'cancelOnLaterSteps' | 'vettingUrl'> & {
    brand: VariantFile['brand'] & { logoSize?: { width: number; height: number } };
    steps: StepEntry[];
  };

/** What only the wizard and the vetting page read of a variant (generated/details.ts), apart from the data every
 *  page reads, so the welcome page's script does not carry it. */
export type VariantDetails = Pick<VariantFile, 'membership' | 'groupCode' | 'cancelOnLaterSteps' | 'vettingUrl'> & {
  /** The amounts of the Schedule of Fees (schemas/fees.json patched by the variant's fees.json). */
  fees: Record<string, string>;
};

/** A variant's wire payload: its precompiled validator and the pre-send transform of each field, by path. */
export interface WireModule {
  validate: ((data: unknown) => boolean) & { errors?: { instancePath: string; keyword: string; message?: string }[] | null };
  transforms: Record<string, 'digits' | 'isoDate' | 'upper' | 'omit'>;
}

/** A variant's words in one language (generated/<variant>/<lang>/words.json): page copy (schemas/text.json), keyed
 *  messages, the documents the terms step names, and the steps' titles. */
export interface Words {
  text: Text;
  messages: Record<string, string>;
  documents: LinkItem[];
  steps: { id: string; title: string; progressLabel?: string }[];
}

/** The page copy's keys, as schemas/text.json has them (every language has the same, the build checks). */
export type Text = Omit<typeof import('../../schemas/text.json'), '$comment'>;

/** The step whose page the server draws, fields and all, for the browser's script to take over (issue 25): the
 *  first, when it is a form; null for any other address. One rule for the server's pages and the browser's takeover. */
export const serverDrawnStep = (steps: StepEntry[], route: string | undefined): StepEntry | null => (steps[0]?.schema && steps[0].route === route ? steps[0] : null);
