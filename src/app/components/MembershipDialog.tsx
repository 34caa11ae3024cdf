/** Membership verified / not verified. Continue in both; Cancel (to the site root) only when not verified. */
import { Modal } from './Modal';
import { useMembershipDialog } from '../membership';
import { leaveToRoot } from '../state';
import { variant } from '../variant';

export function MembershipDialog() {
  const { open, close } = useMembershipDialog();
  const m = variant.membership;
  if (!open || !m) return null;
  const valid = open === 'valid';
  return (
    <Modal
      open
      title={valid ? 'Membership verified' : 'Membership not verified'}
      onClose={valid ? () => close(true) : undefined}
      actions={
        <>
          {!valid && (
            <button
              type="button"
              className="button secondary"
              onClick={() => {
                close(false);
                leaveToRoot();
              }}
            >
              Cancel
            </button>
          )}
          <button type="button" className="button" onClick={() => close(true)}>
            Continue
          </button>
        </>
      }
    >
      {valid ? (
        <p>Thank you. Your {variant.brand.partnerName} membership has been verified.</p>
      ) : (
        <>
          <p>
            An active {variant.brand.partnerName} membership is required to open this account. We could not verify your membership with the information
            you entered. For help, call {variant.brand.partnerName} at <a href={`tel:+${m.supportPhone.replace(/\D/g, '')}`}>{m.supportPhone}</a>.
          </p>
          <ul>
            <li>
              <a href={m.joinUrl}>Join {variant.brand.partnerName}</a>
            </li>
            <li>
              <a href={m.renewUrl}>Renew your membership</a>
            </li>
          </ul>
        </>
      )}
    </Modal>
  );
}
