/** A form drawn by the server takes keys before its script arrives. When the script takes the page over (React
 *  hydrates it), React keeps what the fields show but its state never heard of it: each field whose value differs
 *  from the one React drew (its default, which React sets as it hydrates) is typed into again, as one input event
 *  (a click for a box, a change for a list), so the field's own handlers take it, filters and formats included. Run
 *  once, by a form as its script takes it over (StepForm).
 *
 *  A Next pressed (a click, or Enter in a field) once the page's script runs but before the form is taken over (while
 *  the step's own code loads) is kept rather than lost: the browser does nothing with it (the form's method is
 *  "dialog") and React does not hear it yet. It is pressed again once the form holds what was typed and its server
 *  checks have answered, unless the person has pressed a key or the pointer since (they went on filling the form). */
/** The Next kept (the last one pressed), and how to stop watching for a key or a pointer that drops it. */
let kept: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
let stopDropping: (() => void) | null = null;

/** Keeps a Next pressed on a form in `root` until React hydrates the page (call the function returned then: React
 *  hears the presses from there on). */
export function keepEarlyNext(root: HTMLElement): () => void {
  const onSubmit = (e: SubmitEvent) => {
    if (e.target instanceof HTMLFormElement && root.contains(e.target)) kept = { form: e.target, submitter: e.submitter };
  };
  // The key or the pointer that presses Next comes before its submit event, so it drops only an earlier press.
  const drop = () => (kept = null);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('keydown', drop, true);
  document.addEventListener('pointerdown', drop, true);
  stopDropping = () => {
    document.removeEventListener('keydown', drop, true);
    document.removeEventListener('pointerdown', drop, true);
  };
  return () => document.removeEventListener('submit', onSubmit, true);
}

/** React notices a change only when the value differs from the last it saw (its value tracker, which reads the
 *  element's own `value`/`checked` setter): the value it drew is set through that setter, the typed one past it. */
function retype(el: HTMLInputElement | HTMLTextAreaElement) {
  if (el.value === el.defaultValue) return;
  const typed = el.value;
  el.value = el.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')!.set!.call(el, typed);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Takes over a form drawn by the server (in `container`): adopts what was typed, and presses again a Next kept from
 *  before, once `ready` calls back: when the form holds every value adopted and no server check is in progress (a
 *  check's refusal then shows as a Next with errors). */
export function takeOver(container: HTMLElement, ready: (then: () => void) => void): void {
  const press = kept && kept.form.isConnected && container.contains(kept.form) ? kept : null;
  // With a Next to press, the field that has the focus is typed again now too: the press (Enter in it) ended any word
  // a phone's keyboard was composing, and its text belongs to the press.
  adoptTypedValues(container, press !== null);
  if (!press) return forget();
  ready(() => {
    if (kept !== press) return;
    forget();
    press.form.requestSubmit(press.submitter?.isConnected && press.form.contains(press.submitter) ? press.submitter : null);
  });
}

function forget() {
  kept = null;
  stopDropping?.();
  stopDropping = null;
}

function adoptTypedValues(container: HTMLElement, focusedToo: boolean): void {
  for (const el of container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')) {
    if (el instanceof HTMLSelectElement) {
      const drawn = [...el.options].find((o) => o.defaultSelected) ?? el.options[0];
      if (drawn && el.value !== drawn.value) el.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
      if (el.checked && !el.defaultChecked) {
        el.checked = false;
        el.click();
      } else if (!el.checked && el.defaultChecked && el.type === 'checkbox') {
        el.checked = true;
        el.click();
      }
    } else if (focusedToo || el.ownerDocument.activeElement !== el) retype(el);
    // The field being typed in is left alone while it has the focus: a phone's keyboard may be composing a word in
    // it, which setting its value would break. Its next key's input event carries its whole text, and what it shows
    // is typed again as it is left, before any Next.
    else el.addEventListener('blur', () => retype(el), { once: true });
  }
}
