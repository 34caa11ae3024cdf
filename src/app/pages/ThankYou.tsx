/** Stage 5: sends the enrollment once (an idempotency key makes a repeat harmless) and shows the outcome. */
import { useEffect } from 'react';
import { VerifyingInformation } from '../components/VerifyingInformation';
import { useSiteStatus } from '../siteStatus';
import { useWizard } from '../wizardStore';
import { variant } from '../variant';
import { details } from '../details';
import { enroll, EnrollmentRefused, NETWORK_ERROR } from '../../api/client';
import { toWirePayload } from '../../domain/transforms';
import { getPath } from '../../engine/paths';
import { wireModules } from '../../../generated/wire';
import { currentLanguage, useText } from '../copy';

/** The wire payload, checked with the variant's wire validator (the server's) before it is sent. It names the
 *  applicant's language, so the bank's letters can follow it. */
async function wirePayload(payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const language = currentLanguage();
  const { validate, transforms } = await wireModules[variant.id][language]();
  const wire = { ...toWirePayload(payload, transforms), language };
  if (!validate(wire)) throw new Error(`The enrollment does not pass its own checks: ${(validate.errors ?? []).map((e) => e.instancePath).join(', ')}`);
  return wire;
}

/** The delivery the screen promises is the one sent: read from the wire payload, where toWirePayload alone decides
 *  it (a mailed kit wins over electronic delivery). Spec section 4: paperless if electronic delivery was requested. */
export function deliveryOutcome(wire: Record<string, unknown>): 'paperless' | 'mail' {
  return getPath(wire, 'tos.requestElectronic') === true ? 'paperless' : 'mail';
}

function send(): void {
  const { submission, payload, setSubmission, setPayload } = useWizard.getState();
  if (submission) return;
  const key = crypto.randomUUID();
  setSubmission({ key, status: 'pending' });
  wirePayload(payload)
    .then(async (wire) => ({ result: await enroll(wire, key), wire }))
    .then(({ result, wire }) => setSubmission({ key, status: 'done', outcome: result === 'success' ? deliveryOutcome(wire) : result === 'partial' ? 'vetting' : 'failure' }))
    .catch((e: unknown) => {
      if (e instanceof EnrollmentRefused) return setSubmission({ key, status: 'done', outcome: 'refused', message: e.message });
      // Spec section 8: a non-ok enrollment call is a 'Network error', which puts the site in its network-error state.
      useSiteStatus.getState().report(e instanceof Error ? e.message : NETWORK_ERROR);
      setSubmission({ key, status: 'done', outcome: 'failure' });
    })
    // Once sent, the applicant's data is no longer needed in the page.
    .finally(() => setPayload({}));
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

/** 'We Apologize', with a way out: start again, or leave to the bank's home site. */
function FailureOutcome() {
  const text = useText();
  return (
    <div className="outcome">
      <div className="alert danger" role="alert">
        <p>{text.thankYou.failure}</p>
      </div>
      <p className="outcome-links">
        {/* A full page load: the application held in memory is dropped, as on Cancel (the session keeps the language). */}
        <a href="/enrollment">{text.actions.startAgain}</a>
        <ExitLink />
      </p>
    </div>
  );
}

export function ThankYou() {
  const submission = useWizard((s) => s.submission);
  const { thankYou } = useText();
  useEffect(send, []);
  useEffect(() => {
    if (submission?.outcome === 'vetting') window.location.assign(details.vettingUrl);
  }, [submission?.outcome]);

  if (!submission || submission.status === 'pending') return <VerifyingInformation />;
  switch (submission.outcome) {
    case 'paperless':
      return <ReceivedOutcome promises={thankYou.paperless} />;
    case 'mail':
      return <ReceivedOutcome promises={thankYou.mail} />;
    case 'vetting':
      return <p role="status">{thankYou.vetting}</p>;
    case 'refused':
      return <RefusedOutcome message={submission.message ?? ''} />;
    default:
      return <FailureOutcome />;
  }
}
