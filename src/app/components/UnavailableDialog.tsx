/** 'We Apologize': shown when the server says the application is unavailable. OK goes to the site root. */
import { Modal } from './Modal';
import { leaveToRoot } from '../state';
import { useSiteStatus } from '../siteStatus';
import { onTooManyRequests, onUnavailable } from '../../api/client';
import { useWords } from '../words';

// The API client reports a 503 here; this dialog loads with the wizard, where API calls are made.
onUnavailable(() => useSiteStatus.setState({ unavailable: true }));
onTooManyRequests((message) => useSiteStatus.setState({ tooManyRequests: message }));

export function UnavailableDialog() {
  const unavailable = useSiteStatus((s) => s.unavailable);
  const { text, messages } = useWords();
  return (
    <Modal
      open={unavailable}
      title={text.dialogs.unavailableTitle}
      role="alertdialog"
      actions={
        <button
          type="button"
          className="button"
          onClick={() => {
            leaveToRoot();
          }}
        >
          {text.actions.ok}
        </button>
      }
    >
      <p>{messages.unavailable}</p>
    </Modal>
  );
}
