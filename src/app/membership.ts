/** The membership variant's step 1 check (spec section 4): verify, then a dialog decides how to go on. */
import { create } from 'zustand';
import { NETWORK_ERROR, verifyMembership } from '../api/client';
import { fill } from '../engine/fill';
import { currentWords } from './words';
import { details } from './details';
import { variant } from './variant';
import { toMembershipRequest } from '../domain/membership';
import { useSiteStatus } from './siteStatus';
import { useCsrMode } from './csrMode';

type Outcome = 'valid' | 'invalid';

interface MembershipDialogState {
  /** The verification call is pending: the 'Verifying Information' loader shows. */
  verifying: boolean;
  open: Outcome | null;
  answer: ((continued: boolean) => void) | null;
  /** Shows the dialog; true once it is continued (or closed), false when cancelled. */
  ask: (outcome: Outcome) => Promise<boolean>;
  close: (continued: boolean) => void;
}

export const useMembershipDialog = create<MembershipDialogState>()((set, get) => ({
  verifying: false,
  open: null,
  answer: null,
  ask: (outcome) => new Promise<boolean>((resolve) => set({ verifying: false, open: outcome, answer: resolve })),
  close: (continued) => {
    get().answer?.(continued);
    set({ open: null, answer: null });
  },
}));

/** How step 1 goes on after the check: 'verified' once the verified dialog is closed; 'notVerified' once the
 *  not-verified dialog's Continue is pressed, or at once in CSR mode (spec section 6: no dialog there), so the step
 *  marks what to check; 'stay' when the check could not be made or the applicant cancelled. A check that could not be
 *  made is no verdict on the membership: the spec's 'Network error. API is down. Contact {the provider's team}' in the
 *  network-error state, and no dialog (a real member must not read that they were not verified). */
export async function checkMembership(data: Record<string, unknown>): Promise<'verified' | 'notVerified' | 'stay'> {
  let valid: boolean;
  useMembershipDialog.setState({ verifying: true });
  try {
    valid = await verifyMembership(toMembershipRequest(data as never) as unknown as Record<string, unknown>);
  } catch {
    const m = details.membership;
    useSiteStatus.getState().report(NETWORK_ERROR, fill(currentWords().messages.membershipUnavailable, { partner: variant.brand.partnerName ?? '', supportPhone: m?.supportPhone ?? variant.helpPhone }));
    return 'stay';
  } finally {
    useMembershipDialog.setState({ verifying: false });
  }
  if (!valid && useCsrMode.getState().on) return 'notVerified';
  if (!(await useMembershipDialog.getState().ask(valid ? 'valid' : 'invalid'))) return 'stay';
  return valid ? 'verified' : 'notVerified';
}
