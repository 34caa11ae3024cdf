/** Stage 5: sends the enrollment once (an idempotency key makes a repeat harmless) and shows the outcome. */
import { useEffect } from 'react';
import { sendingBegun } from '../components/SendingDialog';
import { useSiteStatus } from '../siteStatus';
import { useWizard } from '../wizardStore';
import { variant } from '../variant';
import { details } from '../details';
import { enroll, NETWORK_ERROR, Refused, ServerFailed } from '../../api/client';
import type { Submission } from '../../engine/store';
import type { WireModule } from '../../domain/site';
import { toWirePayload } from '../../domain/transforms';
import { getPath } from '../../engine/paths';
import { afterPaint, PAINT_AT_THE_LATEST_MS, withTimeout } from '../../engine/loading';
import { wireModules } from '../../../generated/wire';
import { currentLanguage, useText } from '../words';

/** The variant's wire validator and transforms, asked for once: fetched ahead with this screen while step 4 is filled
 *  (`prepareSend`), so the enrollment is sent without waiting for them, and the press that sends it adds no script to
 *  the page. A load that failed, or did not come within the spec's 120 seconds for a chunk, is asked for again by the
 *  next send. */
let wireLoad: Promise<WireModule> | undefined;
const wireModule = (): Promise<WireModule> =>
  (wireLoad ??= withTimeout(() => wireModules[variant.id]()).catch((e: unknown) => {
    wireLoad = undefined;
    throw e;
  }));

/** What sending needs, fetched ahead (Wizard.tsx preloads this screen once the step before it is idle). The screen is
 *  drawn without it: the press waits for none of it. */
export function prepareSend(): void {
  wireModule().catch(() => undefined);
}

/** The wire payload, checked with the variant's wire validator (the server's) before it is sent. It names the
 *  applicant's language, so the bank's letters can follow it. */
async function wirePayload(payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const language = currentLanguage();
  // Its code not coming is the network's fault, as no answer is: the application is kept for 'Try again'.
  const { validate, transforms } = await wireModule().catch(() => Promise.reject(new Error(NETWORK_ERROR)));
  const wire = { ...toWirePayload(payload, transforms), language };
  if (!validate(wire)) throw new Error(`The enrollment does not pass its own checks: ${(validate.errors ?? []).map((e) => e.instancePath).join(', ')}`);
  return wire;
}

/** The delivery the screen promises is the one sent: read from the wire payload, where toWirePayload alone decides
 *  it (a mailed kit wins over electronic delivery). Spec section 4: paperless if electronic delivery was requested. */
export function deliveryOutcome(wire: Record<string, unknown>): 'paperless' | 'mail' {
  return getPath(wire, 'tos.requestElectronic') === true ? 'paperless' : 'mail';
}

/** Sends the enrollment, or sends it again after no answer came ('Try again'), with the same idempotency key. Each
 *  answer has one outcome: the delivery promised, the documents page, the server's refusal, the spec's failure (with
 *  the server's own words when it gave them); no answer at all keeps the application, unsent, behind the connection
 *  banner, whose 'Try again' sends it again. */
function send(): void {
  const { submission, payload, setSubmission, setPayload } = useWizard.getState();
  sendingBegun();
  if (submission && submission.outcome !== 'unsent') return;
  const key = submission?.key ?? crypto.randomUUID();
  setSubmission({ key, status: 'pending' });
  // Once answered, the applicant's data is no longer needed in the page.
  const answered = (outcome: Submission) => {
    setSubmission(outcome);
    setPayload({});
  };
  wirePayload(payload)
    .then(async (wire) => ({ result: await enroll(wire, key), wire }))
    .then(({ result, wire }) => answered({ key, status: 'done', outcome: result === 'success' ? deliveryOutcome(wire) : result === 'partial' ? 'vetting' : 'failure' }))
    .catch((e: unknown) => {
      if (e instanceof Refused) return answered({ key, status: 'done', outcome: 'refused', message: e.message });
      if (e instanceof ServerFailed) return answered({ key, status: 'done', outcome: 'failure', message: e.message });
      // Not sendable (it fails its own checks): the spec's failure, as nothing will make it pass.
      if (!(e instanceof Error && e.message === NETWORK_ERROR)) return answered({ key, status: 'done', outcome: 'failure' });
      // Spec section 8: no answer is a 'Network error', the site's network-error state; nothing is lost.
      useSiteStatus.getState().report(NETWORK_ERROR);
      setSubmission({ key, status: 'done', outcome: 'unsent' });
    });
}

function ExitLink() {
  return <a href={variant.links.home}>{useText().actions.exit}</a>;
}

function ReceivedOutcome({ promises }: { promises: string[] }) {
  return (
    <div className="outcome" role="status">
      <p>{useText().thankYou.received}</p>
      <ul>
        {promises.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <p>
        <ExitLink />
      </p>
    </div>
  );
}

/** The server refused the enrollment (the SSN already has an account): its message, and the way out. */
function RefusedOutcome({ message }: { message: string }) {
  return (
    <div className="outcome">
      <div className="alert danger" role="alert">
        <p>{message}</p>
      </div>
      <p>
        <ExitLink />
      </p>
    </div>
  );
}

/** 'We Apologize', with the server's own words when it gave them, and a way out: start again, or leave to the bank's
 *  home site. */
function FailureOutcome({ message }: { message?: string }) {
  const text = useText();
  return (
    <div className="outcome">
      <div className="alert danger" role="alert">
        <p>{text.thankYou.failure}</p>
        {message && <p>{message}</p>}
      </div>
      <p className="outcome-links">
        {/* A full page load: the application held in memory is dropped, as on Cancel (the session keeps the language). */}
        <a href="/enrollment">{text.actions.startAgain}</a>
        <ExitLink />
      </p>
    </div>
  );
}

/** No answer came: the application is kept, and the connection banner's 'Try again' sends it again. */
function UnsentOutcome() {
  return <p className="outcome">{useText().thankYou.unsent}</p>;
}

export function ThankYou() {
  const submission = useWizard((s) => s.submission);
  const { thankYou } = useText();
  // This screen is painted (behind 'Verifying Information', SendingDialog.tsx) before the sending's script runs (the
  // wire payload built and checked, the request made). A page hidden meanwhile paints no frame, and the enrollment
  // does not wait for it to be shown again.
  useEffect(() => afterPaint(send, PAINT_AT_THE_LATEST_MS), []);
  // 'Try again' in the connection banner sends the application again.
  useEffect(
    () =>
      useSiteStatus.subscribe((now, before) => {
        if (before.networkError && !now.networkError && useWizard.getState().submission?.outcome === 'unsent') send();
      }),
    [],
  );
  useEffect(() => {
    if (submission?.outcome === 'vetting') window.location.assign(details.vettingUrl);
  }, [submission?.outcome]);

  // Until the answer, the wizard's 'Verifying Information' dialog is all there is to read.
  if (!submission || submission.status === 'pending') return null;
  switch (submission.outcome) {
    case 'paperless':
      return <ReceivedOutcome promises={thankYou.paperless} />;
    case 'mail':
      return <ReceivedOutcome promises={thankYou.mail} />;
    case 'vetting':
      return <p role="status">{thankYou.vetting}</p>;
    case 'refused':
      return <RefusedOutcome message={submission.message ?? ''} />;
    case 'unsent':
      return <UnsentOutcome />;
    default:
      return <FailureOutcome message={submission.message} />;
  }
}
