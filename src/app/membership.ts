/** The membership variant's step 1 check (spec section 4): verify, then a dialog decides how to go on. */
import { create } from 'zustand';
import { verifyMembership } from '../api/client';
import { toMembershipRequest } from '../domain/membership';
import { useSiteStatus } from './state';
import { useCsrMode } from './csrMode';

type Outcome = 'valid' | 'invalid';

interface MembershipDialogState {
  open: Outcome | null;
  answer: ((proceed: boolean) => void) | null;
  ask: (outcome: Outcome) => Promise<boolean>;
  close: (proceed: boolean) => void;
}

export const useMembershipDialog = create<MembershipDialogState>()((set, get) => ({
  open: null,
  answer: null,
  ask: (outcome) => new Promise<boolean>((resolve) => set({ open: outcome, answer: resolve })),
  close: (proceed) => {
    get().answer?.(proceed);
    set({ open: null, answer: null });
  },
}));

/** true to move on to stage 2. Errors are swallowed apart from the network-error state. */
export async function checkMembership(data: Record<string, unknown>): Promise<boolean> {
  let valid = false;
  try {
    valid = await verifyMembership(toMembershipRequest(data as never) as unknown as Record<string, unknown>);
  } catch (e) {
    useSiteStatus.getState().report((e as Error).message);
  }
  if (!valid && useCsrMode.getState().on) return false;
  return useMembershipDialog.getState().ask(valid ? 'valid' : 'invalid');
}
