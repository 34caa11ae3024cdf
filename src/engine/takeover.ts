/** A form drawn by the server takes keys before its script arrives. When the script takes the page over (React
 *  hydrates it), React keeps what the fields show but its state never heard of it: each field whose value differs
 *  from the one React drew (its default, which React sets as it hydrates) is typed into again, as one input event
 *  (a click for a box, a change for a list), so the field's own handlers take it, filters and formats included. Run
 *  once, by a form as its script takes it over (StepForm), which also presses again a Next pressed meanwhile. */
import { keptNextIn } from './earlyNext';

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
 *  before (earlyNext.ts) once `ready` calls back: when the form holds every value adopted and no server check is in
 *  progress (a check's refusal then shows as a Next with errors). */
export function takeOver(container: HTMLElement, ready: (then: () => void) => void): void {
  const next = keptNextIn(container);
  // With a Next to press, the field that has the focus is typed again now too: the press (Enter in it) ended any word
  // a phone's keyboard was composing, and its text belongs to the press.
  adoptTypedValues(container, next !== null);
  if (next) ready(next);
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
