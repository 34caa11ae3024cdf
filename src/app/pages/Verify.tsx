/** Stage 3: a read-only summary of what was entered, generated from the earlier steps' schemas and uiSchemas
 *  (src/engine/review.ts), with an Edit link per section. A partner's fields appear with no code change. Loaded
 *  when the wizard first draws it (src/app/pages/Wizard.tsx), not with step 1. */
import { useEffect, useState, type ReactNode } from 'react';
import { reviewSections, type ReviewSection, type ReviewStep } from '../../engine/review';
import { displayDate } from '../../domain/dates';
import { maskSsnForReview } from '../../domain/ssn';
import { localizeUi } from '../../engine/localize';
import { loadStep } from '../stepModule';
import { variant } from '../variant';
import { useWords, useLanguage, useText } from '../words';

function Section({ section, onEdit }: { section: ReviewSection; onEdit: (stepId: string) => void }) {
  const edit = useText().actions.edit;
  const id = `verify-${section.title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="summary" aria-labelledby={id}>
      <div className="summary-head">
        <h2 id={id}>{section.title}</h2>
        <button type="button" className="link-button" onClick={() => onEdit(section.stepId)}>
          {edit}<span className="visually-hidden"> {section.title}</span>
        </button>
      </div>
      <table>
        <tbody>
          {section.rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

type VerifyProps = { payload: Record<string, unknown>; steps: ReviewStep[]; onEdit: (stepId: string) => void; onNext: () => void; actions: ReactNode };

export function Verify({ payload, steps, onEdit, onNext, actions }: VerifyProps) {
  const { form } = useText();
  const language = useLanguage();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onNext();
      }}
    >
      {reviewSections(steps, payload, { date: (iso) => displayDate(iso, language), last4: maskSsnForReview, yes: form.yes, no: form.no }).map((s) => (
        <Section key={`${s.stepId}-${s.title}`} section={s} onEdit={onEdit} />
      ))}
      {actions}
    </form>
  );
}

/** The schema pairs of the steps before the review, loaded like the steps themselves (already cached). */
export function useReviewSteps(loaders: { stepId: string; load: (language: string) => Promise<ReviewStep> }[], language: string): ReviewStep[] | null {
  const [steps, setSteps] = useState<ReviewStep[] | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all(loaders.map((l) => l.load(language))).then((loaded) => live && setSteps(loaded));
    return () => {
      live = false;
    };
  }, [loaders, language]);
  return steps;
}

/** The steps before the summary that have a form: what the review page lists. */
const reviewLoaders = variant.steps
  .slice(0, Math.max(0, variant.steps.findIndex((s) => s.kind === 'summary')))
  .filter((s) => s.schema)
  .map((s) => ({ stepId: s.id, load: (language: string) => loadStep(s.id, language).then((m) => ({ stepId: s.id, schema: m.schema, uiSchema: localizeUi(m.schema, m.uiSchema, m.translate!) })) }));

/** The summary step as the wizard draws it: the earlier steps' schema pairs, then the summary. */
export function Review(props: Omit<VerifyProps, 'steps'>) {
  const loaded = useReviewSteps(reviewLoaders, useLanguage());
  const { text } = useWords();
  return loaded ? <Verify {...props} steps={loaded} /> : <p aria-busy="true">{text.site.loading}</p>;
}
