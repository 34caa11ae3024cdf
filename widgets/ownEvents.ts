/** A text field's own events (its keys and its input), taken at the window as they go down, before React's root
 *  hears them. React's listener on the root would walk every element from the field up, for each of a keystroke's
 *  events (keydown, keypress, beforeinput, input, keyup, selectionchange), looking for capture handlers that no part
 *  of the page declares: the larger part of a keystroke's script. Stopped at the window, they reach no element; the
 *  page's own listeners on the window (the idle timer, CSR mode, keepPresses) still hear them, and the browser's own
 *  handling (the text typed, Enter submitting the form) is untouched, as it does not depend on propagation. */

const EVENTS = ['input', 'change', 'keydown', 'keypress', 'keyup', 'beforeinput', 'textInput', 'compositionstart', 'compositionupdate', 'compositionend', 'selectionchange'] as const;

/** What a field does with its input and change events (the others only stop). */
export interface FieldEvents {
  input: () => void;
  change: () => void;
}

const fields = new WeakMap<EventTarget, FieldEvents>();
const listening = new WeakSet<Window>();

function take(e: Event) {
  const field = e.target ? fields.get(e.target) : undefined;
  if (!field) return;
  e.stopPropagation();
  if (e.type === 'input') field.input();
  else if (e.type === 'change') field.change();
}

/** Takes `input`'s events from the page; returns how to give them back (as the field goes). */
export function ownEvents(input: HTMLInputElement, events: FieldEvents): () => void {
  const win = input.ownerDocument.defaultView;
  if (win && !listening.has(win)) {
    listening.add(win);
    for (const type of EVENTS) win.addEventListener(type, take, true);
  }
  fields.set(input, events);
  return () => void fields.delete(input);
}
