/** The services widgets use, bound to the API client and the site's error state. */
import { CheckRefused, type WidgetServices } from '../../widgets/services';
import * as api from '../api/client';
import { useSiteStatus } from './siteStatus';
import { currentWords } from './words';

export const widgetServices: WidgetServices = {
  verifySsn: (ssn) =>
    api.verifySsn(ssn).catch((e: unknown) => {
      throw e instanceof api.Refused ? new CheckRefused(e.message || currentWords().messages.requestInvalid) : e;
    }),
  lookupEmployer: api.lookupEmployer,
  reportError: (message) => useSiteStatus.getState().report(message),
  // 'Try again' clears the network-error state (kept out of the welcome page's script: only widgets listen).
  onRetry: (listener) =>
    useSiteStatus.subscribe((s, prev) => {
      if (prev.networkError && !s.networkError) listener();
    }),
  captchaChallengeUrl: api.captchaChallengeUrl,
  submitCaptcha: api.submitCaptcha,
  // Read when a widget speaks, so a language switch is heard at once.
  get messages() {
    return currentWords().messages;
  },
};
