/** Cancel Enrollment: a confirmation; Yes leaves to the site root, No closes. */
import { useState } from 'react';
import { LazyModal as Modal } from './LazyModal';
import { leaveToRoot } from '../state';
import { useText } from '../words';

export function CancelEnrollment() {
  const text = useText().actions;
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button secondary" onClick={() => setOpen(true)}>
        {text.cancel}
      </button>
      <Modal
        open={open}
        title={text.cancelQuestion}
        role="alertdialog"
        onClose={() => setOpen(false)}
        actions={
          <>
            <button
              type="button"
              className="button"
              onClick={() => {
                leaveToRoot();
              }}
            >
              {text.yes}
            </button>
            <button type="button" className="button secondary" onClick={() => setOpen(false)}>
              {text.no}
            </button>
          </>
        }
      />
    </>
  );
}
