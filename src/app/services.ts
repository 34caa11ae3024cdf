/** The services widgets use, bound to the API client and the site's error state. */
import type { WidgetServices } from '../../widgets';
import * as api from '../api/client';
import { onRetry, useSiteStatus } from './state';

export const widgetServices: WidgetServices = {
  verifySsn: api.verifySsn,
  lookupEmployer: api.lookupEmployer,
  reportError: (message) => useSiteStatus.getState().report(message),
  onRetry,
  captchaChallengeUrl: api.captchaChallengeUrl,
  submitCaptcha: api.submitCaptcha,
};
