/** What the next step needs is fetched while the applicant fills the one before (issue 25): its Next then draws it
 *  without fetching any code, at a phone's pace too. */
import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { withServerAndBrowser } from './harness';
import { fillEmployerGroup, fillPersonal, next, PAPERLESS, pat, signTerms } from './journey';
import { PHONE } from './hand';

const live = withServerAndBrowser();

/** The scripts the page asks for while `act` runs. */
async function scriptsFetchedDuring(page: Page, act: () => Promise<void>): Promise<string[]> {
  const fetched: string[] = [];
  const listen = (request: { url: () => string; resourceType: () => string }) => request.resourceType() === 'script' && fetched.push(new URL(request.url()).pathname);
  page.on('request', listen);
  try {
    await act();
  } finally {
    page.off('request', listen);
  }
  return fetched;
}

describe('the next step, fetched ahead', () => {
  it("fetches step 2's code on step 1 once the page is idle, step 3's on step 2, and so on to the enrollment's own checks on step 4: each Next fetches no code of the step it draws", async () => {
    const context = await PHONE.open(live.browser);
    const page = await context.newPage();
    const applicant = { ...pat, ssnDigits: '123450771' };
    try {
      const fetched: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && fetched.push(new URL(r.url()).pathname));
      let wire: Response | undefined;
      page.on('response', (r) => /\/wire\.validator-[\w-]+\.js$/.test(r.url()) && (wire = r));
      await page.goto(`${live.server.url}/enrollment/accountholder`);
      // Before the applicant has pressed anything.
      await expect.poll(() => fetched.some((f) => /\/additionalcard\.validators-[\w-]+\.js$/.test(f)), { timeout: 15_000 }).toBe(true);
      await fillPersonal(page, applicant);
      await fillEmployerGroup(page);
      // Step 3's code may start on its way as soon as step 2 is drawn: nothing else.
      expect((await scriptsFetchedDuring(page, () => next(page, 'Step 2: Additional Cardholder'))).filter((f) => !/\/Verify-[\w-]+\.js$/.test(f))).toEqual([]);
      await expect.poll(() => fetched.some((f) => /\/Verify-[\w-]+\.js$/.test(f)), { timeout: 15_000 }).toBe(true);
      // Likewise step 4's, as soon as step 3 is drawn.
      expect((await scriptsFetchedDuring(page, () => next(page, 'Step 3: Verify'))).filter((f) => !/\/terms\.validators-[\w-]+\.js$/.test(f))).toEqual([]);
      await next(page, 'Step 4: Terms and Conditions');
      // On step 4, what sends the enrollment: the outcome's screen and the wire validator (the server's own checks),
      // which comes compiled as it downloads (vite.config.ts compiledOnLoad): it checks the enrollment once the
      // 'Verifying Information' dialog is painted.
      await expect.poll(() => wire !== undefined, { timeout: 15_000 }).toBe(true);
      expect((await wire!.text()).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
      await expect.poll(() => fetched.some((f) => /\/ThankYou-[\w-]+\.js$/.test(f)), { timeout: 15_000 }).toBe(true);
      await signTerms(page, applicant);
      // Its Next shows the dialog and sends the enrollment without a script more: the outcome waits for the server alone.
      const sending = await scriptsFetchedDuring(page, async () => {
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText(PAPERLESS).waitFor({ timeout: 30_000 });
      });
      expect(sending).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("waits for the step's own code before it fetches the next step's: on a slow network step 1's comes first", async () => {
    const context = await PHONE.open(live.browser);
    const page = await context.newPage();
    try {
      const events: string[] = [];
      // Step 1's validators take long to come: the page is idle meanwhile, but the next step's code must not take
      // the network from them.
      await page.route(/\/accountholder\.validators-[\w-]+\.js$/, async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      });
      page.on('request', (r) => /\/additionalcard\.validators-[\w-]+\.js$/.test(r.url()) && events.push('step 2 asked'));
      page.on('requestfinished', (r) => /\/accountholder\.validators-[\w-]+\.js$/.test(r.url()) && events.push('step 1 came'));
      await page.goto(`${live.server.url}/enrollment`);
      await page.getByRole('link', { name: 'Next' }).click();
      await page.getByRole('textbox', { name: /First name/ }).waitFor();
      await expect.poll(() => events.includes('step 2 asked'), { timeout: 15_000 }).toBe(true);
      expect(events).toEqual(['step 1 came', 'step 2 asked']);
    } finally {
      await context.close();
    }
  });
});
