import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { VariantLike } from './variant';
import type { LinkItem } from './formContext';

export interface StepEntry {
  id: string;
  /** Path segment under the wizard's base route. */
  route: string;
  /** Page title and h1. */
  title: string;
  /** Schema pair name under schemas/, or null for steps the app renders itself. */
  schema: string | null;
  /** 'form' (default), 'summary' or 'submit'. */
  kind?: 'form' | 'summary' | 'submit';
  /** Shown in the header's progress list; the submit step is not. */
  progressLabel?: string;
}

/** variants/<id>/variant.json after the build checked it against variants/variant.schema.json. */
export interface VariantConfig extends VariantLike {
  brand: { title: string; bankName: string; logoText: string; partnerName?: string; colors?: { brand?: string; 'brand-dark'?: string } };
  helpPhone: string;
  groupCookie: string;
  links: { home: string; privacy: string; terms: string; feeSchedule?: string };
  flags: { isAARP?: boolean; isMSA?: boolean; isOC?: boolean; csrMode?: boolean };
  text?: Record<string, string | string[]>;
  steps: StepEntry[];
}

/** What only the wizard and the vetting page read of a variant (generated/details.ts), apart from the data every
 *  page reads, so the welcome page's script does not carry it. */
export interface VariantDetails {
  /** The documents the terms step names, each linked by its title. */
  documents: LinkItem[];
  /** The partner's membership check: its support phone and join and renew links. */
  membership?: { supportPhone: string; joinUrl: string; renewUrl: string };
  /** The vetting page's introduction, when the partner has its own. */
  vettingIntro?: string;
  /** The partner's own group, used when the form has no group field. */
  groupCode?: string;
  /** Cancel Enrollment on the steps after the first. */
  cancelOnLaterSteps: boolean;
  /** Where a 'partial' answer (documents needed) sends the applicant. */
  vettingUrl: string;
}

/** One step's merged schema pair and its precompiled validators. */
export interface StepModule {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validateFns: ValidatorFunctions;
}

/** A variant's wire payload: its precompiled validator and the pre-send transform of each field, by path. */
export interface WireModule {
  validate: ((data: unknown) => boolean) & { errors?: { instancePath: string; keyword: string; message?: string }[] | null };
  transforms: Record<string, 'digits' | 'isoDate' | 'upper' | 'omit'>;
}
