/** A Next with errors is drawn in one go (issue 25): React commits once, and that commit shows the summary and every
 *  field's message together. In a browser the submit's capture and bubbling halves are listeners of their own, and
 *  React draws what the first half set before the second runs: a step that told its errors as the press began was
 *  drawn twice before the first frame. jsdom runs both halves in one task, so only a browser shows it. React's commits
 *  are counted where its developer tools hear of them (a hook on the page before React loads, which React calls in
 *  production builds too). */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { withServerAndBrowser } from './harness';
import { DEVICES, PERSON, press, ROBOT } from './hand';
import { expectAccessible, fillEmployerGroup, fillPersonal, next, PAPERLESS, pat, takenOver, toSignedTerms } from './journey';

const live = withServerAndBrowser();

interface Drawing {
  /** React's commits since the recording began. */
  commits: number;
  summary: boolean;
  invalid: number;
}

/** Counts React's commits from the page's start (as text: the test runner's transform may add helpers to a function
 *  that the page does not have). */
const COUNT_COMMITS = `window.__commits = 0;
window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject: () => 1,
  onCommitFiberRoot: () => void window.__commits++, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {} };`;

/** Records, at each batch of changes to the page, React's commits since the form was last submitted (what a press did
 *  before, a field left or the button's focus, is not the submit's), whether the error summary shows and how many
 *  fields are marked. */
async function recordDrawings(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __drawings: Drawing[]; __commits: number };
    w.__drawings = [];
    let from = w.__commits;
    document.addEventListener('submit', () => (from = w.__commits), { capture: true });
    new MutationObserver(() => {
      const summary = Boolean(document.querySelector('[role="alert"]')?.textContent?.includes('There is a problem'));
      w.__drawings.push({ commits: w.__commits - from, summary, invalid: document.querySelectorAll('main [aria-invalid="true"]').length });
    }).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  });
}

const drawings = (page: Page) => page.evaluate(() => (window as unknown as { __drawings: Drawing[] }).__drawings);

describe('a Next with errors', () => {
  for (const device of DEVICES) {
    it(`shows the summary and every message in the same drawing, pressed or with Enter (${device.name})`, async () => {
      const context = await device.open(live.browser);
      await context.addInitScript(COUNT_COMMITS);
      const page = await context.newPage();
      try {
        await page.goto(`${live.server.url}/enrollment/accountholder`);
        const heading = page.getByRole('heading', { level: 1, name: 'Step 1: Account Holder Information' });
        await heading.waitFor();
        await takenOver(page);
        await recordDrawings(page);
        await press(page.getByRole('button', { name: 'Next', exact: true }), PERSON);
        await expect.poll(async () => (await drawings(page)).some((d) => d.summary)).toBe(true);
        const pressed = (await drawings(page)).filter((d) => d.summary || d.invalid > 0);
        const marked = pressed.at(-1)!.invalid;
        expect(marked).toBeGreaterThan(5);
        expect(pressed[0]).toEqual({ commits: 1, summary: true, invalid: marked });
        // That drawing comes from the step's store; RJSF takes the same errors once the page is idle (StepForm's
        // settlePress): the same summary, still focused, with the same links, and the same messages.
        const shown = () =>
          page.evaluate(() => ({
            focused: document.activeElement?.getAttribute('role'),
            links: [...document.querySelectorAll('[role="alert"] a')].map((a) => a.textContent),
            messages: [...document.querySelectorAll('.field-error p')].map((p) => p.textContent),
          }));
        const first = await shown();
        expect(first.focused).toBe('alert');
        expect(first.messages.length).toBeGreaterThanOrEqual(marked);
        // (Headless Chromium may give no idle time after a press: the step's wait for it ends after 5 s at the latest.)
        await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 200), { timeout: 6000 })));
        expect(await shown()).toEqual(first);
        expect((await drawings(page)).at(-1)!.invalid).toBe(marked);

        // Enter in a field, from the keyboard: the summary and every message in the first drawing too. (The summary
        // taking the focus leaves the field, which RJSF validates as any field left: a commit of its own.)
        await page.reload();
        await heading.waitFor();
        await takenOver(page);
        await page.getByLabel(/^First name/).focus();
        await recordDrawings(page);
        await page.keyboard.press('Enter');
        await expect.poll(async () => (await drawings(page)).some((d) => d.summary)).toBe(true);
        const entered = (await drawings(page)).filter((d) => d.summary || d.invalid > 0);
        expect(entered[0]).toMatchObject({ summary: true, invalid: entered.at(-1)!.invalid });
        expect(entered.at(-1)!.invalid).toBe(marked);
      } finally {
        await context.close();
      }
    });
  }
});

