/** A press is not lost to a page that moves under it. Between a pointer's down and its up the layout can change: a
 *  field left loses its message (mousedown blurs it), a pause in typing brings the preview's messages, a check
 *  answers. The up then lands beside what was pressed, and the browser clicks nothing, or something else: a mouse's
 *  click goes to the common ancestor of its down and up; a finger's mousedown and click come at the tap's end, on
 *  whatever has moved under it. When the pointer itself did not move, the press belongs to what it went down on: a
 *  field pressed takes the focus, a control pressed is clicked, once, and nothing else is.
 *  Still as the browser: a pointer moved away before it is let go cancels the press (WCAG 2.5.2), a press the
 *  browser got right is left alone, and the keyboard, which presses without a pointer, never comes here. */

/** What a press acts on by being clicked. */
const CONTROLS = 'button, a[href], input[type="checkbox"], input[type="radio"], label, summary, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="tab"]';
/** What a press gives the focus to. */
const FIELDS = 'input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]), textarea, select';
/** How far a hand or a finger may drift during a press, in CSS pixels, and still mean the same press. */
const DRIFT = 10;

interface Press {
  target: HTMLElement;
  field: boolean;
  x: number;
  y: number;
}

const within = (press: Press, e: Event) => e.target instanceof Node && press.target.contains(e.target);

export function keepPresses(win: Window = window): () => void {
  let press: Press | null = null;
  const pressed = (e: PointerEvent) => {
    const el = e.isPrimary && e.button === 0 && e.target instanceof Element ? e.target : null;
    const field = el?.closest<HTMLElement>(FIELDS);
    const target = field ?? el?.closest<HTMLElement>(CONTROLS);
    press = target ? { target, field: Boolean(field), x: e.clientX, y: e.clientY } : null;
  };
  const moved = (e: MouseEvent) => press !== null && Math.hypot(e.clientX - press.x, e.clientY - press.y) > DRIFT;
  const released = (e: PointerEvent) => {
    if (e.isPrimary && moved(e)) press = null;
  };
  const cancelled = () => {
    press = null;
  };
  // A finger's mousedown comes at the tap's end: on something else, it must not take the focus from what was pressed.
  const mousedown = (e: MouseEvent) => {
    if (!press || within(press, e) || moved(e)) return;
    e.preventDefault();
    if (press.field) press.target.focus();
  };
  const act = (p: Press) => {
    if (p.field) p.target.focus();
    else if (p.target.isConnected) p.target.click();
  };
  // The browser's click, wherever the layout sent it: the pressed control's, once. A click with no pointer behind it
  // (detail 0: the keyboard's, a script's) is never taken for a press, even one whose up never came (a select's
  // picker takes it).
  const click = (e: MouseEvent) => {
    const p = press;
    press = null;
    if (!p || within(p, e) || e.detail === 0) return;
    e.preventDefault();
    e.stopPropagation();
    act(p);
  };
  // A press with no click at all (down and up in places with no common target): acted on once the up has passed.
  const mouseup = (e: MouseEvent) => {
    const p = press;
    if (!p || within(p, e) || moved(e)) return;
    win.setTimeout(() => {
      if (press !== p) return;
      press = null;
      act(p);
    });
  };
  const listeners = { pointerdown: pressed, pointerup: released, pointercancel: cancelled, keydown: cancelled, mousedown, mouseup, click } as const;
  for (const [type, listener] of Object.entries(listeners)) win.addEventListener(type, listener as EventListener, true);
  return () => {
    for (const [type, listener] of Object.entries(listeners)) win.removeEventListener(type, listener as EventListener, true);
  };
}
