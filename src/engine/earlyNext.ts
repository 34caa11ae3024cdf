/** A Next pressed (a click, or Enter in a field) on a form the server drew, once the page's script runs but before the
 *  form is taken over (while the step's own code loads), is kept rather than lost: the browser does nothing with it
 *  (the form's method is "dialog") and React does not hear it yet. The takeover presses it again (takeover.ts), unless
 *  the person has pressed a key or the pointer since: they went on filling the form. Apart from the takeover, so the
 *  page's first script carries only this. */

/** The Next kept (the last one pressed), and how to stop watching for a key or a pointer that drops it. */
let kept: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
let stopDropping: (() => void) | null = null;

/** Keeps a Next pressed on a form in `root` until React hydrates the page (call the function returned then: React
 *  hears the presses from there on). */
export function keepEarlyNext(root: HTMLElement): () => void {
  const onSubmit = (e: SubmitEvent) => {
    if (e.target instanceof HTMLFormElement && root.contains(e.target)) kept = { form: e.target, submitter: e.submitter };
  };
  // The key or the pointer that presses Next comes before its submit event, so it drops only an earlier press. Heard
  // at the window: a text field's keys go no further down (widgets/ownEvents.ts).
  const drop = () => (kept = null);
  document.addEventListener('submit', onSubmit, true);
  window.addEventListener('keydown', drop, true);
  window.addEventListener('pointerdown', drop, true);
  stopDropping = () => {
    window.removeEventListener('keydown', drop, true);
    window.removeEventListener('pointerdown', drop, true);
  };
  return () => document.removeEventListener('submit', onSubmit, true);
}

/** The Next kept for a form in `container`, as a function that presses it again (if no key or pointer has dropped it
 *  by then), or null. Either way the watch ends with the press or the takeover. */
export function keptNextIn(container: HTMLElement): (() => void) | null {
  const press = kept && kept.form.isConnected && container.contains(kept.form) ? kept : null;
  if (!press) {
    forget();
    return null;
  }
  return () => {
    if (kept !== press) return;
    forget();
    press.form.requestSubmit(press.submitter?.isConnected && press.form.contains(press.submitter) ? press.submitter : null);
  };
}

function forget() {
  kept = null;
  stopDropping?.();
  stopDropping = null;
}