/** A field of the page, and where it is on it. */
type Placed = { id: string; top: number };

describe('Previous to step 1', () => {
  for (const device of DEVICES) {
    it(`paints the heading and the first screen's fields in its frame, then the rest below them, nothing moved (${device.name})`, async () => {
      const context = await device.open(live.browser);
      const page = await context.newPage();
      try {
        await page.goto(`${live.server.url}/enrollment/accountholder`);
        await fillPersonal(page, { ...pat, ssnDigits: '123450774' });
        await fillEmployerGroup(page);
        await next(page, 'Step 2: Additional Cardholder');
        // The fields in the frame that first paints step 1's heading (a frame's animation callbacks see what it
        // paints), and where they are.
        await page.evaluate(() => {
          const w = window as unknown as { __painted: Promise<Placed[]>; __fields: () => Placed[] };
          const fields = (w.__fields = () => [...document.querySelectorAll('main input, main select')].map((f) => ({ id: f.id, top: f.getBoundingClientRect().top + scrollY })));
          w.__painted = new Promise((resolve) => {
            const observer = new MutationObserver(() => {
              if (document.querySelector('h1')?.textContent !== 'Step 1: Account Holder Information') return;
              observer.disconnect();
              requestAnimationFrame(() => resolve(fields()));
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          });
        });
        await press(page.getByRole('button', { name: 'Previous', exact: true }), PERSON);
        const painted = await page.evaluate(() => (window as unknown as { __painted: Promise<Placed[]> }).__painted);
        expect(painted.map((f) => f.id)).toEqual(['root_firstName', 'root_middleInitial', 'root_lastName', 'root_ssn', 'root_dob']);
        // The rest follows below them: the section's other fields, the later sections and the buttons.
        await page.getByRole('button', { name: 'Next', exact: true }).waitFor();
        const whole = await page.evaluate(() => (window as unknown as { __fields: () => Placed[] }).__fields());
        expect(whole.slice(0, painted.length)).toEqual(painted);
        expect(whole.map((f) => f.id)).toEqual(expect.arrayContaining(['root_homePhone', 'root_email', 'root_verificationCode', 'root_homeAddress_zip']));
        // From the keyboard, the fifth field leads on to the sixth.
        await page.getByLabel(/date of birth/i).focus();
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_homePhone');
      } finally {
        await context.close();
      }
    });
  }
});

/** Records each use of the browser's Intl formatters (as text, like COUNT_COMMITS). A page's first one costs a phone
 *  65 to 200 ms (ICU's data): a task a press landing during it waits for. */
const COUNT_INTL = `window.__intl = [];
for (const name of ['DateTimeFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Collator']) {
  const real = Intl[name];
  const note = () => window.__intl.push(name);
  Intl[name] = new Proxy(real, { construct: (t, a) => (note(), Reflect.construct(t, a)), apply: (t, self, a) => (note(), Reflect.apply(t, self, a)) });
}
for (const [proto, name] of [[Date.prototype, 'toLocaleDateString'], [Date.prototype, 'toLocaleString'], [Number.prototype, 'toLocaleString'], [String.prototype, 'localeCompare']]) {
  const real = proto[name];
  proto[name] = function (...a) { window.__intl.push(name); return real.apply(this, a); };
}`;

describe('Next to the summary', () => {
  it("draws the summary's first screen in the press's first drawing, then the rest: never 'Loading' under its heading, its dates without Intl", async () => {
    const context = await DEVICES[1].open(live.browser);
    await context.addInitScript(COUNT_INTL);
    const page = await context.newPage();
    try {
      await page.goto(`${live.server.url}/enrollment/accountholder`);
      await fillPersonal(page, { ...pat, ssnDigits: '123450772' });
      await fillEmployerGroup(page);
      await next(page, 'Step 2: Additional Cardholder');
      // Each batch of changes while the heading is the summary's: whether it says it is loading, its rows (where
      // each is on the page) and whether its buttons are drawn.
      type Drawn = { loading: boolean; rows: number[]; buttons: boolean };
      await page.evaluate(() => {
        const w = window as unknown as { __summary: Drawn[] };
        w.__summary = [];
        new MutationObserver(() => {
          if (document.querySelector('h1')?.textContent !== 'Step 3: Verify') return;
          const main = document.querySelector('main');
          w.__summary.push({
            loading: Boolean(main?.querySelector('[aria-busy="true"]')),
            rows: [...(main?.querySelectorAll('tbody tr') ?? [])].map((r) => r.getBoundingClientRect().top + scrollY),
            buttons: Boolean(main?.querySelector('.actions')),
          });
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      await next(page, 'Step 3: Verify', PERSON);
      await page.getByRole('cell', { name: 'Pat', exact: true }).first().waitFor();
      await page.getByRole('button', { name: 'Next', exact: true }).waitFor();
      const drawn = await page.evaluate(() => (window as unknown as { __summary: Drawn[] }).__summary);
      expect(drawn[0].loading).toBe(false);
      // Personal Information's 6 rows and Home Address's 4 (restDrawn.ts), without the buttons; then the later
      // sections and the buttons below them, the first rows where they were.
      expect(drawn[0].rows).toHaveLength(10);
      expect(drawn[0].buttons).toBe(false);
      const whole = drawn.at(-1)!;
      expect(whole.rows.length).toBeGreaterThan(10);
      expect(whole.buttons).toBe(true);
      expect(whole.rows.slice(0, 10)).toEqual(drawn[0].rows);
      // 'MMMM D, YYYY' from the words file's months: the journey to here made no Intl formatter.
      await page.getByRole('cell', { name: 'April 15, 1970', exact: true }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { __intl: string[] }).__intl)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('Next on step 4', () => {
  it("paints 'Verifying Information' over step 4 in the press's frame, keeps that one dialog focused while the outcome's screen comes behind it, and sends after that screen's frame; the answer focuses the outcome's title", async () => {
    const context = await DEVICES[1].open(live.browser);
    const page = await context.newPage();
    const applicant = { ...pat, ssnDigits: '123450773' };
    try {
      await page.goto(`${live.server.url}/enrollment/accountholder`);
      await toSignedTerms(page, applicant);
      // In the page, in the order they happen: the dialog drawn, the frame that paints it begins (its animation frame,
      // queued as it is drawn), the outcome's screen drawn behind it, and the enrollment's request made.
      await page.evaluate(() => {
        const w = window as unknown as { __order: string[] };
        w.__order = [];
        const send = window.fetch;
        window.fetch = (input, init) => {
          if (String(input instanceof Request ? input.url : input).endsWith('/enroll')) w.__order.push('sent');
          return send(input, init);
        };
        // Each 'Verifying Information' dialog drawn, with the title behind it then and as its frame begins; each new
        // title while it is open, and whether the dialog had the focus then.
        const title = () => document.querySelector('main h1')?.textContent;
        let shown: Element | null = null;
        let behind = title();
        new MutationObserver(() => {
          const open = document.querySelector('dialog[open]');
          if (open?.textContent?.includes('Verifying Information') && open !== shown) {
            shown = open;
            w.__order.push(`dialog drawn over '${title()}'`);
            requestAnimationFrame(() => w.__order.push(`dialog painted over '${title()}'`));
          }
          if (shown?.isConnected && title() !== behind) w.__order.push(`'${title()}' behind it, ${document.activeElement === shown ? 'the dialog focused' : 'focus elsewhere'}`);
          behind = title();
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      // The answer held until the dialog, open over the outcome's screen, has been checked with axe.
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      await page.route(/\/api\/v1\/enrollment\/enroll$/, async (route) => (await answered, route.continue()));
      await press(page.getByRole('button', { name: 'Next', exact: true }), PERSON);
      await page.getByRole('heading', { level: 1, name: 'Thank You' }).waitFor();
      await page.getByRole('dialog', { name: 'Verifying Information' }).waitFor();
      await expectAccessible(page, "'Verifying Information' while the enrollment is on its way");
      answer();
      await page.getByText(PAPERLESS).waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => (window as unknown as { __order: string[] }).__order)).toEqual([
        "dialog drawn over 'Step 4: Terms and Conditions'",
        "dialog painted over 'Step 4: Terms and Conditions'",
        "'Thank You' behind it, the dialog focused",
        'sent',
      ]);
      // The dialog closed with the answer; its opener (step 4's Next) is gone, so the outcome's title has the focus.
      expect(await page.evaluate(() => [document.querySelector('dialog[open]'), document.activeElement?.tagName, document.activeElement?.textContent])).toEqual([null, 'H1', 'Thank You']);
    } finally {
      await context.close();
    }
  });
});

describe('Back between Next on step 4 and the outcome', () => {
  it("cancels the move to the outcome and closes 'Verifying Information': step 3 stays, nothing is sent", async () => {
    const context = await DEVICES[0].open(live.browser);
    const page = await context.newPage();
    try {
      await page.goto(`${live.server.url}/enrollment/accountholder`);
      await toSignedTerms(page, { ...pat, ssnDigits: '123450774' });
      const sent: string[] = [];
      page.on('request', (r) => r.url().endsWith('/enroll') && sent.push(r.url()));
      // The page's animation frames held: the press's dialog is painted, but the move to the outcome (after that
      // frame) waits, as it would for a frame on a slow phone.
      await page.evaluate(() => {
        const held = new Map<number, FrameRequestCallback>();
        let id = 0;
        window.requestAnimationFrame = (f) => (held.set(++id, f), id);
        window.cancelAnimationFrame = (n) => void held.delete(n);
        (window as unknown as { __release: () => void }).__release = () => {
          for (const [n, f] of [...held]) {
            held.delete(n);
            f(performance.now());
          }
        };
      });
      await press(page.getByRole('button', { name: 'Next', exact: true }), ROBOT);
      await page.getByRole('dialog', { name: 'Verifying Information' }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Step 3: Verify' }).waitFor();
      await page.evaluate(() => (window as unknown as { __release: () => void }).__release());
      // Past the move's deadline for a page that paints no frame (1 s).
      await page.waitForTimeout(1500);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Step 3: Verify');
      expect(await page.locator('dialog[open]').count()).toBe(0);
      expect(sent).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("a press's code", () => {
  it('is compiled as the page downloads it, not on the main thread as the press first runs it', async () => {
    const context = await DEVICES[1].open(live.browser);
    const page = await context.newPage();
    try {
      await page.goto(`${live.server.url}/enrollment/accountholder`);
      await takenOver(page);
      const button = page.getByRole('button', { name: 'Next', exact: true });
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      // Once the summary shows (a promise made before the recording, so nothing of the test's is compiled during it).
      await page.evaluate(() => {
        (window as unknown as { __shown: Promise<void> }).__shown = new Promise<void>((shown) => {
          const observer = new MutationObserver(() => {
            if (!document.querySelector('[role="alert"]')?.textContent?.includes('There is a problem')) return;
            observer.disconnect();
            shown();
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        });
      });
      await live.browser.startTracing(page, { categories: ['disabled-by-default-v8.compile'] });
      await page.mouse.down();
      await page.mouse.up();
      await page.evaluate(() => (window as unknown as { __shown: Promise<void> }).__shown);
      const trace = JSON.parse((await live.browser.stopTracing()).toString('utf8')) as { traceEvents: { name: string }[] };
      // A Next with errors first runs some 140 functions of React, RJSF and the engine: each compiled then, without
      // the chunks' compile hint (vite.config.ts compiledOnLoad), 15 to 20 ms at the phone profile.
      const compiled = trace.traceEvents.filter((e) => e.name === 'V8.CompileCode').length;
      expect(compiled).toBeLessThan(30);
    } finally {
      await context.close();
    }
  });
});
