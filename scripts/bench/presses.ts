/** Each press of the journey on the phone profile (4x CPU, slow 4G, from the first load), from the pointer's up to
 *  the first frame painted with its result (issue 25): Next on an empty step 1 (every message and the summary), Next
 *  from each step to the next, Previous, the captcha's box, and the outcome; beside the bare RJSF page's Next on the
 *  same schema. The result of a press is what a person waits for: the next step's heading, the error summary; for
 *  Next on step 4, the 'Verifying Information' dialog that answers it while the enrollment is sent (the outcome's
 *  words wait for the network too: the mobile figures' 'thank-you'); for the captcha's box, the frame after the press
 *  (its proof of work follows on its own). */
import type { Browser, Locator, Page } from 'playwright-core';
import { fillPersonal, PAPERLESS, pat } from '../../tests/e2e/journey';
import { fillEmployerGroup } from './journey';
import { mobileContext } from './pages';
import { median } from './stats';

export const PRESSES = ['Next on an empty step 1', 'Next, step 1 to 2', 'Previous, step 2 to 1', 'Next, step 2 to 3', 'Next, step 3 to 4', "the captcha's box", "Next, step 4 to 'Verifying Information'"] as const;
export type Press = (typeof PRESSES)[number];

/** What shows the press's result: the page's h1 reads `value`, the page's text holds `value` (the app's, not the
 *  words' JSON beside it, which holds every text), or (frame) the first frame after the press's own handlers. */
type Result = { kind: 'h1' | 'text'; value: string } | { kind: 'frame' };

/** The time from the pointer's up on `target` to the first frame painted once `result` holds, in ms. The press is a
 *  person's: the target scrolled into view and that scroll drawn (two frames), then a tap, whose hover comes with it
 *  (`force`). Playwright's own click checks that each pointer event lands on the target with listeners of its own,
 *  whose hit tests ran inside the press (in two traces of an empty step 1's Next at 4x, the pointer's down took 19 ms
 *  with them, 4 ms without). `force` also skips Playwright's waits for the target: each is on the page, enabled and
 *  still, after the reading pause (the captcha's box once its checkbox is enabled), and it would scroll and press at
 *  once, the scroll's drawing falling in the press.
 *
 *  When that frame was painted: where the result was drawn by the press's own handlers, the browser says (the Event
 *  Timing API, as INP reads it: the event's start to the next paint after its handlers, in steps of 8 ms). Otherwise
 *  (a result that waited for something, or a press under the API's 16 ms), a message queued as that frame begins
 *  tells it once it runs: an upper bound, as it runs behind whatever was queued before it (in a trace of Next on
 *  step 4 drawing its dialog alone, the work the page defers to after that frame ran first: the dialog was painted
 *  at 46 ms, the message ran at 79 ms). */
