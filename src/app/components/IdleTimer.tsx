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
  // The clock is read in effects, not during render (a render must not depend on the time).
  const deadline = useRef(0);
  // The time left, once the warning shows; null before it.
  const [left, setLeft] = useState<number | null>(null);
  const warning = left !== null;

  // The application goes; a timer still shown starts a new clock.
  const expire = useCallback(() => {
    setLeft(null);
    useWizard.getState().reset();
    navigate('/enrollment', { replace: true });
  }, [navigate]);

  // Before the warning: the clock starts (at the start, and again after Continue), activity only moves the deadline,
  // and one timer waits for the warning, waiting again for whatever time activity added meanwhile. Nothing ticks in
  // the five minutes before it (a tick every half second was all the script an idle step ran).
  useEffect(() => {
    if (warning) return;
    const onActivity = () => {
      deadline.current = Date.now() + IDLE_TIMEOUT_MS;
    };
    onActivity();
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      const remaining = deadline.current - Date.now();
      // Late (a device asleep, a tab in the background): past the deadline, the application goes at once.
      if (remaining <= 0) expire();
      else if (remaining <= IDLE_WARNING_BEFORE_MS) setLeft(remaining);
      else timer = setTimeout(wait, remaining - IDLE_WARNING_BEFORE_MS);
    };
    wait();
    // As events go down: a field stops its keys where they land (widgets/FilteredInput.tsx).
    for (const e of ACTIVITY) window.addEventListener(e, onActivity, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const e of ACTIVITY) window.removeEventListener(e, onActivity, { capture: true });
    };
  }, [warning, expire]);

  // Once it shows, activity no longer counts (Continue is the way back), and the countdown ticks.
  useEffect(() => {
    if (!warning) return;
    const tick = setInterval(() => {
      const remaining = deadline.current - Date.now();
      if (remaining > 0) return setLeft(remaining);
      clearInterval(tick);
      expire();
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(tick);
  }, [warning, expire]);

  const restart = useCallback(() => setLeft(null), []);

  return (
    <Modal
      open={warning}
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
        {text.dialogs.idleRemaining} <span aria-live="off">{left !== null && format(left)}</span>
      </p>
      <p>{text.dialogs.idleHelp}</p>
    </Modal>
  );
}
