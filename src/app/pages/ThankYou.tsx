/** Stage 5: sends the enrollment once (an idempotency key makes a repeat harmless) and shows the outcome. */
import { useEffect } from 'react';
import { Modal } from '../components/Modal';
import { useWizard } from '../state';
import { variant } from '../variant';
import { enroll } from '../../api/client';
import { sentByMail, toWirePayload } from '../../domain/transforms';
import { wireModules } from '../../../generated/wire';

/** The wire payload, checked with the variant's wire validator (the server's) before it is sent. */
async function wirePayload(payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { validate, transforms } = await wireModules[variant.id]();
  const wire = toWirePayload(payload, transforms);
  if (!validate(wire)) throw new Error(`The enrollment does not pass its own checks: ${(validate.errors ?? []).map((e) => e.instancePath).join(', ')}`);
  return wire;
}

function send(): void {
  const { submission, payload, setSubmission, setPayload } = useWizard.getState();
  if (submission) return;
  const key = crypto.randomUUID();
  setSubmission({ key, status: 'pending' });
  wirePayload(payload)
    .then(async (wire) => ({ outcome: await enroll(wire, key), byMail: sentByMail(wire) }))
    .then(({ outcome, byMail }) => setSubmission({ key, status: 'done', outcome: outcome === 'success' ? (byMail ? 'mail' : 'paperless') : outcome === 'partial' ? 'vetting' : 'failure' }))
    .catch(() => setSubmission({ key, status: 'done', outcome: 'failure' }))
    // Once sent, the applicant's data is no longer needed in the page.
    .finally(() => setPayload({}));
}

export function ThankYou() {
  const submission = useWizard((s) => s.submission);
  useEffect(send, []);
  useEffect(() => {
    if (submission?.outcome === 'vetting') window.location.assign(variant.vettingUrl);
  }, [submission?.outcome]);

  if (!submission || submission.status === 'pending') {
    return (
      <Modal open title="Verifying Information">
        <p role="status">Please wait while we verify your information.</p>
        <div className="spinner" aria-hidden="true" />
      </Modal>
    );
  }
  switch (submission.outcome) {
    case 'paperless':
      return (
        <div className="outcome" role="status">
          <p>Thank you. Your application has been received.</p>
          <ul>
            <li>You will receive an e-mail in 3-5 business days.</li>
            <li>Your debit card will arrive within 8 business days.</li>
          </ul>
          <p>
            <a href={variant.links.home}>Exit</a>
          </p>
        </div>
      );
    case 'mail':
      return (
        <div className="outcome" role="status">
          <p>Thank you. Your application has been received.</p>
          <ul>
            <li>Your welcome kit will arrive by mail in 5-7 business days.</li>
            <li>A welcome letter will arrive by post in 7-10 business days.</li>
          </ul>
          <p>
            <a href={variant.links.home}>Exit</a>
          </p>
        </div>
      );
    case 'vetting':
      return <p role="status">We need a few documents to verify your identity. Taking you to the document form…</p>;
    default:
      return (
        <div className="alert danger" role="alert">
          <p>We Apologize. Our system is experiencing technical difficulties and we are unable to process your application. Please try again later.</p>
        </div>
      );
  }
}
