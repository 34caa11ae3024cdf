/** Pages that read before their scripts (issue 13): the welcome, fee schedule, maintenance and not-found pages and
 *  step 1 (issue 25) of both variants come drawn in the first response, in the page's language; the script takes
 *  them over without redrawing a node, without an error and without a layout shift. */
import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { withServerAndBrowser } from './harness';

const live = withServerAndBrowser();
const at = (host: string, path: string) => live.server.url.replace('127.0.0.1', host) + path;

/** The first response as a client without scripts gets it (to 127.0.0.1, naming the host the browser would). */
function firstResponse(host: string, path: string, headers: Record<string, string> = {}): Promise<{ body: Buffer; encoding?: string }> {
  const url = new URL(live.server.url + path);
  return new Promise((done, fail) => {
    get({ host: '127.0.0.1', port: url.port, path, headers: { host: `${host}:${url.port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
    }).on('error', fail);
  });
}

const pages = [
  { host: '127.0.0.1', path: '/enrollment', heading: 'Health Savings Account (HSA) Enrollment', content: 'Before you start' },
  { host: 'aarp.localhost', path: '/enrollment', heading: 'Enrollment', content: 'AARP members receive a 20% discount on monthly maintenance fees.' },
  { host: '127.0.0.1', path: '/enrollment?lang=es', heading: 'Inscripción en la Cuenta de Ahorros para la Salud (HSA)', content: 'Antes de comenzar' },
  { host: '127.0.0.1', path: '/feeschedule', heading: 'Schedule of Fees', content: 'Monthly Maintenance Fee' },
  { host: 'aarp.localhost', path: '/feeschedule/AARP01', heading: 'Schedule of Fees', content: 'AARP members receive a 20% discount' },
  // The partner's group on the bank's own site: the partner is the group's, not the host's (which names none).
  { host: '127.0.0.1', path: '/feeschedule/AARP01?lang=es', heading: 'Tabla de cargos', content: 'Los miembros de AARP reciben un descuento del 20%' },
  { host: '127.0.0.1', path: '/splash', heading: 'Important notice', content: 'Our systems are currently undergoing maintenance.' },
  { host: 'aarp.localhost', path: '/no-such-page', heading: 'Page not found', content: '1-866-555-0177' },
  // Step 1 with its fields (issue 25): the keys typed before its script are tests/e2e/takeover.test.ts's.
  { host: '127.0.0.1', path: '/enrollment/accountholder', heading: 'Step 1: Account Holder Information', content: '<label for="root_ssn">Social security number' },
  { host: 'aarp.localhost', path: '/enrollment/accountholder?lang=es', heading: 'Paso 1: Información del titular de la cuenta', content: '<label for="root_aarpNum">Número de membresía de AARP' },
];

describe('pages drawn by the server', () => {
  it.each(pages)('%o holds its content in the first response and is taken over in place', async ({ host, path, heading, content }) => {
    const context = await live.browser.newContext();
    const page = await context.newPage();
    // The first response, before any script: the heading and the content are there.
    const html = (await firstResponse(host, path)).body.toString('utf8');
    expect(html).toContain(`<h1 tabindex="-1">${heading}</h1>`);
    expect(html).toContain(content);
    // Then in the browser: record every node removed from the page and every layout shift from the first byte.
    await page.addInitScript(() => {
      const w = window as unknown as { removed: number; shift: number };
      w.removed = 0;
      w.shift = 0;
      // Inside the page's root only (the document's title is set by the script, as it should be).
      const inRoot = (n: Node) => (n instanceof Element ? n : n.parentElement)?.closest('#root') != null;
      new MutationObserver((list) => list.forEach((m) => inRoot(m.target) && (w.removed += m.removedNodes.length))).observe(document, { childList: true, subtree: true });
      new PerformanceObserver((list) => list.getEntries().forEach((e) => (w.shift += (e as unknown as { value: number }).value))).observe({ type: 'layout-shift', buffered: true });
    });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(at(host, path), { waitUntil: 'networkidle' });
    // Taken over: the language switch (a script's handler) works, and nothing was redrawn on the way.
    expect(await page.evaluate(() => (window as unknown as { removed: number }).removed)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
    // (The not-found page's own 404 is the one resource Chromium reports as failed.)
    expect(errors.filter((e) => !(heading === 'Page not found' && /status of 404/.test(e)))).toEqual([]);
    await page.getByRole('banner').getByRole('link').last().click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).not.toBe(path.includes('lang=es') ? 'es' : 'en');
    await context.close();
  });

  it('comes compressed to a browser that takes it, as the assets do', async () => {
    const br = await firstResponse('127.0.0.1', '/enrollment', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString('utf8')).toContain('<h1 tabindex="-1">Health Savings Account (HSA) Enrollment</h1>');
    const gzip = await firstResponse('127.0.0.1', '/enrollment', { 'accept-encoding': 'gzip' });
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(brotliDecompressSync(br.body).toString('utf8'));
  });

  it('draws every partner and language at once, each page in its own (one renderer, nothing shared between renders)', async () => {
    // Each page, many times over, all asked for together: a render that took another's partner or words would show.
    const asked = Array.from({ length: 6 }, () => pages.filter((p) => !p.path.startsWith('/splash'))).flat();
    const answers = await Promise.all(asked.map(({ host, path }) => firstResponse(host, path)));
    answers.forEach(({ body }, i) => {
      const html = body.toString('utf8');
      expect(html).toContain(`<h1 tabindex="-1">${asked[i].heading}</h1>`);
      expect(html).toContain(asked[i].content);
      expect(html).toContain(`<html lang="${asked[i].path.includes('lang=es') ? 'es' : 'en'}"`);
    });
  });

  it('reads without scripts at all', async () => {
    const context = await live.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(at('aarp.localhost', '/enrollment?lang=es'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Inscripción');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.title()).toBe('Inscripción');
    // The partner's colours are in the first response too (no flash of the standard's).
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--brand'))).toBe('#b3122b');
    await context.close();
  });
});
