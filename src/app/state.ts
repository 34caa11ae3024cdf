/** The site's error state, the session values every page sets, and leaving to the site root. The wizard's store is
 *  in wizardStore.ts, loaded with the wizard. */
import { create } from 'zustand';

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

/** What must be cleared before leaving (the wizard's store registers its reset when it loads). */
const onLeave = new Set<() => void>();
export const clearOnLeave = (clear: () => void): void => void onLeave.add(clear);

/** Cancel, OK on 'We Apologize': the application is cleared (a page kept in the back-forward cache must not hold
 *  it) and the applicant leaves to the site root. */
export function leaveToRoot(): void {
  for (const clear of onLeave) clear();
  window.location.assign('/');
}
