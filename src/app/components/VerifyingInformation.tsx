/** 'Verifying Information' (spec section 2, dialogs): a loader shown while a result is pending. */
import { Modal } from './Modal';
import { useText } from '../words';

export function VerifyingInformation() {
  const text = useText().dialogs;
  return (
    <Modal open title={text.verifyingTitle}>
      <p role="status">{text.verifying}</p>
      <div className="spinner" aria-hidden="true" />
    </Modal>
  );
}
