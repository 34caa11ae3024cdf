/** Cancel Enrollment: a confirmation; Yes leaves to the site root, No closes. */
import { useState } from 'react';
import { Modal } from './Modal';
import { leaveToRoot } from '../state';

export function CancelEnrollment() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button secondary" onClick={() => setOpen(true)}>
        Cancel Enrollment
      </button>
      <Modal
        open={open}
        title="Are you sure you want to cancel enrollment?"
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
              Yes
            </button>
            <button type="button" className="button secondary" onClick={() => setOpen(false)}>
              No
            </button>
          </>
        }
      />
    </>
  );
}
