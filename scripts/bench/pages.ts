/** The bench in Chromium: JavaScript shipped, keystroke to next paint on step 1 beside a bare RJSF page, and a mobile
 *  profile (4x CPU, slow 4G through the DevTools protocol) with LCP, CLS and keystroke to paint per page. */
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { median } from './stats';
import { SETTLE_MS } from '../../src/engine/settle';

/** The word typed: a name, as step 1's first field takes. */
const WORD = 'Jonathan';
/** A pause in typing, long enough for the form's work that waits for one (SETTLE_MS) to run within it. */
const PAUSE_MS = SETTLE_MS * 2;
/** Between keystrokes of a word: a fast typist's pace, shorter than SETTLE_MS, longer than any keystroke takes to
 *  paint here (checked), so the bench itself runs nothing in the page while it types. */
const KEY_INTERVAL_MS = 100;

/** A mid-range phone: 4x slower CPU, 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip. */
export const MOBILE = { cpuRate: 4, latencyMs: 150, downBytesPerSec: 1_600_000 / 8, upBytesPerSec: 750_000 / 8 };

export async function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // As the e2e tests launch it (tests/e2e/harness.ts).
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** A layout shift not caused by a recent input: when, how much, and the elements that moved. */
export interface Shift {
  at: number;
  value: number;
  moved: string[];
}

/** Installed before any script of the page: LCP (until the first input, as browsers report it) and layout shifts
 *  not caused by a recent input. */
