/** Idle expiry: 'Action Needed' appears 2 minutes before it with a live countdown; Continue restarts the clock
 *  (as often as needed); expiry clears the application and returns to /enrollment. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from './Modal';
import { useWizard } from '../wizardStore';
import { fetchCsrfToken } from '../../api/client';
import { useText } from '../words';
import { COUNTDOWN_TICK_MS, IDLE_TIMEOUT_MS, IDLE_WARNING_BEFORE_MS } from '../timing';

const ACTIVITY = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

const format = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export function IdleTimer() {
  const navigate = useNavigate();
  const text = useText();
  // The clock is read when the timer mounts, not during render (a render must not depend on the time).
  const deadline = useRef(0);
  useEffect(() => {
    deadline.current = Date.now() + IDLE_TIMEOUT_MS;
  }, []);
  const [left, setLeft] = useState(IDLE_TIMEOUT_MS);
  const warning = left <= IDLE_WARNING_BEFORE_MS;

  const restart = useCallback(() => {
    deadline.current = Date.now() + IDLE_TIMEOUT_MS;
    setLeft(IDLE_TIMEOUT_MS);
  }, []);

  useEffect(() => {
    const tick = setInterval(() => {
      const remaining = deadline.current - Date.now();
      // The time left is shown only in the warning: before it the state stays put, so nothing re-renders per tick.
      setLeft(remaining <= IDLE_WARNING_BEFORE_MS ? remaining : IDLE_TIMEOUT_MS);
      if (remaining <= 0) {
        clearInterval(tick);
        useWizard.getState().reset();
        navigate('/enrollment', { replace: true });
      }
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(tick);
  }, [navigate]);

  useEffect(() => {
    // Activity counts only before the warning; once it shows, Continue is the way back.
    if (warning) return;
    const onActivity = () => {
      deadline.current = Date.now() + IDLE_TIMEOUT_MS;
    };
    // As events go down: a field stops its keys where they land (widgets/FilteredInput.tsx).
    for (const e of ACTIVITY) window.addEventListener(e, onActivity, { passive: true, capture: true });
    return () => {
      for (const e of ACTIVITY) window.removeEventListener(e, onActivity, { capture: true });
    };
  }, [warning]);

  return (
    <Modal
      open={warning && left > 0}
      title={text.dialogs.idleTitle}
      role="alertdialog"
      onClose={restart}
      actions={
        <button
          type="button"
          className="button"
          onClick={() => {
            restart();
            void fetchCsrfToken();
          }}
        >
          {text.actions.continue}
        </button>
      }
    >
      <p>{text.dialogs.idleText}</p>
      <p>
        {text.dialogs.idleRemaining} <span aria-live="off">{format(left)}</span>
      </p>
      <p>{text.dialogs.idleHelp}</p>
    </Modal>
  );
}