async function pressToPaint(page: Page, target: Locator, result: Result): Promise<number> {
  await page.evaluate((r) => {
    const w = window as unknown as { __press: Promise<number> };
    w.__press = new Promise((resolve) => {
      let upAt = 0;
      let resultAt = 0;
      const events: PerformanceEventTiming[] = [];
      const timing = new PerformanceObserver((list) => events.push(...(list.getEntries() as PerformanceEventTiming[])));
      timing.observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
      // Once the result shows: after the next frame is painted (a message queued in its callback runs once it is),
      // the event whose handlers drew it, once the browser reports it (after that frame): its paint. None within half
      // a second: the message's time. No named inner functions: tsx would wrap them in a helper the page does not have.
      addEventListener(
        'bench-result',
        () => {
          resultAt = performance.now();
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = async () => {
              const byMessage = performance.now() - upAt;
              let drawnBy: PerformanceEventTiming | undefined;
              for (let waited = 0; waited <= 500; waited += 50) {
                drawnBy = events.find((e) => e.processingStart <= resultAt && resultAt <= e.processingEnd);
                if (drawnBy) break;
                await new Promise((wait) => setTimeout(wait, 50));
              }
              timing.disconnect();
              resolve(drawnBy ? drawnBy.startTime + drawnBy.duration - upAt : byMessage);
            };
            channel.port2.postMessage(null);
          });
        },
        { once: true },
      );
      addEventListener('pointerup', (e) => (upAt ||= e.timeStamp), { capture: true, once: true });
      if (r.kind === 'frame') {
        addEventListener('click', () => dispatchEvent(new Event('bench-result')), { capture: true, once: true });
        return;
      }
      const observer = new MutationObserver(() => {
        if (!upAt) return;
        if (r.kind === 'h1' ? document.querySelector('h1')?.textContent !== r.value : !document.getElementById('root')?.textContent?.includes(r.value)) return;
        observer.disconnect();
        dispatchEvent(new Event('bench-result'));
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, result);
  await target.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await target.click({ force: true });
  return page.evaluate(() => (window as unknown as { __press: Promise<number> }).__press);
}

export interface PressFigures {
  /** Per press: the median and the worst of the runs, in ms. */
  product: Record<Press, { median: number; worst: number }>;
  /** The bare RJSF page's Next (Submit) on an empty step 1. */
  bare: { median: number; worst: number };
}

const figures = (all: number[]) => ({ median: median(all), worst: Math.max(...all) });

/** What a person does before pressing: reads the page a moment, while it fetches what it fetches ahead and its main
 *  thread goes quiet. (`waitForLoadState('networkidle')` does not wait after a step's change: the document reached
 *  that state once, at its load, so a press came while the step just drawn still ran its after-paint work.) */
async function readingPause(page: Page): Promise<void> {
  await page.waitForTimeout(READING_MS);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
}
const READING_MS = 1000;

/** `runs` journeys on the phone profile (a new applicant each, `firstRun` on); the bare page's empty Next as many times. */
export async function measurePresses(browser: Browser, productUrl: string, bareUrl: string, runs: number, firstRun: number): Promise<PressFigures> {
  const times = Object.fromEntries(PRESSES.map((p) => [p, [] as number[]])) as Record<Press, number[]>;
  const bare: number[] = [];
  const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
  for (let r = 0; r < runs; r++) {
    const person = { ...pat, ssnDigits: `12346${String(1000 + firstRun + r).slice(-4)}` };
    const { context, page } = await mobileContext(browser, true);
    await page.goto(`${productUrl}/enrollment/accountholder`, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: 'Step 1: Account Holder Information' }).waitFor();
    await readingPause(page);
    times['Next on an empty step 1'].push(await pressToPaint(page, button(page, 'Next'), { kind: 'text', value: 'There is a problem' }));
    await fillPersonal(page, person);
    await fillEmployerGroup(page);
    await readingPause(page);
    times['Next, step 1 to 2'].push(await pressToPaint(page, button(page, 'Next'), { kind: 'h1', value: 'Step 2: Additional Cardholder' }));
    await readingPause(page);
    times['Previous, step 2 to 1'].push(await pressToPaint(page, button(page, 'Previous'), { kind: 'h1', value: 'Step 1: Account Holder Information' }));
    // Step 1 asks for the SSN again when it is entered again (its rule ssnFieldStartsEmpty).
    await page.getByLabel(/social security/i).fill(person.ssnDigits);
    await readingPause(page);
    await pressToPaint(page, button(page, 'Next'), { kind: 'h1', value: 'Step 2: Additional Cardholder' });
    await readingPause(page);
    times['Next, step 2 to 3'].push(await pressToPaint(page, button(page, 'Next'), { kind: 'h1', value: 'Step 3: Verify' }));
    await readingPause(page);
    times['Next, step 3 to 4'].push(await pressToPaint(page, button(page, 'Next'), { kind: 'h1', value: 'Step 4: Terms and Conditions' }));
    await page.getByLabel(/accept and agree/i).check();
    await page.getByLabel(/electronically/i).check();
    await page.getByLabel(/^First name/).fill(person.first);
    await page.getByLabel(/^Last name/).fill(person.last);
    await page.getByText("I'm not a robot").waitFor({ timeout: 30_000 });
    // ALTCHA disables its checkbox while it loads: a press then would do nothing.
    await page.locator('altcha-widget input[type=checkbox]:enabled').waitFor({ timeout: 30_000 });
    times["the captcha's box"].push(await pressToPaint(page, page.getByText("I'm not a robot"), { kind: 'frame' }));
    const next = button(page, 'Next');
    await page.waitForFunction((el) => !(el as HTMLButtonElement).disabled, await next.elementHandle(), { timeout: 60_000 });
    times["Next, step 4 to 'Verifying Information'"].push(await pressToPaint(page, next, { kind: 'text', value: 'Verifying Information' }));
    await page.getByText(PAPERLESS).waitFor({ timeout: 30_000 });
    await context.close();

    const b = await mobileContext(browser, true);
    await b.page.goto(`${bareUrl}/`, { waitUntil: 'networkidle', timeout: 60_000 });
    await readingPause(b.page);
    bare.push(await pressToPaint(b.page, b.page.getByRole('button', { name: 'Submit' }), { kind: 'text', value: 'Errors' }));
    await b.context.close();
  }
  return { product: Object.fromEntries(PRESSES.map((p) => [p, figures(times[p])])) as PressFigures['product'], bare: figures(bare) };
}
