/** A part of the page that could not be loaded in time (spec section 8: 'Loading chunk failed'), with a retry that
 *  keeps the application in memory (a reload would lose it). */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="alert danger" role="alert">
      <p>Loading chunk failed. Check your connection and try again.</p>
      <button
        type="button"
        className="button secondary"
        onClick={() => {
          // The button goes away: keep the keyboard user's place at the start of the page's content.
          document.getElementById('main')?.focus();
          onRetry();
        }}
      >
        Try again
      </button>
    </div>
  );
}
