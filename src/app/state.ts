/** The wizard store for this site, and the site's error state. */
import { create } from 'zustand';
import { createWizardStore } from '../engine/store';
import { emptyPayload } from '../domain/payload';

export const useWizard = createWizardStore(() => emptyPayload() as unknown as Record<string, unknown>);

interface SiteStatus {
  /** Set by any error whose message contains 'network error'. */
  networkError: boolean;
  /** The server answered 503: the application is unavailable. */
  unavailable: boolean;
  /** The server's 429 message (wait and try again), until the applicant dismisses it or a request goes through. */
  tooManyRequests: string | null;
  report: (message: string) => void;
  /** 'Try again' in the banner; checks that failed listen for it (widgets' services.onRetry) and run again. */
  clear: () => void;
}

export const useSiteStatus = create<SiteStatus>()((set) => ({
  networkError: false,
  unavailable: false,
  tooManyRequests: null,
  report: (message) => {
    if (/network error/i.test(message)) set({ networkError: true });
  },
  clear: () => set({ networkError: false, tooManyRequests: null }),
}));

/** The selected effective date kept for the session (spec section 3, 'Stored values'). */
export const EFFECTIVE_DATE_KEY = 'effectiveDate';
export const effectiveDateStore = {
  set: (value: string) => sessionStorage.setItem(EFFECTIVE_DATE_KEY, value),
  clear: () => sessionStorage.removeItem(EFFECTIVE_DATE_KEY),
};

/** The groupID cookie: the group given, else the variant's default. */
export function setGroupCookie(value: string): void {
  document.cookie = `groupID=${encodeURIComponent(value)}; path=/; SameSite=Strict`;
}

/** Cancel, OK on 'We Apologize': the application is cleared and the applicant leaves to the site root. */
export function leaveToRoot(): void {
  useWizard.getState().reset();
  window.location.assign('/');
}
