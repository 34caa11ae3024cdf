/** Renders one step from its schema pair with RJSF and the precompiled validators; knows nothing of HSAs. */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import Form from '@rjsf/core';
import { deepEquals, toErrorList, type ErrorSchema, type RegistryWidgetsType, type RJSFValidationError, type UiSchema } from '@rjsf/utils';
import type { StepModule } from './types';
import { stepValidator } from './stepValidator';
import { createFormStateStore, FormContextReact, idToPath, isBusy, useFormState, type EngineFormContext, type EngineWords, type FormState, type FormStateStore, type LinkItem } from './formContext';
import { getPath, setPath } from './paths';
import { fieldLabel } from './fieldLabel';
import { fill } from './fill';
import { changedMessages, liftRequiredErrors, messagesById } from './errors';
import { localizeErrors, localizeUi, untranslated, type Translate } from './localize';
import { SETTLE_MS } from './settle';
import { afterPaint, whenIdle } from './loading';
import { FieldTemplate } from './templates/FieldTemplate';
import { takeOver } from './takeover';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate';
import { useDrawnByServer, useRestDrawn } from './restDrawn';

type Data = Record<string, unknown>;

export interface StepFormProps {
  module: StepModule;
  formData: Data;
  widgets: RegistryWidgetsType;
  services?: Record<string, unknown>;
  /** Named lists of links a uiSchema section may show (e.g. the documents the terms name). */
  links?: Record<string, readonly LinkItem[]>;
  /** The engine's own words (error summary title, '(optional)', ...) in the page's language; keep the object the
   *  same while the language is (a new one re-renders every field). */
  words: EngineWords;
  /** The language of the step's words when it is not the page's (a screen reader reads them in it). */
  lang?: string;
  /** Called with valid data when no check is pending; Next is blocked until the promise it returns settles. A
   *  refusal keeps the applicant on the step with its fields marked (see StepRefusal). */
  onNext: (data: Data) => void | StepRefusal | Promise<void | StepRefusal>;
  /** Renders the step's buttons: `busy` while a check or onNext is in progress, `nextDisabled` while the value at the
   *  path ui:options.nextRequires names is falsy (never without one), and `data` reads the data the form shows (at a
   *  click: the buttons are not drawn again as the applicant types). */
  actions: (state: StepActionsState) => ReactNode;
  /** Renders above the form what the last Next found wrong (e.g. alerts for whole objects), given the step's uiSchema
   *  in the page's language. */
  renderStepErrors?: (errors: RJSFValidationError[], uiSchema: UiSchema) => ReactNode;
  /** Told the data the form shows whenever it changes: once typing pauses, as a field is left, and at each key in a
   *  field whose ui:options say eachKey. */
  onChange?: (data: Data) => void;
  /** Derives the data the form takes from the data it was given (as VA.gov's page updateFormData): a change of one
   *  field that empties another. Returns the same object when nothing more changes. */
  updateFormData?: (data: Data) => Data;
}

/** What the step's own rules found wrong with data its schema accepts (e.g. a membership the partner could not
 *  verify): the error summary's title, and a message per field by dotted path, where '{label}' is the field's label.
 *  The marks stand, and Next shows them again without calling anything, until one of the marked fields changes. */
export interface StepRefusal {
  title: string;
  messages: Record<string, string>;
}

/** The engine's templates, in place of RJSF's own (which the client ships without: scripts/rjsf-unused.ts). */
export const engineTemplates = { FieldTemplate, ObjectFieldTemplate };
// Defaults that stay the same object from render to render, so the context stays the same too.
const NO_SERVICES: Record<string, unknown> = {};
const NO_LINKS: Record<string, readonly LinkItem[]> = {};

/** A step drawn by the server, first drawn here as its script takes it over (React hydrates with the server's
 *  snapshot): what was typed meanwhile joins the form, once, and a Next pressed meanwhile is pressed again (takeover.ts)
 *  once `ready`. A step drawn in the browser is left as drawn. Its own component, so the render that follows a
 *  hydration (the snapshots differ) is its alone. */
