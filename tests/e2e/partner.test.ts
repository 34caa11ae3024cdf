/** The membership (AARP) variant and a test partner, chosen from the page address, in Chromium. */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { withServerAndBrowser } from './harness';
import { expectAccessible, fillPersonal, next, PAPERLESS, signTerms, type Person } from './journey';
import { press, type, ROBOT } from './hand';

const live = withServerAndBrowser();
let context: BrowserContext;
const jane: Person = { first: 'Jane', middle: 'A', last: 'Sample', ssnDigits: '123456781', dobDigits: '04151958', zip: '20049', memberNumberDigits: '1234567890' };
const stranger: Person = { ...jane, first: 'John', last: 'Nobody', ssnDigits: '123456782' };
const at = (host: string, path: string) => live.server.url.replace('127.0.0.1', host) + path;

/** Counts the membership checks the page sends. */
function countChecks(page: Page): { count: number } {
  const checks = { count: 0 };
  page.on('request', (r) => void (r.url().endsWith('/api/v1/enrollment/verify-aarp') && checks.count++));
  return checks;
}

/** Step 1 after a membership not verified: the summary under the dialog's title, focused, naming each field the check
 *  was made of, and those fields marked. */
async function expectMarks(page: Page): Promise<void> {
  const summary = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Membership not verified' }) });
  await summary.waitFor();
  await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Step 1: Account Holder Information');
  for (const label of ['AARP membership number', 'First name', 'Last name', 'Date of birth']) {
    expect(await summary.getByRole('link', { name: `${label} may not match your AARP membership record.` }).count(), label).toBe(1);
  }
  expect(await page.getByLabel('First name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
  expect(await page.getByLabel(/^AARP membership number/).getAttribute('aria-invalid')).toBe('true');
}

async function openStep1(host: string): Promise<Page> {
  context = await live.browser.newContext();
  const page = await context.newPage();
  await page.goto(at(host, '/enrollment'));
  await page.getByRole('link', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Step 1: Account Holder Information' }).waitFor();
  return page;
}

describe('membership variant on aarp.localhost', () => {
  it('shows the partner presentation on the welcome page', async () => {
    context = await live.browser.newContext();
    const page = await context.newPage();
    await page.goto(at('aarp.localhost', '/enrollment'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Enrollment');
    expect(await page.getByText('20% discount on monthly maintenance fees').count()).toBe(1);
    expect(await page.getByRole('contentinfo').getByRole('link', { name: '1-866-555-0177' }).count()).toBe(1);
    await expectAccessible(page, 'aarp-welcome');
    await context.close();
  });

  it('takes the demo member through verification to the thank-you screen', async () => {
    const page = await openStep1('aarp.localhost');
    expect(await page.getByLabel(/group number/i).count()).toBe(0);
    expect(await page.getByLabel(/effective date/i).count()).toBe(0);
    await fillPersonal(page, jane);
    expect(await page.getByLabel(/membership number/i).inputValue()).toBe('123-456-789-0');
    await press(page.getByLabel('Individual', { exact: true }), ROBOT);
    await expectAccessible(page, 'aarp-step1-filled');
    await page.getByRole('button', { name: 'Next' }).click();
    const dialog = page.getByRole('dialog', { name: 'Membership verified' });
    await dialog.waitFor();
    await expectAccessible(page, 'aarp-verified-dialog');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Step 2: Additional Cardholder' }).waitFor();
    await page.getByRole('button', { name: 'Cancel Enrollment' }).waitFor({ timeout: 5000 });
    await next(page, 'Step 3: Verify');
    // Spec section 3's row, though the partner asks no group number (its group is its own).
    expect(await page.getByRole('row', { name: 'Individual enrollment Yes' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Cancel Enrollment' }).waitFor({ timeout: 5000 });
    await next(page, 'Step 4: Terms and Conditions');
    await page.getByRole('button', { name: 'Cancel Enrollment' }).waitFor({ timeout: 5000 });
    await signTerms(page, jane);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(PAPERLESS).waitFor();
    await expectAccessible(page, 'aarp-thankyou');
    await context.close();
  });

  it('opens the not-verified dialog for an unknown member; Continue marks on step 1 what to check, Cancel leaves to the site root', async () => {
    const page = await openStep1('aarp.localhost');
    const checks = countChecks(page);
    await fillPersonal(page, stranger);
    await press(page.getByLabel('Family', { exact: true }), ROBOT);
    await press(page.getByRole('button', { name: 'Next' }), ROBOT);
    const dialog = page.getByRole('dialog', { name: 'Membership not verified' });
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: /join/i }).count()).toBe(1);
    expect(await dialog.getByRole('link', { name: /renew/i }).count()).toBe(1);
    await expectAccessible(page, 'aarp-not-verified-dialog');
    // Spec section 4: only the verified dialog moves on; Continue here goes back to step 1 with what to check.
    await press(dialog.getByRole('button', { name: 'Continue' }), ROBOT);
    await expect.poll(() => dialog.count()).toBe(0);
    await expectMarks(page);
    await expectAccessible(page, 'aarp-not-verified-marks');
    // The same details get the same answer: Next shows the marks again and asks the partner nothing.
    await press(page.getByRole('button', { name: 'Next' }), ROBOT);
    await expectMarks(page);
    expect(checks.count).toBe(1);
    // A corrected field lifts the marks, and Next asks again.
    await type(page.getByLabel('First name', { exact: true }), 'a', ROBOT);
    await press(page.getByLabel('Last name', { exact: true }), ROBOT);
    await expect.poll(() => page.getByLabel('First name', { exact: true }).getAttribute('aria-invalid')).not.toBe('true');
    await press(page.getByRole('button', { name: 'Next' }), ROBOT);
    await dialog.waitFor();
    expect(checks.count).toBe(2);
    await press(dialog.getByRole('button', { name: 'Cancel' }), ROBOT);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/enrollment');
    await context.close();
  });

  it("tells a membership check the server could not make as the spec's 'Network error. API is down', never as not verified", async () => {
    const page = await openStep1('aarp.localhost');
    await page.route('**/api/v1/enrollment/verify-aarp', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Something went wrong on our side. Please try again later."}' }));
    await fillPersonal(page, { ...jane, ssnDigits: '123456783' });
    await press(page.getByLabel('Family', { exact: true }), ROBOT);
    await press(page.getByRole('button', { name: 'Next' }), ROBOT);
    const banner = page.getByRole('alert').filter({ hasText: /^Network error\. API is down\. Contact AARP at / });
    await banner.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Step 1: Account Holder Information');
    await expectAccessible(page, 'aarp-check-unavailable');
    // Once the check can be made, Try again and Next go on as usual.
    await page.unroute('**/api/v1/enrollment/verify-aarp');
    await press(banner.getByRole('button', { name: 'Try again' }), ROBOT);
    await press(page.getByRole('button', { name: 'Next' }), ROBOT);
    await page.getByRole('dialog', { name: 'Membership verified' }).waitFor();
    await context.close();
  });

  it('CSR mode (Ctrl+Shift+Enter) shows its heading; a failed verification opens no dialog but marks what to check', async () => {
    const page = await openStep1('aarp.localhost');
    const checks = countChecks(page);
    // Pressed while typing in a field, which keeps its keys from the page above it: the chord is heard all the same.
    await press(page.getByLabel(/^First name/), ROBOT);
    await page.keyboard.press('Control+Shift+Enter');
    await page.getByRole('heading', { name: 'CSR Mode' }).waitFor();
    await fillPersonal(page, stranger);
    await press(page.getByLabel('Family', { exact: true }), ROBOT);
    await press(page.getByRole('button', { name: 'Next' }), ROBOT);
    await expectMarks(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await press(page.getByRole('button', { name: 'Next' }), ROBOT);
    await expectMarks(page);
    expect(checks.count).toBe(1);
    await page.keyboard.press('Control+Shift+Enter');
    await expect.poll(() => page.getByRole('heading', { name: 'CSR Mode' }).count()).toBe(0);
    await context.close();
  });

  it('CSR mode does not exist in the standard variant', async () => {
    const page = await openStep1('127.0.0.1');
    await page.keyboard.press('Control+Shift+Enter');
    await page.waitForTimeout(300);
    expect(await page.getByRole('heading', { name: 'CSR Mode' }).count()).toBe(0);
    await context.close();
  });
});

describe('a partner added as a folder (tests/fixtures/variants/acme)', () => {
  it('is picked from the address with its own title, phone and message', async () => {
    const page = await openStep1('acme.localhost');
    expect(await page.getByRole('banner').getByText('Acme Benefits HSA Enrollment').count()).toBe(1);
    expect(await page.getByRole('contentinfo').getByRole('link', { name: '1-800-555-0199' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Next' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.waitFor();
    expect(await summary.getByRole('link', { name: 'Acme needs your last name.' }).count()).toBe(1);
    expect(await summary.getByRole('link', { name: 'First name is required.' }).count()).toBe(1);
    await context.close();
  });
});
