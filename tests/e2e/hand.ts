/** How people (and robots) use the page in browser tests: they press on a field, type it key by key, and press a
 *  button with the pointer (down, held, up; on a phone, a finger's touch). Nothing is put in whole: `fill()` is a
 *  paste, and stays only where a paste or the browser's autofill is what a test is about. */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

export interface Hand {
  name: string;
  /** Between two keys, in ms. */
  keyDelay: number;
  /** A press held down this long before it is let go, in ms. */
  hold: number;
  /** Between the last key and the next press, in ms: none for a robot (the click lands while the field is still
   *  being left), a person's glance for a person. */
  pause: number;
}

export const PERSON: Hand = { name: 'a person', keyDelay: 90, hold: 110, pause: 150 };
export const ROBOT: Hand = { name: 'a robot', keyDelay: 0, hold: 0, pause: 0 };
export const HANDS = [PERSON, ROBOT] as const;

export interface Device {
  name: string;
  open: (browser: Browser) => Promise<BrowserContext>;
}

export const DESKTOP: Device = { name: 'desktop', open: (b) => b.newContext({ viewport: { width: 1280, height: 900 } }) };
/** A 390 px phone: touch, not a mouse. */
export const PHONE: Device = { name: 'phone', open: (b) => b.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }) };
export const DEVICES = [DESKTOP, PHONE] as const;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const touchPages = new WeakMap<Page, boolean>();

async function isTouch(page: Page): Promise<boolean> {
  let touch = touchPages.get(page);
  if (touch === undefined) {
    touch = await page.evaluate(() => navigator.maxTouchPoints > 0);
    touchPages.set(page, touch);
  }
  return touch;
}

/** Presses on an element with the pointer, in its middle, as a hand does: down, held, up. Playwright's own click
 *  first waits for the element to be visible, still and not covered, as a person's eye does. */
export async function press(target: Locator, hand: Hand): Promise<void> {
  const page = target.page();
  if (!(await isTouch(page))) return target.click({ delay: hand.hold });
  // A finger: touch start, held, touch end, where the element was when the finger came down.
  await target.click({ trial: true });
  const box = await target.boundingBox();
  if (!box) throw new Error('the element to press has no box');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    if (hand.hold) await wait(hand.hold);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

/** Presses on a field and types into it key by key, after clearing what it held as a person does (select all,
 *  then the first key replaces it). */
export async function type(field: Locator, text: string, hand: Hand): Promise<void> {
  await press(field, hand);
  const page = field.page();
  if (await field.inputValue()) await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text, { delay: hand.keyDelay });
}

/** Types, then presses the next thing after the hand's pause: a robot with none at all. */
export async function typeThenPress(field: Locator, text: string, target: Locator, hand: Hand): Promise<void> {
  await type(field, text, hand);
  if (hand.pause) await wait(hand.pause);
  await press(target, hand);
}