function TakeOver({ form, ready }: { form: RefObject<HTMLDivElement | null>; ready: (then: () => void) => void }) {
  const takingOver = useRef(useDrawnByServer());
  // As the hydration is committed: what the fields report then is drawn at once, in the same task, so a Next pressed
  // again a frame later finds it in the form (from a passive effect it would wait behind the page's other work).
  useLayoutEffect(() => {
    if (!takingOver.current) return;
    takingOver.current = false;
    takeOver(form.current!, ready);
  }, [form, ready]);
  return null;
}

const selectFormData = (s: FormState) => s.preview?.data ?? s.formData;

export interface StepActionsState {
  busy: boolean;
  nextDisabled: boolean;
  data: () => Data;
}

/** The step's buttons follow the data (Next waits for the field ui:options.nextRequires names) and show a Next or a
 *  check in progress without re-rendering the form: they read both from the store, since as RJSF's children a prop of
 *  theirs that changed (busy, as a Next begins) would make RJSF derive its whole state again and draw the step once
 *  more. They read the data itself only when clicked, so a pause in typing draws nothing here. They come with the rest
 *  of the step (restDrawn.ts), below it, so they never show under its first section first. */
function StepActions({ store, requires, render }: { store: FormStateStore; requires: string | undefined; render: StepFormProps['actions'] }) {
  const busy = useFormState(store, isBusy);
  const nextDisabled = useFormState(store, useCallback((s: FormState) => requires !== undefined && !getPath(selectFormData(s), requires), [requires]));
  const data = useCallback(() => selectFormData(store.get()), [store]);
  return useRestDrawn() ? render({ busy, nextDisabled, data }) : null;
}

const NO_ERRORS: RJSFValidationError[] = [];
const selectStepErrors = (s: FormState) => s.stepErrors;

/** What the last Next found wrong, above the form, in the page's language: read from the store, so telling it draws
 *  this alone. */
const StepErrors = memo(function StepErrors({ store, uiSchema, translate, render }: { store: FormStateStore; uiSchema: UiSchema; translate: Translate; render: NonNullable<StepFormProps['renderStepErrors']> }) {
  const errors = useFormState(store, selectStepErrors);
  // The same list while the errors and the language are (a renderer may tell a list it has dismissed by its identity).
  return render(useMemo(() => localizeErrors(errors, translate), [errors, translate]), uiSchema);
});

/** { 'group.id': 'msg' } -> { group: { id: { __errors: ['msg'] } } } */
function toErrorSchema(errors: Record<string, string>): ErrorSchema {
  let schema: Data = {};
  for (const [path, message] of Object.entries(errors)) schema = setPath(schema, path, { __errors: [message] });
  return schema as ErrorSchema;
}

