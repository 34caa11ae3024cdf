/** Walks the variant's step list: one route per step, forms rendered by the engine, the rest by the app. */
import { Suspense, useContext, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { StepForm } from '../../engine/StepForm';
import type { StepEntry, StepModule } from '../../engine/types';
import { loadStep } from '../stepModule';
import { widgets } from '../../../widgets';
import { Layout } from '../components/Layout';
import { CancelEnrollment } from '../components/CancelEnrollment';
import { UnavailableDialog } from '../components/UnavailableDialog';
import { NetworkErrorBanner } from '../components/NetworkErrorBanner';
import { IdleTimer } from '../components/IdleTimer';
import { SendingDialog, showSending, sendingBegun } from '../components/SendingDialog';
import { StepAlert } from '../components/StepAlert';
import { LoadFailed } from '../components/LoadFailed';
import { withTimeout } from '../../engine/loading';
import { detailsByVariant } from '../details';
import { useWizard } from '../wizardStore';
import { widgetServices } from '../services';
import { stepEvent } from '../analytics';
import { beforeNext, beforePrevious, enterStep, initialData, Refused } from '../stepRules';
import { afterPaint, lazyPage, PAINT_AT_THE_LATEST_MS, whenIdle } from '../lazy';
import { NotFound, page } from '../routes';
import { useWords, useLanguage, useVariant } from '../words';
import { DrawnSteps, stepKey, type LoadedSteps } from '../drawnStep';

/** The last load this wizard made itself, by step key: what it loaded is kept in `loaded`. */
type StepLoad = { id: string; failed: boolean };

/** Loads a step's schema pair; a load that fails or takes over 120 seconds fails with a retry. The steps this wizard
 *  has loaded, by step and language (its own, those fetched ahead and the one the server drew), are drawn in the
 *  frame that reaches them. */
function useStepModule(step: StepEntry | undefined, language: string, loaded: LoadedSteps): { module: StepModule | null; formLanguage?: string; failed: boolean; retry: () => void } {
  const [load, setLoad] = useState<StepLoad | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    // The step's schema pair in the page's language (its labels and messages); a switch loads the other words. A
    // step loaded already (fetched ahead, or drawn by the server) is drawn with what was loaded.
    if (!step?.schema || loaded.has(stepKey(step.id, language))) return;
    let live = true;
    const id = stepKey(step.id, language);
    withTimeout(() => loadStep(step.id, language)).then(
      (module) => {
        loaded.set(id, module);
        if (live) setLoad({ id, failed: false });
      },
      () => live && setLoad({ id, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [step, language, attempt, loaded]);
  const key = step?.schema ? stepKey(step.id, language) : null;
  const ready = key ? loaded.get(key) : undefined;
  const failed = key !== null && !ready && load?.id === key && load.failed;
  // While another language loads, or if it fails to, the step keeps its form (and what was typed in it) in a language
  // it was loaded in, however that was (here, ahead, or with the page the server drew): a form given no module is
  // unmounted, and what was typed in it lost.
  const before = key && !ready ? [...loaded].find(([k]) => k.startsWith(`${step!.id}/`)) : undefined;
  return {
    module: ready ?? before?.[1] ?? null,
    // The form's words are in another language than the page's until its own come.
    formLanguage: before?.[0].split('/')[1],
    failed,
    retry: () => {
      setLoad(null);
      setAttempt((a) => a + 1);
    },
  };
}

/** The screens of the summary and submit steps, loaded when first drawn or while the step before them is filled. */
const Review = lazyPage(() => import('./Verify'), 'Review', (m) => m.prepareReview());
const ThankYou = lazyPage(() => import('./ThankYou'), 'ThankYou', (m) => m.prepareSend());
const screens: Partial<Record<string, { preload: () => void; ready: () => Promise<void>; loaded: () => boolean }>> = { summary: Review, submit: ThankYou };
/** The membership check's dialogs: only a variant with the check loads them. */
const MembershipDialog = lazyPage(() => import('../components/MembershipDialog'), 'MembershipDialog');

export function Wizard() {
  const { step: route } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const variant = useVariant();
  const { steps } = variant;
  const details = detailsByVariant[variant.id];
  const { payload, reached, submission, setPayload, reach } = useWizard();
  const index = steps.findIndex((s) => s.route === route);
  const step = steps[index];
  const { text, documents, steps: stepWords } = useWords();
  // The same objects while the language is: a new one would re-render every field of the step (StepForm).
  const links = useMemo(() => ({ documents }), [documents]);
  const words = useMemo(() => ({ ...text.form, tryAgain: text.actions.tryAgain }), [text]);
  const language = useLanguage();
  const drawn = useContext(DrawnSteps);
  const [loaded] = useState<LoadedSteps>(() => new Map(drawn));
  const { module, formLanguage, failed: loadFailed, retry: retryLoad } = useStepModule(step, language, loaded);
  // Entering a step runs once per step, with the query of that moment (a query change alone enters nothing), once
  // the step is painted: the press that brought the applicant here waits for none of it (the CSRF token's request).
  const enter = useEffectEvent((entered: StepEntry) => enterStep(entered, params));
  // The move to the outcome that a press has drawn 'Verifying Information' for, until it is made (go). The applicant
  // going elsewhere first (Back, the idle timeout) cancels it, and on any step but the outcome's no enrollment is on
  // its way (Back from the outcome before its sending began): the dialog closes rather than stay over them.
  const sendingMove = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (step?.kind !== 'submit') sendingBegun();
    return () => {
      if (!sendingMove.current) return;
      sendingMove.current();
      sendingMove.current = null;
      sendingBegun();
    };
  }, [step]);
  useEffect(() => {
    if (step) return afterPaint(() => enter(step));
  }, [step]);
  // What the next step needs (its screen, when it has one of its own; its form's schema and validators) loads while
  // this one is filled, once the page is idle: its Next then draws it without a fetch. Not before this step's own
  // code is here: the page is idle while that is on its way, and on a slow network the two would share it.
  const following = steps[index + 1];
  const drawable = !step?.schema || module !== null;
  useEffect(() => {
    if (!following || !drawable) return;
    return whenIdle(() => {
      if (following.kind) screens[following.kind]?.preload();
      if (following.schema) loadStep(following.id, language).then((m) => loaded.set(stepKey(following.id, language), m), () => undefined);
    });
  }, [following, language, loaded, drawable]);

  if (!step) return page(<NotFound />);
  const submitIndex = steps.findIndex((s) => s.kind === 'submit');
  // After a submission the applicant stays on the outcome; Back never sends it again.
  if (submission && index !== submitIndex) return <Navigate to={`/enrollment/${steps[submitIndex].route}`} replace />;
  if (index > reached) return <Navigate to={`/enrollment/${steps[reached].route}`} replace />;

  // The data, the steps reached and the address change in one render (the router's update is not a transition:
  // with one, the store's update drew the step being left once more before the next was drawn). A screen with code
  // of its own is here before it is drawn, so the page moves at once, never through a loading state.
  const go = async (to: number, data: Record<string, unknown>, direction: 'next' | 'previous') => {
    stepEvent(step.id, direction);
    const kind = steps[to].kind;
    if (kind) await screens[kind]?.ready();
    const move = () =>
      flushSync(() => {
        setPayload(data);
        if (direction === 'next') reach(to);
        navigate(`/enrollment/${steps[to].route}`);
      });
    // The press that sends the enrollment is answered by 'Verifying Information' alone, drawn over this step in the
    // press's own frame; the outcome's screen is drawn behind it after that frame. (Drawn in the press, taking this
    // step's form down and the outcome's screen up took 70 to 110 ms of a phone's main thread: issue 25.) A screen
    // whose code failed to load is reached as before, its 'Try again' with no dialog over it.
    if (kind !== 'submit' || !screens[kind]?.loaded()) return move();
    flushSync(showSending);
    sendingMove.current = afterPaint(() => {
      sendingMove.current = null;
      move();
    }, PAINT_AT_THE_LATEST_MS);
  };
  const next = async (data: Record<string, unknown>) => {
    const proceed = await beforeNext(step, data);
    if (proceed instanceof Refused) return proceed.refusal;
    if (!proceed) return;
    // An Edit link from Verify comes back to Verify.
    const verify = steps.findIndex((s) => s.kind === 'summary');
    await go(params.get('return') === 'verify' && verify > index ? verify : index + 1, proceed, 'next');
  };
  const canCancel = index === 0 || details.cancelOnLaterSteps;
  const actions = (busy: boolean, data: () => Record<string, unknown>, nextDisabled = false) => (
    <div className="actions">
      {canCancel && step.kind !== 'submit' && <CancelEnrollment />}
      {index > 0 && (
        <button type="button" className="button secondary" onClick={() => go(index - 1, beforePrevious(step, data(), payload), 'previous')}>
          {text.actions.previous}
        </button>
      )}
      <button type="submit" className="button" aria-disabled={busy || nextDisabled || undefined} disabled={nextDisabled}>
        {text.actions.next}
      </button>
    </div>
  );

  let body;
  if (step.kind === 'summary') body = <Review payload={payload} onEdit={(stepId) => navigate(`/enrollment/${steps.find((s) => s.id === stepId)?.route}?return=verify`)} actions={actions(false, () => payload)} onNext={() => go(index + 1, payload, 'next')} />;
  else if (step.kind === 'submit') body = <ThankYou />;
  else if (!module) body = loadFailed ? <LoadFailed onRetry={retryLoad} /> : <p aria-busy="true">{text.site.loading}</p>;
  else {
    // A step whose words in another language failed to load says so above its form, which stays as it was.
    body = (
      <>
        {loadFailed && <LoadFailed onRetry={retryLoad} />}
        <StepForm
          key={step.id}
          module={module}
          lang={formLanguage}
          formData={initialData(step, payload, params)}
          widgets={widgets}
          services={widgetServices as unknown as Record<string, unknown>}
          links={links}
          words={words}
          onNext={next}
          renderStepErrors={(errors, uiSchema) => <StepAlert uiSchema={uiSchema} errors={errors} dismissLabel={text.actions.dismiss} />}
          actions={({ busy, nextDisabled, data }) => actions(busy, data, nextDisabled)}
        />
      </>
    );
  }
  // The submit step's heading comes from the same outcome as its text: 'Thank You' unless the enrollment failed, was
  // refused or is not sent yet.
  const outcome = step.kind === 'submit' ? submission?.outcome : undefined;
  const title = outcome === 'failure' || outcome === 'refused' || outcome === 'unsent' ? text.thankYou.titles[outcome] : (stepWords.find((s) => s.id === step.id)?.title ?? '');
  return (
    <Layout
      title={title}
      stepIndex={index}
      banner={<NetworkErrorBanner />}
      dialogs={
        <>
          {details.membership && (
            <Suspense fallback={null}>
              <MembershipDialog />
            </Suspense>
          )}
          <UnavailableDialog />
          {step.kind !== 'submit' && <IdleTimer />}
          <SendingDialog />
        </>
      }
    >
      {page(body)}
    </Layout>
  );
}
