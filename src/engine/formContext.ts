/** What the engine hands every widget and template through RJSF's formContext. */
import { createContext, useCallback, useSyncExternalStore } from 'react';
import type { RJSFValidationError } from '@rjsf/utils';

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

/** What changes as the applicant works on a step. */
export interface FormState {
  /** The current form data of the step (the whole payload). */
  formData: Record<string, unknown>;
  /** Field ids (RJSF ids, e.g. root_homeAddress_zip) the applicant has left at least once. */
  touched: ReadonlySet<string>;
  /** Counts Next presses with errors: every error is shown from the first on, and the error summary takes focus
   *  each time. */
  submitCount: number;
  /** While typed changes wait for their field to be left: the data with them, and after a Next the messages they
   *  bring (see Preview); null when the form holds every change. */
  preview: Preview | null;
  /** The error summary's title while a refusal of the step's Next stands (see StepRefusal), else null. */
  refusalTitle: string | null;
  /** Fields (by path) whose server check is in progress: Next waits for them. */
  pending: ReadonlySet<string>;
  /** The step's Next is in progress (its onNext has not settled). */
  advancing: boolean;
  /** What the last Next found wrong, shown above the form (StepForm's renderStepErrors). */
  stepErrors: RJSFValidationError[];
}

/** Whether the step's buttons show it busy: a check or a Next in progress. */
export const isBusy = (s: FormState): boolean => s.pending.size > 0 || s.advancing;

/** What is typed reaches RJSF when its field is left or Next is pressed: RJSF rebuilds the whole step for a change
 *  (every field's schema, defaults and errors), so it does so once per field, not once per pause in typing. Until
 *  then, once typing pauses, the preview shows what the change brings: the data (the step's buttons follow it) and,
 *  after a Next, the messages, checked by the step's own validator. `errors` is the step's whole list (the error
 *  summary), null before a Next; `byId` holds the fields whose messages differ from RJSF's, so only those re-render. */
export interface Preview {
  data: Record<string, unknown>;
  errors: RJSFValidationError[] | null;
  byId: ReadonlyMap<string, readonly string[]>;
}

/** The step's state outside React's props: a component reads the part it shows with useFormState and re-renders
 *  when that part changes, so a keystroke re-renders the field typed in, not every field of the step. */
export interface FormStateStore {
  get: () => FormState;
  set: (update: (state: FormState) => FormState) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createFormStateStore(initial: FormState): FormStateStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(update) {
      const next = update(state);
      if (next === state) return;
      state = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The part of the step's state a component shows; it re-renders only when that part changes (compared with
 *  Object.is, so select a primitive or a part of the state as it is, never a new object). Keep `select` the same
 *  function from render to render (module scope or useCallback): a new one costs React a check after each render. */
export function useFormState<T>(store: FormStateStore, select: (state: FormState) => T): T {
  const snapshot = useCallback(() => select(store.get()), [store, select]);
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}

const NO_MESSAGES: readonly string[] = [];

/** A field's messages: the preview's where it has its own, else RJSF's. */
export function useFieldErrors(store: FormStateStore, id: string, rawErrors: readonly string[] | undefined): readonly string[] {
  const previewed = useFormState(store, useCallback((s: FormState) => s.preview?.byId.get(id), [id]));
  return previewed ?? rawErrors ?? NO_MESSAGES;
}

/** Whether a field's messages are shown: once it was left (it or a part of it, e.g. a date's inputs) or Next was
 *  pressed. */
export function isFieldShown(state: FormState, id: string): boolean {
  if (state.submitCount > 0 || state.touched.has(id)) return true;
  const prefix = `${id}-`;
  for (const t of state.touched) if (t.startsWith(prefix)) return true;
  return false;
}

/** The same for every render of a step: whatever changes while the applicant types lives in `state`, so RJSF,
 *  which compares its registry (formContext included) to decide which fields to re-render, re-renders only the
 *  fields whose own value or errors changed. */
export interface EngineFormContext {
  /** Values, left fields and Next presses; read with useFormState. */
  state: FormStateStore;
  /** A check that runs outside the schema (e.g. a server lookup) reports its message, or null when cleared. The
   *  message judged the field's value: any change of it that RJSF reports lifts it (a widget need not, and must not
   *  from its own change handler: a render of the step before RJSF has reported the change would undo it). */
  setFieldError: (path: string, message: string | null) => void;
  /** A check in progress blocks Next. */
  setPending: (path: string, pending: boolean) => void;
  /** Sets another field of the step, by dotted path (e.g. the employer name after a lookup). */
  setFieldValue: (path: string, value: unknown) => void;
  /** A typed change (its field's id, its value, and how to report it to RJSF): the input shows each keystroke at
   *  once, the preview follows once typing pauses (SETTLE_MS), and RJSF hears of it when the field is left or Next
   *  is pressed (see Preview). A later change of the same field replaces an earlier one still waiting. */
  deferChange: (id: string, value: unknown, report: () => void) => void;
  /** Reports every change still waiting, now: on leaving a field and on Next, so both see what was typed. */
  flushChanges: () => void;
  /** The messages the step's own rules give a field (by id) with this value, the rest of the step as it is: a
   *  widget sends the server no value they refuse. */
  messagesFor: (id: string, value: unknown) => readonly string[];
  /** Services the app provides to widgets (lookups, captcha). */
  services: Record<string, unknown>;
  /** Named lists of links the app provides; a uiSchema section shows one by name (`links`). */
  links: Record<string, readonly LinkItem[]>;
  words: EngineWords;
  /** A message in the page's language, by the English the validators give it. Errors are held in English and put in
   *  the page's language as they are drawn (as JSON Forms' translator is applied), so a language switch redraws
   *  every message already shown in the new language. */
  translate: (english: string) => string;
}

/** Lets components outside RJSF (the error summary) reach the same context. */
export const FormContextReact = createContext<EngineFormContext | null>(null);

/** RJSF ids are the property path joined by '_' under 'root'. */
export const idToPath = (id: string): string => id.replace(/^root_?/, '').split('_').join('.');
export const pathToId = (path: string): string => ['root', ...path.split('.').filter(Boolean)].join('_');