export function StepForm({ module, lang, formData, widgets, services = NO_SERVICES, links = NO_LINKS, words, onNext, actions, renderStepErrors, onChange, updateFormData }: StepFormProps) {
  const validator = useMemo(() => stepValidator(module), [module]);
  // The step in the page's language: the validators keep the schema they were built for, its words are translated.
  // Its messages too, but as they are drawn (EngineFormContext.translate): the errors held stay in English.
  const translate = module.translate ?? untranslated;
  const uiSchema = useMemo(() => localizeUi(module.schema, module.uiSchema, translate), [module.schema, module.uiSchema, translate]);
  // The step's errors for some data, exactly as RJSF's own validation gives them (its uiSchema names the fields in
  // each error's text): errors told beside RJSF's compare equal to its own, and draw nothing again.
  const validate = useCallback((data: Data) => validator.validateFormData(data, module.schema, undefined, liftRequiredErrors, uiSchema).errors, [validator, module.schema, uiSchema]);
  // Values, left fields, Next presses, the step's errors and the preview: each part is read where it is shown
  // (useFormState); the step itself reads none of them.
  const [store] = useState(() => createFormStateStore({ formData, touched: new Set(), submitCount: 0, preview: null, refusalTitle: null, pending: new Set(), advancing: false, stepErrors: NO_ERRORS }));
  // After a Next, RJSF validates each change, not only a field left (validatesEachChange: see settlePress).
  const [validatesEachChange, setValidatesEachChange] = useState(false);
  // A validator's first run compiles its code, tens of milliseconds on a phone: it runs once while the page is idle,
  // so the first Next (or field left) pays only for the check itself.
  useEffect(() => whenIdle(() => void validate(store.get().formData)), [validate, store]);
  // The step does not re-render for a change RJSF reported itself: new form data in its props would make it rebuild
  // its whole state (every field's schema, defaults and errors) a second time. A value set from outside RJSF
  // (setFieldValue) re-renders the step, so RJSF takes it; any render passes the data as the store has it.
  const [, setExternalChanges] = useState(0);
  const [asyncErrors, setAsyncErrors] = useState<Record<string, string>>({});
  // Set only when they change: the same errors told again would draw them again.
  const showStepErrors = useCallback((errors: RJSFValidationError[]) => store.set((s) => (deepEquals(s.stepErrors, errors) ? s : { ...s, stepErrors: errors })), [store]);
  // The last refusal's messages and the data they judged (a ref too, for the change handlers).
  const [refusal, setRefusalState] = useState<(StepRefusal & { data: Data }) | null>(null);
  const refusalRef = useRef(refusal);
  const setRefusal = useCallback(
    (next: typeof refusal) => {
      refusalRef.current = next;
      setRefusalState(next);
      const title = next?.title ?? null;
      store.set((s) => (s.refusalTitle === title ? s : { ...s, refusalTitle: title }));
    },
    [store],
  );
  // A refusal judged the marked fields as they were: any change to one of them lifts every mark.
  const dropStaleRefusal = useCallback(
    (data: Data) => {
      const r = refusalRef.current;
      if (r && Object.keys(r.messages).some((path) => getPath(data, path) !== getPath(r.data, path))) setRefusal(null);
    },
    [setRefusal],
  );
  // Next runs onNext once at a time (e.g. a server check before moving on): a repeat click, even one that lands before
  // React re-renders, is ignored (the store's state is read as it is set), and the button shows it.
  const setAdvancing = useCallback((advancing: boolean) => store.set((s) => (s.advancing === advancing ? s : { ...s, advancing })), [store]);

  // A check's message judged its field's value as it was: a change RJSF reports lifts it, in the same handler that
  // hands the store the new data, so the render it causes draws the new value (see EngineFormContext.setFieldError).
  const dropStaleChecks = useCallback((before: Data, data: Data) => {
    setAsyncErrors((prev) => {
      const stale = Object.keys(prev).filter((path) => getPath(before, path) !== getPath(data, path));
      if (stale.length === 0) return prev;
      const next = { ...prev };
      for (const path of stale) delete next[path];
      return next;
    });
  }, []);
  const setFieldError = useCallback((path: string, message: string | null) => {
    setAsyncErrors((prev) => {
      if ((prev[path] ?? null) === message) return prev;
      const next = { ...prev };
      if (message === null) delete next[path];
      else next[path] = message;
      return next;
    });
  }, []);
  const setPending = useCallback(
    (path: string, on: boolean) =>
      store.set((s) => {
        if (s.pending.has(path) === on) return s;
        const pending = new Set(s.pending);
        if (on) pending.add(path);
        else pending.delete(path);
        return { ...s, pending };
      }),
    [store],
  );
  const setFieldValue = useCallback(
    (path: string, value: unknown) => {
      store.set((s) => ({ ...s, formData: setPath(s.formData, path, value) }));
      dropStaleRefusal(store.get().formData);
      setExternalChanges((n) => n + 1);
    },
    [store, dropStaleRefusal],
  );
  // Typed changes waiting for their field to be left, by field id, in the order they were typed (see Preview).
  const waiting = useRef(new Map<string, { value: unknown; report: () => void }>());
  const settleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The errors RJSF shows (as it last reported them) and the server checks' messages: what a preview is told from.
  const formErrors = useRef<RJSFValidationError[]>([]);
  const checkErrors = useRef<RJSFValidationError[]>([]);
  // The form's data with the typed changes still waiting applied.
  const withWaiting = useCallback(() => {
    let data = store.get().formData;
    for (const [id, { value }] of waiting.current) data = setPath(data, idToPath(id), value);
    return data;
  }, [store]);
  const previewChanges = useCallback(() => {
    clearTimeout(settleTimer.current);
    settleTimer.current = undefined;
    if (waiting.current.size === 0) return;
    const data = withWaiting();
    dropStaleRefusal(data);
    // Before a Next the messages follow RJSF's own rule (on leaving a field); after it they follow the typing.
    const live = store.get().submitCount > 0;
    const errors = live ? [...validate(data), ...checkErrors.current] : null;
    store.set((s) => ({ ...s, preview: { data, errors, byId: errors ? changedMessages(errors, formErrors.current, s.preview) : new Map() } }));
  }, [store, withWaiting, validate, dropStaleRefusal]);
  // A Next with errors is drawn in its frame from the store (beginNext); RJSF hears of it once the page is idle
  // (settlePress): it validates what it holds, so that the preview gives way to its state in one render, and it
  // validates each change from then on. Both make RJSF derive its whole state and draw the whole step again, which the
  // frame showing the press's messages need not wait for (it shows the same messages). A change RJSF takes before then
  // (a field left, a value put in whole, a box ticked) settles the press as soon as RJSF holds it, in the same task:
  // the preview stays until then, so RJSF's state never shows without the press's errors. Not at once: the step
  // drawn again hands RJSF the data as last reported, which would undo a change it has not reported yet.
  const form = useRef<Form>(null);
  const unsettled = useRef<{ cancel: () => void; rjsfBehind: boolean } | null>(null);
  // RJSF's onError for the errors of a press counted already.
  const settling = useRef(false);
  const dropPreview = useCallback(() => store.set((s) => (s.preview ? { ...s, preview: null } : s)), [store]);
  const settlePress = useCallback(() => {
    const press = unsettled.current;
    if (!press) return;
    unsettled.current = null;
    press.cancel();
    if (press.rjsfBehind) {
      settling.current = true;
      // Valid by now (a change RJSF took since): RJSF reports nothing.
      if (form.current?.validateForm() !== false) settling.current = false;
      // A change typed since keeps its own preview until its field is left.
      if (waiting.current.size === 0) dropPreview();
    }
    setValidatesEachChange(true);
  }, [dropPreview]);
  const pressSettles = useCallback(
    (rjsfBehind: boolean) => {
      unsettled.current?.cancel();
      unsettled.current = { cancel: whenIdle(settlePress), rjsfBehind: rjsfBehind || Boolean(unsettled.current?.rjsfBehind) };
    },
    [settlePress],
  );
  useEffect(() => () => unsettled.current?.cancel(), []);
  // Reports every change still waiting. `settle`: a press RJSF has not heard of is settled once RJSF holds them.
  const reportChanges = useCallback(
    (settle: boolean) => {
      clearTimeout(settleTimer.current);
      settleTimer.current = undefined;
      const reports = [...waiting.current.values()];
      waiting.current.clear();
      for (const { report } of reports) report();
      // After React's own work for this task, which a microtask queued later follows.
      if (settle && unsettled.current?.rjsfBehind) return queueMicrotask(settlePress);
      // RJSF takes the changes in this same event: the preview gives way to its state in one render.
      dropPreview();
    },
    [dropPreview, settlePress],
  );
  const flushChanges = useCallback(() => reportChanges(true), [reportChanges]);
  // Typing pauses SETTLE_MS after the last change: one timer waits for it, set again only once it is up (a timer
  // cleared and set at every keystroke costs more of a keystroke's script than anything else it does).
  const lastChangeAt = useRef(0);
  const deferChange = useCallback(
    (id: string, value: unknown, report: () => void) => {
      waiting.current.delete(id);
      waiting.current.set(id, { value, report });
      lastChangeAt.current = Date.now();
      if (settleTimer.current !== undefined) return;
      const settle = (ms: number) => {
        settleTimer.current = setTimeout(() => {
          settleTimer.current = undefined;
          const left = lastChangeAt.current + SETTLE_MS - Date.now();
          if (left > 0) settle(left);
          else previewChanges();
        }, ms);
      };
      settle(SETTLE_MS);
    },
    [previewChanges],
  );
  // What the step's own rules say of a field with a value: a widget sends the server nothing they refuse.
  const messagesFor = useCallback(
    (id: string, value: unknown) => {
      const data = setPath(store.get().formData, idToPath(id), value);
      return messagesById(validate(data)).get(id) ?? [];
    },
    [store, validate],
  );
  // A step left while a change waits (the form is gone) reports nothing.
  useEffect(() => () => clearTimeout(settleTimer.current), []);
  const told = useRef(onChange);
  useLayoutEffect(() => {
    told.current = onChange;
  });
  // Only a form that asks is told: the site's steps add no listener to each change.
  const listening = onChange !== undefined;
  useEffect(() => {
    if (!listening) return;
    let last = selectFormData(store.get());
    return store.subscribe(() => {
      const shown = selectFormData(store.get());
      if (shown === last) return;
      last = shown;
      told.current?.(shown);
    });
  }, [store, listening]);

  // The same object while the applicant types (see EngineFormContext): new only with new services, links or language.
  const context: EngineFormContext = useMemo(
    () => ({ state: store, setFieldError, setPending, setFieldValue, deferChange, flushChanges, messagesFor, services, links, words, translate }),
    [store, setFieldError, setPending, setFieldValue, deferChange, flushChanges, messagesFor, services, links, words, translate],
  );
  // RJSF treats any extraErrors object, even an empty one, as blocking a submit.
  const extraErrors = useMemo(() => {
    const all = { ...refusal?.messages, ...asyncErrors };
    return Object.keys(all).length ? toErrorSchema(all) : undefined;
  }, [asyncErrors, refusal]);
  // A server check's message joins a preview as RJSF adds it to its own list.
  useEffect(() => {
    checkErrors.current = extraErrors ? toErrorList(extraErrors) : [];
    if (store.get().preview) previewChanges();
  }, [extraErrors, store, previewChanges]);
  // A Next with errors is drawn from the store, not by RJSF: its submit would set its state and draw the whole step
  // again (every field's schema, defaults and template) before the press's frame, where the store draws only the
  // marked fields' messages and the summary (issue 25). As the press begins (capture, before RJSF's own handler) the
  // changes still waiting are reported, and the step's validator judges what was pressed. With errors, RJSF's submit
  // does not run: the messages go into the preview (every field's, so none of RJSF's own shows beside them), the press
  // is counted, the step's errors are told, and RJSF hears of it once the page is idle (settlePress). Without, RJSF's
  // submit validates it again and moves on.
  const beginNext = useCallback(
    (event: FormEvent) => {
      const data = withWaiting();
      // RJSF validates them itself if this press has no errors (its submit), and hears of this press's at idle if not.
      reportChanges(false);
      const errors = [...validate(data), ...checkErrors.current];
      if (errors.length === 0) return;
      event.preventDefault();
      event.stopPropagation();
      const byId = new Map<string, readonly string[]>([...messagesById(formErrors.current).keys()].map((id) => [id, []]));
      for (const [id, messages] of messagesById(errors)) byId.set(id, messages);
      showStepErrors(errors);
      store.set((s) => ({ ...s, submitCount: s.submitCount + 1, preview: { data, errors, byId } }));
      pressSettles(true);
    },
    [withWaiting, reportChanges, validate, showStepErrors, store, pressSettles],
  );
  const container = useRef<HTMLDivElement>(null);
  // A Next pressed before the takeover is pressed again from script: any change still waiting is reported first (from
  // script, React would not draw what the press's first half reports before RJSF's submit reads its state), and a
  // frame later, once the values taken have begun their server checks, the press waits for those checks.
  const readyToPress = useCallback(
    (then: () => void) => {
      flushChanges();
      afterPaint(() => {
        if (!isBusy(store.get())) return then();
        const unsubscribe = store.subscribe(() => {
          if (isBusy(store.get())) return;
          unsubscribe();
          then();
        });
      });
    },
    [flushChanges, store],
  );

  return (
    <FormContextReact.Provider value={context}>
      {renderStepErrors && <StepErrors store={store} uiSchema={uiSchema} translate={translate} render={renderStepErrors} />}
      {/* Next (a click, or Enter in a field) submits what was typed: the changes still waiting are reported first, in
          the same event, so the form validates and submits them. */}
      <div className="step-form" lang={lang} ref={container} onSubmitCapture={beginNext}>
        <Form
          ref={form}
          schema={module.schema}
          uiSchema={uiSchema}
          validator={validator}
          formData={store.get().formData}
          formContext={context}
          widgets={widgets}
          templates={engineTemplates}
          extraErrors={extraErrors}
          extraErrorsBlockSubmit
          liveValidate={validatesEachChange ? 'onChange' : 'onBlur'}
          // The error summary is the root object's (ObjectFieldTemplate): it shows a press's errors before RJSF has them.
          showErrorList={false}
          noHtml5Validate
          // Drawn by the server, the form can be pressed before its script takes it over: a dialog's method makes the
          // browser's own submission do nothing (a GET would put what was typed in the address).
          method="dialog"
          experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
          transformErrors={liftRequiredErrors}
          focusOnFirstError={false}
          onChange={(e) => {
            formErrors.current = e.errors;
            const data = updateFormData ? updateFormData(e.formData as Data) : (e.formData as Data);
            const before = store.get().formData;
            store.set((s) => (s.formData === data ? s : { ...s, formData: data }));
            dropStaleRefusal(data);
            dropStaleChecks(before, data);
            // RJSF takes the derived data as it would a value set from outside.
            if (data !== e.formData) setExternalChanges((n) => n + 1);
            // A change RJSF took by itself (a box ticked) settles a press it has not heard of, as a reported one does.
            if (unsettled.current?.rjsfBehind) queueMicrotask(settlePress);
          }}
          onBlur={(id) => store.set((s) => (s.touched.has(id) ? s : { ...s, touched: new Set(s.touched).add(id) }))}
          onError={(errors) => {
            formErrors.current = errors;
            showStepErrors(errors);
            // The errors of a press counted already (settlePress), or a submit RJSF refused where the step's validator did not.
            if (settling.current) settling.current = false;
            else {
              store.set((s) => ({ ...s, submitCount: s.submitCount + 1 }));
              pressSettles(false);
            }
          }}
          onSubmit={(e) => {
            showStepErrors([]);
            if (isBusy(store.get())) return;
            setAdvancing(true);
            void (async () => {
              try {
                const refused = await onNext(e.formData as Data);
                if (refused) {
                  const label = (path: string) => fieldLabel({ schema: module.schema, uiSchema }, path, e.formData as Data);
                  const messages = Object.fromEntries(Object.entries(refused.messages).map(([path, m]) => [path, fill(m, { label: label(path) })]));
                  setRefusal({ title: refused.title, messages, data: e.formData as Data });
                  // A marked field changed while the check was made: the marks go at once.
                  dropStaleRefusal(store.get().formData);
                  // Shown as a Next with errors is: every mark, and the summary (titled by the refusal) takes focus.
                  store.set((s) => ({ ...s, submitCount: s.submitCount + 1 }));
                  pressSettles(false);
                }
              } finally {
                setAdvancing(false);
              }
            })();
          }}
        >
          <StepActions store={store} requires={uiSchema['ui:options']?.nextRequires as string | undefined} render={actions} />
        </Form>
      </div>
      <TakeOver form={container} ready={readyToPress} />
    </FormContextReact.Provider>
  );
}
