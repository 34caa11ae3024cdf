/** A form drawn by the server takes keys before its script arrives. When the script takes the page over (React
 *  hydrates it), React keeps what the fields show but its state never heard of it: each field whose value differs
 *  from the one React drew (its default, which React sets as it hydrates) is typed into again, as one input event
 *  (a click for a box), so the field's own handlers take it, filters and formats included. Anywhere else a field
 *  shows what React drew and nothing happens. */

/** React notices a change only when the value differs from the last it saw (its value tracker, which reads the
 *  element's own `value`/`checked` setter): the value it drew is set through that setter, the typed one past it. */
function retype(el: HTMLInputElement | HTMLTextAreaElement, typed: string) {
  const focused = el.ownerDocument.activeElement === el;
  const [start, end] = [el.selectionStart, el.selectionEnd];
  el.value = el.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')!.set!.call(el, typed);
  if (focused) el.setSelectionRange(start, end);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

export function adoptTypedValues(container: HTMLElement): void {
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
    } else if (el.value !== el.defaultValue) retype(el, el.value);
  }
}
