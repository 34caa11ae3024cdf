/** A screen whose code fails to download is fetched again (a few tries), then offered with 'Try again' in place of
 *  the screen (or above a step's form, when only its words in another language failed), inside the wizard: nothing
 *  the applicant typed is lost, and no framework error page is shown. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withServerAndBrowser } from './harness';
import { expectAccessible, fillEmployerGroup, fillPersonal, next, PAPERLESS, pat, takenOver, toSignedTerms } from './journey';
import { press, ROBOT, type } from './hand';

const live = withServerAndBrowser();
const REVIEW_CHUNK = /\/assets\/Verify-[\w-]+\.js/;
const OUTCOME_CHUNK = /\/assets\/ThankYou-[\w-]+\.js/;
const es = (JSON.parse(readFileSync('generated/standard/es/words.json', 'utf8')) as { text: { errors: { chunkFailed: string }; actions: { tryAgain: string } } }).text;

describe("the review step's code failing to download", () => {
  it('is fetched again on its own when a download fails once', async () => {
    const context = await live.browser.newContext();
    const page = await context.newPage();
    let failures = 0;
    await page.route(REVIEW_CHUNK, (route) => (failures++ < 1 ? route.abort('connectionreset') : route.continue()));
    try {
      await page.goto(`${live.server.url}/enrollment/accountholder`);
      await fillPersonal(page, { ...pat, ssnDigits: '123450881' });
      await fillEmployerGroup(page);
      await next(page, 'Step 2: Additional Cardholder');
      await next(page, 'Step 3: Verify');
      await page.getByText('XXX-XX-0881').waitFor();
      expect(failures).toBeGreaterThanOrEqual(1);
      expect(await page.getByText(/Unexpected Application Error|Loading chunk failed/).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("says so with 'Try again' in the wizard while it keeps failing, and loses nothing", async () => {
    const context = await live.browser.newContext();
    const page = await context.newPage();
    let down = true;
    await page.route(REVIEW_CHUNK, (route) => (down ? route.abort('connectionreset') : route.continue()));
    try {
      await page.goto(`${live.server.url}/enrollment/accountholder`);
      await fillPersonal(page, { ...pat, ssnDigits: '123450882' });
      await fillEmployerGroup(page);
      await next(page, 'Step 2: Additional Cardholder');
      await press(page.getByRole('button', { name: 'Next' }), ROBOT);
      const alert = page.getByRole('alert').filter({ hasText: 'Loading chunk failed' });
      await alert.waitFor({ timeout: 20_000 });
      expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
      // Still the wizard: its step, its header; the application is still in memory.
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Step 3: Verify');
      down = false;
      await press(alert.getByRole('button', { name: 'Try again' }), ROBOT);
      await page.getByText('XXX-XX-0882').waitFor();
      await page.getByText('Pat', { exact: true }).first().waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("the outcome's code failing to download", () => {
  it("says so with 'Try again' after step 4's Next, with no 'Verifying Information' over it, and sends once it comes", async () => {
    const context = await live.browser.newContext();
    const page = await context.newPage();
    let down = true;
    await page.route(OUTCOME_CHUNK, (route) => (down ? route.abort('connectionreset') : route.continue()));
    try {
      await page.goto(`${live.server.url}/enrollment/accountholder`);
      await toSignedTerms(page, { ...pat, ssnDigits: '123450883' });
      await press(page.getByRole('button', { name: 'Next', exact: true }), ROBOT);
      const alert = page.getByRole('alert').filter({ hasText: 'Loading chunk failed' });
      await alert.waitFor({ timeout: 20_000 });
      // Nothing in front of it: its 'Try again' can be reached.
      expect(await page.locator('dialog[open]').count()).toBe(0);
      down = false;
      await press(alert.getByRole('button', { name: 'Try again' }), ROBOT);
      await page.getByText(PAPERLESS).waitFor({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  });
});

describe("a language's words for the step failing to download on a switch", () => {
  it("keeps the step's form as it was, with what was typed, says so, and switches once they come", async () => {
    const context = await live.browser.newContext();
    const page = await context.newPage();
    let down = true;
    // The Spanish table of the step's words (step 1 was drawn by the server in English, so it is not loaded yet).
    await page.route(/\/assets\/translations-[\w-]+\.js/, (route) => (down ? route.abort('connectionreset') : route.continue()));
    try {
      await page.goto(`${live.server.url}/enrollment/accountholder`);
      await takenOver(page);
      await type(page.getByLabel('First name', { exact: true }), 'Pat', ROBOT);
      await press(page.getByRole('link', { name: 'Español' }), ROBOT);
      const alert = page.getByRole('alert').filter({ hasText: es.errors.chunkFailed });
      await alert.waitFor({ timeout: 20_000 });
      // The form stays, in the words it had, with what was typed.
      expect(await page.getByLabel('First name', { exact: true }).inputValue()).toBe('Pat');
      // Its English is marked so on the Spanish page.
      expect(await page.locator('.step-form').getAttribute('lang')).toBe('en');
      await expectAccessible(page, 'es-words-failed');
      down = false;
      await press(alert.getByRole('button', { name: es.actions.tryAgain }), ROBOT);
      await page.getByLabel('Nombre', { exact: true }).waitFor();
      expect(await page.getByLabel('Nombre', { exact: true }).inputValue()).toBe('Pat');
      expect(await alert.count()).toBe(0);
      expect(await page.locator('.step-form').getAttribute('lang')).toBe(null);
    } finally {
      await context.close();
    }
  });
});
