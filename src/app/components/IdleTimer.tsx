/** Idle expiry: 'Action Needed' appears 2 minutes before it with a live countdown; Continue restarts the clock
 *  (as often as needed); expiry clears the application and returns to /enrollment. */
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
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

  // Clears the application and goes to /enrollment (the wizard goes, and this timer with it). An effect event: each
  // page gives a new `navigate`, which must not start the clock again.
  const expire = useEffectEvent(() => {
    useWizard.getState().reset();
    navigate('/enrollment', { replace: true });
  });

  // Before the warning, one timer waits for it, set again for any time activity added. A timer can be late (a device
  // asleep, a page frozen): the page shown again, or any activity, reads the clock before activity may move it.
  useEffect(() => {
    if (warning) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      const remaining = deadline.current - Date.now();
      if (remaining <= 0) expire();
      else if (remaining <= IDLE_WARNING_BEFORE_MS) setLeft(remaining);
      else timer = setTimeout(check, remaining - IDLE_WARNING_BEFORE_MS);
    };
    // Activity counts only before the warning is due; once it shows, Continue is the way back.
    const onActivity = () => {
      if (Date.now() >= deadline.current - IDLE_WARNING_BEFORE_MS) check();
      else deadline.current = Date.now() + IDLE_TIMEOUT_MS;
    };
    const onShown = () => {
      if (document.visibilityState === 'visible') check();
    };
    // The clock starts with the wizard, and again after Continue.
    deadline.current = Date.now() + IDLE_TIMEOUT_MS;
    check();
    // As events go down: a field stops its keys where they land (widgets/FilteredInput.tsx).
    for (const e of ACTIVITY) window.addEventListener(e, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onShown);
    window.addEventListener('pageshow', onShown);
    return () => {
      clearTimeout(timer);
      for (const e of ACTIVITY) window.removeEventListener(e, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onShown);
      window.removeEventListener('pageshow', onShown);
    };
  }, [warning]);

  // While the warning shows, the countdown ticks.
  useEffect(() => {
    if (!warning) return;
    const tick = setInterval(() => {
      const remaining = deadline.current - Date.now();
      if (remaining > 0) return setLeft(remaining);
      clearInterval(tick);
      expire();
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(tick);
  }, [warning]);

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
