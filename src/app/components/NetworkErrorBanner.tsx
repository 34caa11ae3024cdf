import { useSiteStatus } from '../state';

/** The network-error state: a banner with a way to retry (checks that failed run again). */
export function NetworkErrorBanner() {
  const { networkError, clear } = useSiteStatus();
  if (!networkError) return null;
  return (
    <div className="banner danger" role="alert">
      <p>We could not reach our servers. Check your connection and try again.</p>
      <button type="button" className="button secondary" onClick={clear}>
        Try again
      </button>
    </div>
  );
}
