/** The standard applicant's whole journey in Chromium through the real server, with no mocks. */
import { describe, expect, it } from 'vitest';
import { withServerAndBrowser } from './harness';
import { expectAccessible, fillEmployerGroup, fillPersonal, next, PAPERLESS, pat, signTerms } from './journey';

const live = withServerAndBrowser();

describe('standard journey', () => {
  it('goes from the welcome page to the thank-you screen and stores the enrollment once', async () => {
    const context = await live.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${live.server.url}/`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/enrollment');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Health Savings Account (HSA) Enrollment');
    await expectAccessible(page, 'standard-welcome');
    await page.getByRole('link', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Step 1: Account Holder Information' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await expectAccessible(page, 'standard-step1-errors');

    await fillPersonal(page, pat);
    await fillEmployerGroup(page);
    await expectAccessible(page, 'standard-step1-filled');
    await next(page, 'Step 2: Additional Cardholder');
    // Cancel Enrollment is on step 1 only in the standard variant.
    await page.getByRole('button', { name: 'Previous' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel Enrollment' }).count()).toBe(0);
    await expectAccessible(page, 'standard-step2');
    await next(page, 'Step 3: Verify');
    await expect.poll(() => page.getByText('XXX-XX-6789').count()).toBe(1);
    await expectAccessible(page, 'standard-step3');
    await next(page, 'Step 4: Terms and Conditions');
    await signTerms(page, pat);
    await expectAccessible(page, 'standard-step4');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByText(PAPERLESS).waitFor();
    await expectAccessible(page, 'standard-thankyou');
    await page.goBack();
    await page.getByText(PAPERLESS).waitFor();
    expect(await live.server.countEnrollments()).toBe(1);
    // Analytics saw page names and steps only: nothing the applicant typed.
    const events = await page.evaluate(() => JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer));
    expect(events).toContain('"page":"welcome"');
    expect(events).toContain('"step":"terms"');
    for (const personal of ['Pat', 'Doe', '6789', '1970', '2025550143', '202-555', 'example.com', 'Main St', '22150', 'DEMO100']) expect(events).not.toContain(personal);
    await context.close();
  });
});
