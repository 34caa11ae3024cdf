/** The hidden customer-service mode's state (spec section 6). Kept apart so the welcome page stays small. */
import { create } from 'zustand';

interface CsrModeState {
  on: boolean;
  toggle: () => void;
}

export const useCsrMode = create<CsrModeState>()((set) => ({ on: false, toggle: () => set((s) => ({ on: !s.on })) }));
