// @vitest-environment jsdom
/** A press whose target moved away between the pointer's down and up is the target's, once (a control clicked, a
 *  field focused); a press moved away on purpose is cancelled; a press the browser got right is left alone. The
 *  events come in the browser's order: a mouse's pointerdown and mousedown together; a finger's pointerdown and
 *  pointerup, then its mousedown, mouseup and click at the tap's end. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepPresses } from '../../src/app/keepPresses';

let stop: () => void;
let next: HTMLButtonElement;
let previous: HTMLButtonElement;
let field: HTMLInputElement;
let section: HTMLElement;
let clicks: { next: number; previous: number };

beforeEach(() => {
  document.body.innerHTML = '<form><section><input id="field"></section><button type="button" id="previous">Previous</button><button type="button" id="next">Next <span>›</span></button></form>';
  next = document.getElementById('next') as HTMLButtonElement;
  previous = document.getElementById('previous') as HTMLButtonElement;
  field = document.getElementById('field') as HTMLInputElement;
  section = document.querySelector('section')!;
  clicks = { next: 0, previous: 0 };
  next.addEventListener('click', () => clicks.next++);
  previous.addEventListener('click', () => clicks.previous++);
  stop = keepPresses(window);
  vi.useFakeTimers();
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

type At = [Element, number, number];
const init = (x: number, y: number) => ({ bubbles: true, cancelable: true, button: 0, clientX: x, clientY: y, detail: 1 });
const pointer = (type: string, [on, x, y]: At) => on.dispatchEvent(new PointerEvent(type, { ...init(x, y), isPrimary: true, pointerId: 1 }));
const browserClick = ([on, x, y]: At) => on.dispatchEvent(new MouseEvent('click', init(x, y)));
const mouse = (type: string, [on, x, y]: At) => on.dispatchEvent(new MouseEvent(type, init(x, y)));

/** A mouse: down on `down`, up on `up` (where the layout has put something else), and the browser's click on `click`. */
function mousePress(down: At, up: At, click: At | null) {
  pointer('pointerdown', down);
  mouse('mousedown', down);
  pointer('pointerup', up);
  mouse('mouseup', up);
  if (click) browserClick(click);
  vi.runAllTimers();
}

/** A finger: touch down on `down`, up on `up`; the tap's mousedown, mouseup and click land on `tap`. */
function tap(down: At, up: At, tapAt: At) {
  pointer('pointerdown', down);
  pointer('pointerup', up);
  mouse('mousedown', tapAt);
  mouse('mouseup', tapAt);
  browserClick(tapAt);
  vi.runAllTimers();
}

describe('keepPresses', () => {
  it('a mouse: clicks the pressed button once when the layout moved it from under a pointer that did not move', () => {
    // The field's message went at the mousedown: the up lands on the field, the browser clicks the form.
    mousePress([next, 100, 200], [field, 100, 200], [next.form!, 100, 200]);
    expect(clicks).toEqual({ next: 1, previous: 0 });
  });

  it('a mouse: holds for a press that went down on a part of the button, and with no click event at all', () => {
    mousePress([next.querySelector('span')!, 100, 200], [field, 103, 198], null);
    expect(clicks).toEqual({ next: 1, previous: 0 });
  });

  it('a finger: the button pressed is clicked, not the one the layout moved under the tap', () => {
    tap([next, 100, 200], [next, 100, 200], [previous, 100, 200]);
    expect(clicks).toEqual({ next: 1, previous: 0 });
  });

  it('a finger: the field pressed takes the focus, not what the layout moved under the tap', () => {
    next.focus();
    tap([field, 50, 40], [field, 50, 40], [section, 50, 40]);
    expect(document.activeElement).toBe(field);
    expect(clicks).toEqual({ next: 0, previous: 0 });
  });

  it('leaves a press the browser got right alone: the button acts once', () => {
    mousePress([next, 100, 200], [next, 100, 200], [next, 100, 200]);
    tap([next, 100, 200], [next, 100, 200], [next, 100, 200]);
    expect(clicks).toEqual({ next: 2, previous: 0 });
  });

  it('cancels a press the pointer moved away from before it was let go (WCAG 2.5.2)', () => {
    mousePress([next, 100, 200], [field, 100, 240], [next.form!, 100, 240]);
    pointer('pointerdown', [next, 100, 200]);
    section.dispatchEvent(new PointerEvent('pointercancel', { bubbles: true, isPrimary: true }));
    mouse('mousedown', [previous, 100, 200]);
    browserClick([previous, 100, 200]);
    vi.runAllTimers();
    expect(clicks).toEqual({ next: 0, previous: 1 });
  });

  it('clicks nothing that is gone, nothing pressed with another button, and nothing that is not a control', () => {
    pointer('pointerdown', [next, 100, 200]);
    mouse('mousedown', [next, 100, 200]);
    next.remove();
    mouse('mouseup', [field, 100, 200]);
    vi.runAllTimers();
    expect(clicks.next).toBe(0);

    document.body.append(next);
    next.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 2, isPrimary: true }));
    mouse('mouseup', [field, 1, 1]);
    const text = document.createElement('p');
    document.body.append(text);
    mousePress([text, 5, 5], [field, 5, 5], [document.body, 5, 5]);
    vi.runAllTimers();
    expect(clicks).toEqual({ next: 0, previous: 0 });
  });

  it('never takes a keyboard click for a press whose up never came (a select opened with the pointer)', () => {
    pointer('pointerdown', [field, 50, 40]);
    mouse('mousedown', [field, 50, 40]);
    // No up: the select's own picker took it. Then the keyboard presses Next (a click of detail 0).
    next.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 0 }));
    vi.runAllTimers();
    expect(clicks).toEqual({ next: 1, previous: 0 });
    // And a key ends a press: Enter on Previous after a press elsewhere is Previous.
    pointer('pointerdown', [next, 100, 200]);
    document.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'Enter' }));
    browserClick([previous, 0, 0]);
    vi.runAllTimers();
    expect(clicks).toEqual({ next: 1, previous: 1 });
  });

  it('leaves the keyboard alone: a click with no pointer press is not doubled', () => {
    next.click();
    browserClick([next, 0, 0]);
    vi.runAllTimers();
    expect(clicks).toEqual({ next: 2, previous: 0 });
  });
});
