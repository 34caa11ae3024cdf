import { useSiteStatus } from '../state';

/** The network-error state: a banner with a way to retry (checks that failed run again). Too many requests shows
 *  the server's own words (wait a minute and try again) the same way. */
export function NetworkErrorBanner() {
  const { networkError, tooManyRequests, clear } = useSiteStatus();
  const message = tooManyRequests ?? (networkError ? 'We could not reach our servers. Check your connection and try again.' : null);
  if (!message) return null;
  return (
    <div className="banner danger" role="alert">
      <p>{message}</p>
      <button type="button" className="button secondary" onClick={clear}>
        Try again
      </button>
    </div>
  );
}