function observePerformance() {
  const w = window as unknown as { __perf: { lcp: number; shifts: Shift[]; fieldAt: number } };
  w.__perf = { lcp: 0, shifts: [], fieldAt: 0 };
  // When the page's first field is painted, and so takes a key (a field drawn by the server needs no script for it).
  new MutationObserver((_records, observer) => {
    if (!document.querySelector('main input')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (w.__perf.fieldAt = performance.now())));
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__perf.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as { hadRecentInput: boolean; value: number; startTime: number; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] }[]) {
      if (e.hadRecentInput) continue;
      // What moved: an element's tag, id, class and the start of its text.
      // No named inner functions: tsx would wrap them in a helper the page does not have.
      const moved = e.sources.map(({ node, previousRect: a, currentRect: b }) => {
        const el = node instanceof Element ? node : node?.parentElement;
        const name = el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} '${(el.textContent ?? '').trim().slice(0, 40)}'` : String(node?.nodeName);
        return `${name} ${[a.x, a.y, a.width, a.height].map(Math.round).join(',')} -> ${[b.x, b.y, b.width, b.height].map(Math.round).join(',')}`;
      });
      w.__perf.shifts.push({ at: e.startTime, value: e.value, moved });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

const perf = (page: Page) => page.evaluate(() => (window as unknown as { __perf: { lcp: number; shifts: Shift[]; fieldAt: number } }).__perf);
const cls = (shifts: Shift[], since = 0) => shifts.filter((s) => s.at >= since).reduce((n, s) => n + s.value, 0);

export async function mobileContext(browser: Browser, throttled: boolean): Promise<{ context: BrowserContext; page: Page; throttle: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await context.addInitScript(observePerformance);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const throttle = async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuRate });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: MOBILE.latencyMs, downloadThroughput: MOBILE.downBytesPerSec, uploadThroughput: MOBILE.upBytesPerSec });
  };
  if (throttled) await throttle();
  return { context, page, throttle };
}

/** Types as a person types: a word of `WORD.length` letters, a pause, the word deleted key by key, a pause; `words`
 *  times, keystrokes KEY_INTERVAL_MS apart. Returns the keystrokes typed. */
async function typeWords(page: Page, words: number): Promise<number> {
  const keys = [...WORD, ...[...WORD].map(() => 'Backspace')];
  let typed = 0;
  for (let i = 0; i < words; i++) {
    for (const [k, key] of keys.entries()) {
      await page.keyboard.press(key);
      typed++;
      await page.waitForTimeout(k === WORD.length - 1 || k === keys.length - 1 ? PAUSE_MS : KEY_INTERVAL_MS);
    }
  }
  return typed;
}

/** What typing costs a page, in ms, in two passes of `words` words each (see typeWords):
 *  - `script`: the page's JavaScript per keystroke: the renderer's script time (DevTools protocol `ScriptDuration`)
 *    over the whole first pass, pauses included, divided by the keystrokes, so whatever a page leaves for typing to
 *    pause counts too (the pauses are longer than the form's own wait for one, SETTLE_MS). The bench runs no script
 *    in the page during this pass: the figure is the page's alone.
 *  - `paint`: keystroke to next paint, the median over the second pass's keystrokes, from the keydown's timestamp
 *    (so input delay counts) to a task queued by the first animation frame after the input event, which runs once
 *    that frame is painted. It includes the browser's own work and its wait for the next frame, which no page can
 *    avoid (the floor page shows how much). */
export async function typing(page: Page, selector: string, words: number): Promise<{ paint: number; script: number }> {
  await page.locator(selector).focus();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const scriptMs = async () => 1000 * ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration')?.value ?? NaN);
  const before = await scriptMs();
  const typedForScript = await typeWords(page, words);
  const script = ((await scriptMs()) - before) / typedForScript;
  await cdp.detach();

  await page.evaluate(() => {
    const w = window as unknown as { __keys: number[] };
    w.__keys = [];
    let t0 = 0;
    addEventListener('keydown', (e) => (t0 = e.timeStamp), { capture: true });
    // Chromium may dispatch a typed character's input event in a later task than its keydown: the frame that shows
    // the change is the one after the input event.
    addEventListener(
      'input',
      () => {
        const start = t0;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => w.__keys.push(performance.now() - start);
          channel.port2.postMessage(null);
        });
      },
      { capture: true },
    );
  });
  const typed = await typeWords(page, words);
  const latencies = await page.evaluate(() => (window as unknown as { __keys: number[] }).__keys);
  if (latencies.length !== typed) throw new Error(`${typed} keystrokes typed, ${latencies.length} painted`);
  return { paint: median(latencies), script };
}

/** Gzipped size of the scripts the page loaded (those asked for by `before`, ms from the page's start, when given):
 *  the product's precompressed copies in dist, or gzipped here. */
async function jsKb(page: Page, fromDir?: string, before = Number.POSITIVE_INFINITY): Promise<number> {
  const urls = await page.evaluate(
    (until) => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.startTime <= until).map((e) => e.name).filter((n) => new URL(n).pathname.endsWith('.js')),
    before,
  );
  let bytes = 0;
  for (const url of urls) {
    const path = new URL(url).pathname;
    bytes += fromDir ? gzipSync(await readFile(join(fromDir, path)), { level: 9 }).length : statSync(join('dist', `${path}.gz`)).size;
  }
  return bytes / 1024;
}

export interface PageFigures {
  welcomeJsKb: number;
  step1JsKb: number;
  /** The next step's code, fetched ahead while step 1 is filled. */
  aheadJsKb: number;
  bareJsKb: number;
  /** Medians of per-run figures, unthrottled (see `typing`): keystroke to paint, and script per keystroke. */
  keystrokeMs: number;
  bareKeystrokeMs: number;
  scriptMs: number;
  bareScriptMs: number;
  /** The same on a plain input with no script of its own (scripts/bench/floor): the browser's own part, and the
   *  bench's listeners. */
  floorKeystrokeMs: number;
  floorScriptMs: number;
}

const WORDS = Number(process.env.BENCH_WORDS ?? 3);

/** Unthrottled: JavaScript sizes once (they do not vary), typing `runs` times on the product, the bare page and the
 *  floor in turn, so all three see the same noise. */
export async function measureDesktop(browser: Browser, productUrl: string, bareUrl: string, floorUrl: string, runs: number): Promise<PageFigures> {
  const page = await browser.newPage();
  await page.goto(`${productUrl}/enrollment`, { waitUntil: 'networkidle' });
  const welcomeJsKb = await jsKb(page);
  // What step 1 needed is what was asked for by the time its form showed; the next step's code, fetched ahead once
  // the page is idle (issue 25), is counted apart. The moment is taken when the field is inserted (a polling wait
  // notices it a frame or more later, time enough on a slow machine for the fetch ahead to start and be counted).
  await page.evaluate(() => {
    const w = window as unknown as { __drawnAt?: number };
    new MutationObserver((_, observer) => {
      if (!document.querySelector('#root_firstName')) return;
      w.__drawnAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.getByRole('link', { name: 'Next' }).click();
  const drawnAt = await (await page.waitForFunction(() => (window as unknown as { __drawnAt?: number }).__drawnAt)).jsonValue();
  // The page's idle time, when the next step is fetched, then its fetches.
  await page.evaluate(() => new Promise((idle) => requestIdleCallback(idle, { timeout: 5000 })));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const step1JsKb = await jsKb(page, undefined, Number(drawnAt));
  const aheadJsKb = (await jsKb(page)) - step1JsKb;
  await page.close();

  const product: { paint: number; script: number }[] = [];
  const bare: { paint: number; script: number }[] = [];
  const floor: { paint: number; script: number }[] = [];
  let bareJsKb = 0;
  for (let r = 0; r < runs; r++) {
    const p = await browser.newPage();
    await p.goto(`${productUrl}/enrollment/accountholder`, { waitUntil: 'networkidle' });
    // After a Next with errors every change validates (liveValidate onChange), and the summary lists the errors.
    await p.getByRole('button', { name: 'Next' }).click();
    await p.getByRole('heading', { name: 'There is a problem' }).waitFor();
    product.push(await typing(p, '#root_firstName', WORDS));
    await p.close();

    const b = await browser.newPage();
    await b.goto(`${bareUrl}/`, { waitUntil: 'networkidle' });
    bareJsKb = await jsKb(b, 'dist-bench/bare');
    await b.getByRole('button', { name: 'Submit' }).click();
    await b.locator('.errors').first().waitFor();
    bare.push(await typing(b, '#root_firstName', WORDS));
    await b.close();

    const f = await browser.newPage();
    await f.goto(`${floorUrl}/`, { waitUntil: 'networkidle' });
    floor.push(await typing(f, '#root_firstName', WORDS));
    await f.close();
  }
  const paint = (all: { paint: number }[]) => median(all.map((k) => k.paint));
  const script = (all: { script: number }[]) => median(all.map((k) => k.script));
  return {
    welcomeJsKb,
    step1JsKb,
    aheadJsKb,
    bareJsKb,
    keystrokeMs: paint(product),
    bareKeystrokeMs: paint(bare),
    floorKeystrokeMs: paint(floor),
    scriptMs: script(product),
    bareScriptMs: script(bare),
    floorScriptMs: script(floor),
  };
}

export interface MobileFigures {
  lcpMs: Record<'welcome' | 'step1' | 'feeschedule', number>;
  /** From navigation to step 1's first field painted, ready for a key. */
  step1FieldMs: number;
  /** The largest CLS of any run, per page (the bar is 0 on every page). */
  cls: Record<'welcome' | 'step1' | 'feeschedule' | 'thankyou', number>;
  /** The shifts of that run, per page, for finding what moved. */
  shifts: Record<'welcome' | 'step1' | 'feeschedule' | 'thankyou', Shift[]>;
  keystrokeMs: number;
  /** From the click on step 4's Next to the outcome painted on the thank-you screen. */
  thankYouMs: number;
}

const MOBILE_PAGES = { welcome: '/enrollment', step1: '/enrollment/accountholder', feeschedule: '/feeschedule' } as const;

/** A cold load (new context, empty cache) of each page on the mobile profile, `runs` times; on step 1, then
 *  keystrokes. */
export async function measureMobile(browser: Browser, productUrl: string, runs: number, thankYou: (page: Page, throttle: () => Promise<void>) => Promise<{ ms: number; cls: number; shifts: Shift[] }>): Promise<MobileFigures> {
  const lcp: Record<string, number[]> = { welcome: [], step1: [], feeschedule: [] };
  const worst: Record<string, number> = { welcome: 0, step1: 0, feeschedule: 0, thankyou: 0 };
  const worstShifts: Record<string, Shift[]> = { welcome: [], step1: [], feeschedule: [], thankyou: [] };
  const keep = (name: string, value: number, shifts: Shift[]) => {
    if (value <= worst[name] && worstShifts[name].length) return;
    worst[name] = value;
    worstShifts[name] = shifts;
  };
  const keys: number[] = [];
  const fields: number[] = [];
  const thanks: number[] = [];
  for (let r = 0; r < runs; r++) {
    for (const [name, path] of Object.entries(MOBILE_PAGES)) {
      const { context, page } = await mobileContext(browser, true);
      await page.goto(`${productUrl}${path}`, { waitUntil: 'load', timeout: 60_000 });
      await page.waitForLoadState('networkidle', { timeout: 60_000 });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // LCP is final at the first input; give late paints a moment first.
      await page.waitForTimeout(500);
      const before = await perf(page);
      lcp[name].push(before.lcp);
      if (name === 'step1') {
        fields.push(before.fieldAt);
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
        keys.push((await typing(page, '#root_firstName', 1)).paint);
      }
      const { shifts } = await perf(page);
      keep(name, cls(shifts), shifts);
      await context.close();
    }
    const { context, page, throttle } = await mobileContext(browser, false);
    await page.goto(`${productUrl}/enrollment`, { waitUntil: 'networkidle' });
    const t = await thankYou(page, throttle);
    thanks.push(t.ms);
    keep('thankyou', t.cls, t.shifts);
    await context.close();
  }
  return {
    lcpMs: { welcome: median(lcp.welcome), step1: median(lcp.step1), feeschedule: median(lcp.feeschedule) },
    step1FieldMs: median(fields),
    cls: worst as MobileFigures['cls'],
    shifts: worstShifts as MobileFigures['shifts'],
    keystrokeMs: median(keys),
    thankYouMs: median(thanks),
  };
}

/** Installed before the click that submits: resolves with the time from that click to the first paint showing
 *  `text` in the app (not in the words' JSON beside it, which holds every text), and the layout shift after the click not caused by input. */
export async function timeToText(page: Page, click: () => Promise<void>, text: string): Promise<{ ms: number; cls: number; shifts: Shift[] }> {
  await page.evaluate((wanted) => {
    const w = window as unknown as { __shown: Promise<{ at: number; clickAt: number }> };
    w.__shown = new Promise((resolve) => {
      let clickAt = 0;
      addEventListener('click', (e) => (clickAt ||= e.timeStamp), { capture: true });
      const observer = new MutationObserver(() => {
        if (!clickAt || !document.getElementById('root')?.textContent?.includes(wanted)) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve({ at: performance.now(), clickAt });
          channel.port2.postMessage(null);
        });
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, text);
  await click();
  const { at, clickAt } = await page.evaluate(() => (window as unknown as { __shown: Promise<{ at: number; clickAt: number }> }).__shown);
  // Shifts in the second after the outcome appears count too.
  await page.waitForTimeout(1000);
  const shifts = (await perf(page)).shifts.filter((s) => s.at >= clickAt);
  return { ms: at - clickAt, cls: cls(shifts), shifts };
}
