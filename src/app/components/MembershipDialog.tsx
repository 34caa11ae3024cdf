/** Membership verified / not verified, and 'Verifying Information' while the check is pending.
 *  Continue in both (as closing the dialog): the verified dialog moves on (spec section 4), the not-verified one goes
 *  back to step 1 with what to check marked. Cancel (to the site root) only when not verified. */
import { Modal } from './Modal';
import { VerifyingInformation } from './VerifyingInformation';
import { useMembershipDialog } from '../membership';
import { leaveToRoot } from '../state';
import { variant } from '../variant';
import { details } from '../details';
import { useWords } from '../words';
import { Fill } from '../Fill';
import { fill } from '../../engine/fill';

export function MembershipDialog() {
  const { verifying, open, close } = useMembershipDialog();
  const { text, messages } = useWords();
  const m = details.membership;
  if (verifying) return <VerifyingInformation />;
  if (!open || !m) return null;
  const valid = open === 'valid';
  const partnerName = variant.brand.partnerName ?? '';
  return (
    <Modal
      open
      title={valid ? text.dialogs.membershipVerifiedTitle : text.dialogs.membershipNotVerifiedTitle}
      onClose={() => close(true)}
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
              {text.actions.cancelDialog}
            </button>
          )}
          <button type="button" className="button" onClick={() => close(true)}>
            {text.actions.continue}
          </button>
        </>
      }
    >
      {valid ? (
        <p>{fill(text.dialogs.membershipVerified, { partnerName })}</p>
      ) : (
        <>
          <p>
            <Fill text={messages.membershipRequired} values={{ partner: partnerName, supportPhone: <a href={`tel:+${m.supportPhone.replace(/\D/g, '')}`}>{m.supportPhone}</a> }} />
          </p>
          <ul>
            <li>
              <a href={m.joinUrl}>{fill(text.dialogs.membershipJoin, { partnerName })}</a>
            </li>
            <li>
              <a href={m.renewUrl}>{text.dialogs.membershipRenew}</a>
            </li>
          </ul>
        </>
      )}
    </Modal>
  );
}
