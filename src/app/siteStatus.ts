/** The site's error state: set by the wizard's API calls (the welcome page makes none that report), shown by the
 *  wizard's banner and dialog. Loaded with the wizard, so the welcome page's script does not carry it. */
import { create } from 'zustand';

interface SiteStatus {
  /** Set by any error whose message contains 'network error'. */
  networkError: boolean;
  /** The network error's own words, when its call has some (spec section 8: the partner's check); else the site's. */
  networkMessage: string | null;
  /** The server answered 503: the application is unavailable. */
  unavailable: boolean;
  /** The server's 429 message (wait and try again), until the applicant dismisses it or a request goes through. */
  tooManyRequests: string | null;
  /** `shown`: the words the banner shows for it, if not the site's own. */
  report: (message: string, shown?: string) => void;
  /** 'Try again' in the banner; checks that failed listen for it (widgets' services.onRetry) and run again. */
  clear: () => void;
}

export const useSiteStatus = create<SiteStatus>()((set) => ({
  networkError: false,
  networkMessage: null,
  unavailable: false,
  tooManyRequests: null,
  report: (message, shown) => {
    if (/network error/i.test(message)) set({ networkError: true, networkMessage: shown ?? null });
  },
  clear: () => set({ networkError: false, networkMessage: null, tooManyRequests: null }),
}));
