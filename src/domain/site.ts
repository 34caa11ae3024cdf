/** The site's configuration as the build writes it (generated/): each variant, what only the wizard reads of it, its
 *  wire payload, and its words in a language. HSA-specific, so not the engine's (src/engine/types.ts). */
import type { VariantLike } from '../engine/variant';
import type { LinkItem } from '../engine/formContext';
import type { StepEntry } from '../engine/types';

/** variants/<id>/variant.json after the build checked it against variants/variant.schema.json. */
export interface VariantConfig extends VariantLike {
  brand: { bankName: string; logo?: string; logoSize?: { width: number; height: number }; partnerName?: string; colors?: { brand?: string; 'brand-dark'?: string } };
  helpPhone: string;
  groupCookie: string;
  links: { home: string; privacy: string; terms: string; feeSchedule?: string };
  flags: { isAARP?: boolean; isMSA?: boolean; isOC?: boolean; csrMode?: boolean };
  steps: StepEntry[];
}

/** What only the wizard and the vetting page read of a variant (generated/details.ts), apart from the data every
 *  page reads, so the welcome page's script does not carry it. */
export interface VariantDetails {
  /** The partner's membership check: its support phone and join and renew links. */
  membership?: { supportPhone: string; joinUrl: string; renewUrl: string };
  /** The amounts of the Schedule of Fees (schemas/fees.json patched by the variant's fees.json). */
  fees: Record<string, string>;
  /** The partner's own group, used when the form has no group field. */
  groupCode?: string;
  /** Cancel Enrollment on the steps after the first. */
  cancelOnLaterSteps: boolean;
  /** Where a 'partial' answer (documents needed) sends the applicant. */
  vettingUrl: string;
}

/** A variant's wire payload: its precompiled validator and the pre-send transform of each field, by path. */
export interface WireModule {
  validate: ((data: unknown) => boolean) & { errors?: { instancePath: string; keyword: string; message?: string }[] | null };
  transforms: Record<string, 'digits' | 'isoDate' | 'upper' | 'omit'>;
}

/** A variant's words in one language (generated/<variant>/<lang>/copy.json): page copy (schemas/text.json), keyed
 *  messages, the documents the terms step names, and the steps' titles. */
export interface Copy {
  text: Text;
  messages: Record<string, string>;
  documents: LinkItem[];
  steps: { id: string; title: string; progressLabel?: string }[];
}

/** The page copy's keys, as schemas/text.json has them (every language has the same, the build checks). */
export type Text = Omit<typeof import('../../schemas/text.json'), '$comment'>;
