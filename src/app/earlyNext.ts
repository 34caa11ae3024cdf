/** A Next pressed on a step the server drew before the page's script took it over (a click, or Enter in a field) is
 *  answered late rather than lost: the browser does nothing with it (the form's method is "dialog") and React is not
 *  there yet to hear it, so it is kept, and pressed again once the step is taken over with what was typed meanwhile
 *  (TAKEN_OVER, src/engine/takeover.ts). Kept from the page's start until React listens (`stop`); the last press counts. */
import { TAKEN_OVER } from '../engine/takeover';

export function keepEarlyNext(root: HTMLElement): { stop: () => void } {
  let pressed: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  const onSubmit = (e: SubmitEvent) => {
    if (e.target instanceof HTMLFormElement && root.contains(e.target)) pressed = { form: e.target, submitter: e.submitter };
  };
  document.addEventListener('submit', onSubmit, true);
  root.addEventListener(
    TAKEN_OVER,
    () => {
      const press = pressed;
      pressed = null;
      if (!press?.form.isConnected) return;
      press.form.requestSubmit(press.submitter?.isConnected && press.form.contains(press.submitter) ? press.submitter : null);
    },
    { once: true },
  );
  return { stop: () => document.removeEventListener('submit', onSubmit, true) };
}
