/** The error summary shown on a Next with errors: titled, focused, each item a link to its field. */
import { memo, useContext, useEffect, useMemo, useRef } from 'react';
import { deepEquals, toErrorList, type ErrorSchema, type UiSchema } from '@rjsf/utils';
import { FormContextReact, useFormState, type EngineFormContext, type FormState } from '../formContext';
import { propertyToId } from '../errors';

/** Errors are listed in the order their fields stand on the page (each field looked up once). */
function inPageOrder<T>(items: T[], idOf: (item: T) => string): T[] {
  const elements = new Map<string, Element | null>();
  const placed = items.map((item) => {
    const id = idOf(item);
    if (!elements.has(id)) elements.set(id, document.getElementById(id));
    return { item, element: elements.get(id) ?? null };
  });
  placed.sort(({ element: a }, { element: b }) => {
    if (!a || !b || a === b) return 0;
    return a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
  return placed.map(({ item }) => item);
}

/** One error of the summary, a link to its field. Drawn again only when its field or message changes: a pause in
 *  typing that adds or drops an error redraws that item, not the whole list (and its links' props). */
const ErrorLink = memo(function ErrorLink({ id, message }: { id: string; message: string | undefined }) {
  return (
    <li>
      <a
        href={`#${id}`}
        onClick={(ev) => {
          const el = document.getElementById(id) ?? document.querySelector<HTMLElement>(`[id^="${id}"]`);
          if (el) {
            ev.preventDefault();
            el.focus();
          }
        }}
      >
        {message}
      </a>
    </li>
  );
});

const selectSubmitCount = (s: FormState) => s.submitCount;
const selectPreview = (s: FormState) => s.preview?.errors;
const selectRefusalTitle = (s: FormState) => s.refusalTitle;

interface ErrorSummaryProps {
  /** The errors RJSF holds (the root object's, with the server checks' and refusals' merged in). */
  errorSchema: ErrorSchema | undefined;
  /** The step's uiSchema (its root). */
  uiSchema: UiSchema | undefined;
  ctx: EngineFormContext;
}

function ErrorSummaryRender(props: ErrorSummaryProps) {
  // The page's language from React's context (see FieldTemplate): the registry's may be the last language's.
  const ctx = useContext(FormContextReact) ?? props.ctx;
  const ref = useRef<HTMLDivElement>(null);
  const submitCount = useFormState(ctx.state, selectSubmitCount);
  const held = useMemo(() => (props.errorSchema ? toErrorList(props.errorSchema) : []), [props.errorSchema]);
  // A press's errors, and while typed changes wait for their field to be left the list that follows them, come from
  // the preview before RJSF holds them (see Preview and StepForm's beginNext).
  const errors = useFormState(ctx.state, selectPreview) ?? held;
  const refusalTitle = useFormState(ctx.state, selectRefusalTitle);
  useEffect(() => {
    if (submitCount > 0) ref.current?.focus();
  }, [submitCount]);
  if (submitCount === 0 || errors.length === 0) return null;
  const title = refusalTitle ?? (props.uiSchema?.['ui:options']?.errorSummaryTitle as string | undefined) ?? ctx.words.errorSummary;
  // Each field's message once, with its key and its field's id worked out once.
  const unique = new Map<string, { key: string; id: string; message: string | undefined }>();
  for (const e of errors) {
    const key = `${e.property}|${e.message}`;
    if (!unique.has(key)) unique.set(key, { key, id: propertyToId(e.property), message: e.message === undefined ? undefined : ctx.translate(e.message) });
  }
  const items = inPageOrder([...unique.values()], (item) => item.id);
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">{title}</h2>
      <ul>
        {items.map((item) => (
          <ErrorLink key={item.key} id={item.id} message={item.message} />
        ))}
      </ul>
    </div>
  );
}

/** Drawn at the top of the step by its root object (ObjectFieldTemplate), which RJSF draws again at every change of the
 *  form: re-rendered when the errors RJSF holds change, or the part of the store it reads. */
export const ErrorSummary = memo(ErrorSummaryRender, (a, b) => a.uiSchema === b.uiSchema && a.ctx === b.ctx && deepEquals(a.errorSchema, b.errorSchema));
