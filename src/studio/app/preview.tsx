/** The studio's preview (issue 24): a step (or the welcome page, the Schedule of Fees, or the review page) as the applicant meets it, drawn by the site's own components (header,
 *  layout, the engine's StepForm with the site's widgets and styles) from the studio's latest build of the edited
 *  files: its schema pair and precompiled validators, the partner's settings and its words in the chosen language.
 *  The studio page sends what to draw (a message from the same origin); Next shows every message, nothing is sent. */
import { StrictMode, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import '../../app/styles.css';
import { SiteProvider } from '../../app/site';
import { Layout } from '../../app/components/Layout';
import { StepForm } from '../../engine/StepForm';
import { DrawsInTwo } from '../../engine/restDrawn';
import { applyBrand } from '../../app/brand';
import { widgets } from '../../../widgets';
import type { WidgetServices } from '../../../widgets/services';
import type { StepModule } from '../../engine/types';
import type { VariantConfig, Words } from '../../domain/site';
import type { FeeData } from '../../app/fees';
import { Welcome } from '../../app/pages/Welcome';
import { FeeScheduleOf } from '../../app/pages/FeeSchedule';
import { Verify } from '../../app/pages/Verify';
import { localizeUi } from '../../engine/localize';
import type { ReviewStep } from '../../engine/review';
import { sampleOf } from './sample';

export interface PreviewRequest {
  /** Where the build is (/@fs/...). */
  base: string;
  partner: string;
  step: string;
  language: string;
  /** A page rather than the step: the welcome page, the Schedule of Fees, or the review page (with a sample
   *  applicant's answers to the steps before it). */
  page?: 'welcome' | 'feeSchedule' | 'review';
}

interface Drawn {
  key: string;
  variant: VariantConfig;
  words: Words;
  module: StepModule;
  language: string;
  step: string;
  page?: PreviewRequest['page'];
  /** The partner's fee amounts, as the build merged them. */
  amounts: Record<string, string>;
  /** For the review page: the steps it lists, in the page's language, and a sample applicant's answers. */
  review?: { steps: ReviewStep[]; payload: Record<string, unknown> };
}

/** A group's fees as the server would write them into the Schedule of Fees (one with every line shown). */
const sampleFees = (variant: VariantConfig): FeeData => ({ isAARP: Boolean(variant.brand.partnerName), acctHolderMaintFee: '3.95', acctHolderBalEnd: '2,500', showWaivedText: true, allowInvestments: true, investmentFeeAmt: '2.50', investmentThresholdAmt: '2,500' });

/** The checks a widget asks the server for answer as for an applicant with nothing on file. */
const services = (words: Words): WidgetServices => ({
  verifySsn: async () => true,
  lookupEmployer: async (id) => ({ name: `Employer ${id}`, employerStatus: 'active' }),
  reportError: () => undefined,
  captchaChallengeUrl: '',
  submitCaptcha: async () => true,
  messages: words.messages,
});

async function load({ base, partner, step, language, page }: PreviewRequest): Promise<Drawn> {
  const at = (path: string) => `${base}/${path}`;
  const [index, stepModule, words, table, details] = await Promise.all([
    import(/* @vite-ignore */ at('index.ts')) as Promise<{ variants: VariantConfig[] }>,
    // As the site loads a step (generated/steps.ts): its validators, with the schema they check and its uiSchema.
    import(/* @vite-ignore */ at(`${partner}/${step}.validators.ts`)) as Promise<{ default: StepModule['validateFns']; schema: StepModule['schema']; uiSchema: StepModule['uiSchema'] }>,
    import(/* @vite-ignore */ at(`${partner}/${language}/words.json`)) as Promise<{ default: Words }>,
    language === 'en' ? Promise.resolve({ default: {} as Record<string, string> }) : (import(/* @vite-ignore */ at(`${partner}/${language}/translations.json`)) as Promise<{ default: Record<string, string> }>),
    import(/* @vite-ignore */ at('details.ts')) as Promise<{ detailsByVariant: Record<string, { fees: Record<string, string> }> }>,
  ]);
  const variant = index.variants.find((v) => v.id === partner)!;
  const translate = (english: string) => table.default[english] ?? english;
  const drawn: Drawn = { key: base, variant, words: words.default, language, step, page, amounts: details.detailsByVariant[partner].fees, module: { schema: stepModule.schema, uiSchema: stepModule.uiSchema, validateFns: stepModule.default, translate } };
  if (page !== 'review') return drawn;
  // The steps before the review page with a form, as the site's review page loads them (src/app/pages/Verify.tsx).
  const listed = variant.steps.slice(0, variant.steps.findIndex((s) => s.kind === 'summary')).filter((s) => s.schema);
  const modules = await Promise.all(listed.map((s) => import(/* @vite-ignore */ at(`${partner}/${s.id}.validators.ts`)) as Promise<{ schema: StepModule['schema']; uiSchema: StepModule['uiSchema'] }>));
  const steps = modules.map((m, i) => ({ stepId: listed[i].id, schema: m.schema, uiSchema: localizeUi(m.schema, m.uiSchema, translate) }));
  return { ...drawn, review: { steps, payload: Object.assign({}, ...steps.map((s) => sampleOf(s.schema as Record<string, unknown>))) as Record<string, unknown> } };
}

function Preview() {
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    // Requests come faster than builds load (a partner chosen, then a page): only the latest is drawn, whichever
    // loads first.
    let latest = 0;
    const onMessage = (e: MessageEvent<PreviewRequest>) => {
      if (e.origin !== window.location.origin || !e.data?.base) return;
      const request = ++latest;
      load(e.data).then(
        (d) => {
          if (request !== latest) return;
          setFailed('');
          setDrawn(d);
        },
        (error: Error) => request === latest && setFailed(error.message),
      );
    };
    window.addEventListener('message', onMessage);
    window.parent.postMessage({ previewReady: true }, window.location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  useEffect(() => {
    if (!drawn) return;
    document.documentElement.lang = drawn.language;
    applyBrand(drawn.variant);
  }, [drawn]);
  const site = useMemo(() => (drawn ? { variant: drawn.variant, language: drawn.language, words: drawn.words, fees: drawn.page === 'feeSchedule' ? sampleFees(drawn.variant) : null } : null), [drawn]);
  const engineWords = useMemo(() => (drawn ? { ...drawn.words.text.form, tryAgain: drawn.words.text.actions.tryAgain } : null), [drawn]);
  if (failed) return <p role="alert">The preview could not be drawn: {failed}</p>;
  if (!drawn || !site || !engineWords) return <p aria-busy="true">Loading the preview…</p>;
  if (drawn.page && !drawn.review) {
    return (
      <SiteProvider site={site}>
        <MemoryRouter>{drawn.page === 'welcome' ? <Welcome /> : <FeeScheduleOf amounts={drawn.amounts} />}</MemoryRouter>
      </SiteProvider>
    );
  }
  // The step, or the review page (the summary step), in the site's layout with its Next button.
  const index = drawn.review ? drawn.variant.steps.findIndex((s) => s.kind === 'summary') : drawn.variant.steps.findIndex((s) => s.id === drawn.step);
  const stepId = drawn.variant.steps[index]?.id ?? drawn.step;
  const next = (
    <div className="actions">
      <button type="submit" className="button">
        {drawn.words.text.actions.next}
      </button>
    </div>
  );
  return (
    <SiteProvider site={site}>
      <MemoryRouter>
        <Layout title={drawn.words.steps.find((s) => s.id === stepId)?.title ?? stepId} stepIndex={index}>
          {drawn.review ? (
            <Verify payload={drawn.review.payload} steps={drawn.review.steps} onEdit={() => undefined} onNext={() => undefined} actions={next} />
          ) : (
            // A new build draws the step afresh (what was typed in it is kept only until the next change).
            <StepForm
              key={`${drawn.key}/${drawn.language}`}
              module={drawn.module}
              formData={{}}
              widgets={widgets}
              services={services(drawn.words) as unknown as Record<string, unknown>}
              words={engineWords}
              onNext={() => undefined}
              actions={() => next}
            />
          )}
        </Layout>
      </MemoryRouter>
    </SiteProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DrawsInTwo.Provider value={false}>
      <Preview />
    </DrawsInTwo.Provider>
  </StrictMode>,
);
