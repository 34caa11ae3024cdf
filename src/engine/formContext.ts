/** What the engine hands every widget and template through RJSF's formContext. */
import { createContext } from 'react';

/** A titled link, e.g. a document the applicant is asked to read. */
export interface LinkItem {
  title: string;
  url: string;
}

/** The engine's own words, in the page's language (the app's text 'form'). */
export interface EngineWords {
  errorSummary: string;
  optional: string;
  /** '{label}' is the field's label. */
  moreInformation: string;
  newTab: string;
  changeGroup: string;
  tryAgain: string;
}

export interface EngineFormContext {
  /** Field ids (RJSF ids, e.g. root_homeAddress_zip) the applicant has left at least once. */
  touched: ReadonlySet<string>;
  /** True once Next was pressed on this step: every error is shown from then on. */
  submitted: boolean;
  /** Counts Next presses with errors, so the error summary takes focus each time. */
  submitCount: number;
  /** A check that runs outside the schema (e.g. a server lookup) reports its message, or null when cleared. */
  setFieldError: (path: string, message: string | null) => void;
  /** A check in progress blocks Next. */
  setPending: (path: string, pending: boolean) => void;
  /** Sets another field of the step, by dotted path (e.g. the employer name after a lookup). */
  setFieldValue: (path: string, value: unknown) => void;
  /** The current form data of the step (the whole payload). */
  formData: Record<string, unknown>;
  /** Services the app provides to widgets (lookups, captcha). */
  services: Record<string, unknown>;
  /** Named lists of links the app provides; a uiSchema section shows one by name (`links`). */
  links: Record<string, readonly LinkItem[]>;
  words: EngineWords;
}

/** Lets components outside RJSF (the error summary) reach the same context. */
export const FormContextReact = createContext<EngineFormContext | null>(null);

/** RJSF ids are the property path joined by '_' under 'root'. */
export const idToPath = (id: string): string => id.replace(/^root_?/, '').split('_').join('.');
export const pathToId = (path: string): string => ['root', ...path.split('.').filter(Boolean)].join('_');
