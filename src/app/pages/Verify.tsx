/** Stage 3: a read-only summary of what was entered, generated from the earlier steps' schemas and uiSchemas
 *  (src/engine/review.ts), with an Edit link per section. A partner's fields appear with no code change. Loaded
 *  when the wizard first draws it (src/app/pages/Wizard.tsx), not with step 1. */
import { useEffect, useState, type ReactNode } from 'react';
import { reviewSections, type ReviewSection, type ReviewStep } from '../../engine/review';
import { displayDate } from '../../domain/dates';
import { maskSsnForReview } from '../../domain/ssn';
import { localizeUi } from '../../engine/localize';
import { firstDrawnSections, useRestDrawn } from '../../engine/restDrawn';
import { loadStep } from '../stepModule';
import { variant } from '../variant';
import { currentLanguage, useWords, useLanguage, useText } from '../words';

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
  // Its first screen in the first render, the rest (later sections, the buttons) in the next (restDrawn.ts).
  const restDrawn = useRestDrawn();
  const sections = reviewSections(steps, payload, { date: (iso) => displayDate(iso, form), last4: maskSsnForReview, yes: form.yes, no: form.no });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onNext();
      }}
    >
      {(restDrawn ? sections : firstDrawnSections(sections)).map((s) => (
        <Section key={`${s.stepId}-${s.title}`} section={s} onEdit={onEdit} />
      ))}
      {restDrawn && actions}
    </form>
  );
}

type ReviewLoader = { stepId: string; load: (language: string) => Promise<ReviewStep> };

/** The review's steps as loaded, by their loaders and language: a page drawn once they are here draws them at once. */
const loadedReview = new WeakMap<ReviewLoader[], Map<string, ReviewStep[]>>();

/** Loads the schema pairs of the steps before the review (like the steps themselves: already cached), once. */
export function loadReviewSteps(loaders: ReviewLoader[], language: string): Promise<ReviewStep[]> {
  const byLanguage = loadedReview.get(loaders) ?? new Map<string, ReviewStep[]>();
  loadedReview.set(loaders, byLanguage);
  const loaded = byLanguage.get(language);
  if (loaded) return Promise.resolve(loaded);
  return Promise.all(loaders.map((l) => l.load(language))).then((steps) => {
    byLanguage.set(language, steps);
    return steps;
  });
}

export function useReviewSteps(loaders: ReviewLoader[], language: string): ReviewStep[] | null {
  const loaded = loadedReview.get(loaders)?.get(language);
  const [steps, setSteps] = useState<ReviewStep[] | null>(null);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void loadReviewSteps(loaders, language).then((l) => live && setSteps(l));
    return () => {
      live = false;
    };
  }, [loaders, language, loaded]);
  return loaded ?? steps;
}

/** The steps before the summary that have a form: what the review page lists. */
const reviewLoaders: ReviewLoader[] = variant.steps
  .slice(0, Math.max(0, variant.steps.findIndex((s) => s.kind === 'summary')))
  .filter((s) => s.schema)
  .map((s) => ({ stepId: s.id, load: (language: string) => loadStep(s.id, language).then((m) => ({ stepId: s.id, schema: m.schema, uiSchema: localizeUi(m.schema, m.uiSchema, m.translate!) })) }));

/** What the summary needs before it is drawn, in the page's language: the wizard moves to it once this is here, so
 *  the summary is drawn in the press's frame (its first screen, then the rest: restDrawn.ts), never first as
 *  'Loading'. Made ahead too (Wizard.tsx preloads the next step's screen once the page is idle). */
export const prepareReview = (): Promise<unknown> => loadReviewSteps(reviewLoaders, currentLanguage());

/** The summary step as the wizard draws it: the earlier steps' schema pairs, then the summary. */
export function Review(props: Omit<VerifyProps, 'steps'>) {
  const loaded = useReviewSteps(reviewLoaders, useLanguage());
  const { text } = useWords();
  return loaded ? <Verify {...props} steps={loaded} /> : <p aria-busy="true">{text.site.loading}</p>;
}
