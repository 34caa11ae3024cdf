/** The journey steps of tests/e2e/journey.ts that wait with Vitest's expect.poll, waiting with Playwright instead
 *  (the bench runs outside Vitest). */
import type { Page } from 'playwright-core';
import type { Person } from '../../tests/e2e/journey';
import { firstOfThisMonth } from '../../tests/dates';

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
