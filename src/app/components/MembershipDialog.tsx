/** Membership verified / not verified, and 'Verifying Information' while the check is pending.
 *  Continue in both; only the verified dialog moves on (spec section 4). Cancel (to the site root) only when not verified. */
import { Modal } from './Modal';
import { VerifyingInformation } from './VerifyingInformation';
import { useMembershipDialog } from '../membership';
import { leaveToRoot } from '../state';
import { variant } from '../variant';
import { details } from '../details';

export function MembershipDialog() {
  const { verifying, open, close } = useMembershipDialog();
  const m = details.membership;
  if (verifying) return <VerifyingInformation />;
  if (!open || !m) return null;
  const valid = open === 'valid';
  return (
    <Modal
      open
      title={valid ? 'Membership verified' : 'Membership not verified'}
      onClose={() => close(valid)}
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
          {/* Not verified: Continue only closes the dialog; the applicant stays on step 1. */}
          <button type="button" className="button" onClick={() => close(valid)}>
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
