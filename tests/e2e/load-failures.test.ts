/** A screen whose code fails to download is fetched again (a few tries), then offered with 'Try again' in place of
 *  the screen, inside the wizard: nothing the applicant typed is lost, and no framework error page is shown. */
import { describe, expect, it } from 'vitest';
import { withServerAndBrowser } from './harness';
import { fillEmployerGroup, fillPersonal, next, pat } from './journey';
import { press, ROBOT } from './hand';

const live = withServerAndBrowser();
const REVIEW_CHUNK = /\/assets\/Verify-[\w-]+\.js/;

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
