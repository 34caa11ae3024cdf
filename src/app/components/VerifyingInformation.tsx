/** 'Verifying Information' (spec section 2, dialogs): a loader shown while a result is pending. */
import { Modal } from './Modal';

export function VerifyingInformation() {
  return (
    <Modal open title="Verifying Information">
      <p role="status">Please wait while we verify your information.</p>
      <div className="spinner" aria-hidden="true" />
    </Modal>
  );
}
