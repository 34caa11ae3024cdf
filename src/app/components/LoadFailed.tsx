/** A part of the page that could not be loaded in time (spec section 8: 'Loading chunk failed'), with a retry that
 *  keeps the application in memory (a reload would lose it). */
import { useText } from '../words';

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const text = useText();
  return (
    <div className="alert danger" role="alert">
      <p>{text.errors.chunkFailed}</p>
      <button
        type="button"
        className="button secondary"
        onClick={() => {
          // The button goes away: keep the keyboard user's place at the start of the page's content.
          document.getElementById('main')?.focus();
          onRetry();
        }}
      >
        {text.actions.tryAgain}
      </button>
    </div>
  );
}
