/** The one store of the wizard: the growing payload and how far the applicant has come. In memory only:
 *  the spec promises that nothing is saved if the applicant leaves before finishing. */
import { create } from 'zustand';

export type Payload = Record<string, unknown>;

export interface Submission {
  key: string;
  status: 'pending' | 'done';
  outcome?: string;
  /** What the outcome tells the applicant, when the server said it (e.g. why an enrollment was refused). */
  message?: string;
}

export interface WizardState {
  payload: Payload;
  /** Index of the furthest step reached; steps beyond it cannot be opened by address. */
  reached: number;
  submission?: Submission;
  setPayload: (payload: Payload) => void;
  reach: (index: number) => void;
  setSubmission: (submission: Submission) => void;
  reset: () => void;
}

export function createWizardStore(initialPayload: () => Payload) {
  return create<WizardState>()((set) => ({
    payload: initialPayload(),
    reached: 0,
    setPayload: (payload) => set({ payload }),
    reach: (index) => set((s) => ({ reached: Math.max(s.reached, index) })),
    setSubmission: (submission) => set({ submission }),
    reset: () => set({ payload: initialPayload(), reached: 0, submission: undefined }),
  }));
}
