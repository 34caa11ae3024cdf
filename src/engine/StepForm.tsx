/** Renders one step from its schema pair with RJSF and the precompiled validators; knows nothing of HSAs. */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema, RegistryWidgetsType, RJSFValidationError } from '@rjsf/utils';
// Imported directly: the package index also pulls in the Ajv compiler, which the browser never needs.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { StepModule } from './types';
import { FormContextReact, type EngineFormContext, type EngineWords, type LinkItem } from './formContext';
import { setPath } from './paths';
import { liftRequiredErrors } from './errors';
import { ErrorSummary } from './templates/ErrorSummary';
import { FieldTemplate } from './templates/FieldTemplate';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate';

type Data = Record<string, unknown>;

export interface StepFormProps {
  module: StepModule;
  formData: Data;
  widgets: RegistryWidgetsType;
  services?: Record<string, unknown>;
  /** Named lists of links a uiSchema section may show (e.g. the documents the terms name). */
  links?: Record<string, readonly LinkItem[]>;
  /** The engine's own words (error summary title, '(optional)', ...) in the page's language. */
  words: EngineWords;
  /** Called with valid data when no check is pending; Next is blocked until the promise it returns settles. */
  onNext: (data: Data) => void | Promise<void>;
  /** Renders the step's buttons; `busy` is true while a check or onNext is in progress. */
  actions: (state: { busy: boolean; data: Data }) => ReactNode;
  /** Renders above the form what the last Next found wrong (e.g. alerts for whole objects). */
  renderStepErrors?: (errors: RJSFValidationError[]) => ReactNode;
}

const templates = { ErrorListTemplate: ErrorSummary, FieldTemplate, ObjectFieldTemplate };

/** { 'group.id': 'msg' } -> { group: { id: { __errors: ['msg'] } } } */
function toErrorSchema(errors: Record<string, string>): ErrorSchema {
  let schema: Data = {};
  for (const [path, message] of Object.entries(errors)) schema = setPath(schema, path, { __errors: [message] });
  return schema as ErrorSchema;
}

export function StepForm({ module, formData, widgets, services = {}, links = {}, words, onNext, actions, renderStepErrors }: StepFormProps) {
  const validator = useMemo(() => createPrecompiledValidator(module.validateFns, module.schema), [module]);
  const [data, setData] = useState<Data>(formData);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitCount, setSubmitCount] = useState(0);
  const [asyncErrors, setAsyncErrors] = useState<Record<string, string>>({});
  const [pending, setPendingPaths] = useState<ReadonlySet<string>>(new Set());
  const [stepErrors, setStepErrors] = useState<RJSFValidationError[]>([]);
  // Next runs onNext once at a time (e.g. a server check before moving on): a repeat click is ignored. The ref
  // stops a second click that lands before React re-renders; the state shows it on the button.
  const advancing = useRef(false);
  const [advancingShown, setAdvancingShown] = useState(false);

  const setFieldError = useCallback((path: string, message: string | null) => {
    setAsyncErrors((prev) => {
      if ((prev[path] ?? null) === message) return prev;
      const next = { ...prev };
      if (message === null) delete next[path];
      else next[path] = message;
      return next;
    });
  }, []);
  const setPending = useCallback((path: string, on: boolean) => {
    setPendingPaths((prev) => {
      if (prev.has(path) === on) return prev;
      const next = new Set(prev);
      if (on) next.add(path);
      else next.delete(path);
      return next;
    });
  }, []);
  const setFieldValue = useCallback((path: string, value: unknown) => setData((d) => setPath(d, path, value)), []);

  const context: EngineFormContext = {
    touched,
    submitted: submitCount > 0,
    submitCount,
    setFieldError,
    setPending,
    setFieldValue,
    formData: data,
    services,
    links,
    words,
  };
  // RJSF treats any extraErrors object, even an empty one, as blocking a submit.
  const extraErrors = useMemo(() => (Object.keys(asyncErrors).length ? toErrorSchema(asyncErrors) : undefined), [asyncErrors]);
  const busy = pending.size > 0 || advancingShown;

  return (
    <FormContextReact.Provider value={context}>
      {renderStepErrors?.(stepErrors)}
      <Form
        schema={module.schema}
        uiSchema={module.uiSchema}
        validator={validator}
        formData={data}
        formContext={context}
        widgets={widgets}
        templates={templates}
        extraErrors={extraErrors}
        extraErrorsBlockSubmit
        liveValidate={submitCount > 0 ? 'onChange' : 'onBlur'}
        showErrorList="top"
        noHtml5Validate
        experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
        transformErrors={liftRequiredErrors}
        focusOnFirstError={false}
        onChange={(e) => setData(e.formData as Data)}
        onBlur={(id) => setTouched((t) => (t.has(id) ? t : new Set(t).add(id)))}
        onError={(errors) => {
          setStepErrors(errors);
          setSubmitCount((c) => c + 1);
        }}
        onSubmit={(e) => {
          setStepErrors([]);
          if (busy || advancing.current) return;
          advancing.current = true;
          setAdvancingShown(true);
          void (async () => {
            try {
              await onNext(e.formData as Data);
            } finally {
              advancing.current = false;
              setAdvancingShown(false);
            }
          })();
        }}
      >
        {actions({ busy, data })}
      </Form>
    </FormContextReact.Provider>
  );
}
