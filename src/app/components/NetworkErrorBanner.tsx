import { useSiteStatus } from '../siteStatus';
import { useText } from '../words';

/** The network-error state: a banner with a way to retry (checks that failed run again). Too many requests shows
 *  the server's own words (wait a minute and try again) the same way. */
export function NetworkErrorBanner() {
  const { networkError, networkMessage, tooManyRequests, clear } = useSiteStatus();
  const text = useText();
  const message = tooManyRequests ?? (networkError ? (networkMessage ?? text.errors.network) : null);
  if (!message) return null;
  return (
    <div className="banner danger" role="alert">
      <p>{message}</p>
      <button type="button" className="button secondary" onClick={clear}>
        {text.actions.tryAgain}
      </button>
    </div>
  );
}
