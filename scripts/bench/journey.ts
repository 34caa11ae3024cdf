/** The journey steps of tests/e2e/journey.ts that wait with Vitest's expect.poll, waiting with Playwright instead
 *  (the bench runs outside Vitest). */
import type { Page } from 'playwright-core';
import { fillPersonal, next, PAPERLESS, pat, type Person } from '../../tests/e2e/journey';
import { firstOfThisMonth } from '../../tests/dates';
import { timeToText } from './pages';

export async function fillEmployerGroup(page: Page, group = 'demo100'): Promise<void> {
  await page.getByLabel(/group number/i).fill(group);
  const employer = page.getByLabel(/employer name/i);
  await page.waitForFunction((el) => (el as HTMLInputElement).value === 'Demo Employer Inc.', await employer.elementHandle());
  await page.getByLabel('Individual', { exact: true }).check();
  await page.getByLabel(/effective date/i).fill(firstOfThisMonth('MM-DD-YYYY'));
}

/** Step 4: accept, paperless delivery, e-signature, captcha; returns once Next is enabled. */
export async function signTerms(page: Page, p: Person): Promise<void> {
  await page.getByLabel(/accept and agree/i).check();
  await page.getByLabel(/electronically/i).check();
  await page.getByLabel(/^First name/).fill(p.first);
  await page.getByLabel(/^Last name/).fill(p.last);
  await page.getByText("I'm not a robot").click({ timeout: 10_000 });
  const nextButton = page.getByRole('button', { name: 'Next' });
  await page.waitForFunction((el) => !(el as HTMLButtonElement).disabled, await nextButton.elementHandle(), { timeout: 20_000 });
}

/** The standard journey to step 4 at full speed, then the mobile profile for the Next that submits. */
export async function thankYou(run: number, page: Page, throttle: () => Promise<void>) {
  // A new SSN each run: the server refuses a second enrollment of one.
  const person = { ...pat, ssnDigits: `12345${String(6780 + run).slice(-4)}` };
  await page.getByRole('link', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Step 1: Account Holder Information' }).waitFor();
  await fillPersonal(page, person);
  await fillEmployerGroup(page);
  await next(page, 'Step 2: Additional Cardholder');
  await next(page, 'Step 3: Verify');
  await next(page, 'Step 4: Terms and Conditions');
  await signTerms(page, person);
  await throttle();
  return timeToText(page, () => page.getByRole('button', { name: 'Next' }).click(), PAPERLESS);
}
