/** The site's error state: set by the wizard's API calls (the welcome page makes none that report), shown by the
 *  wizard's banner and dialog. Loaded with the wizard, so the welcome page's script does not carry it. */
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
