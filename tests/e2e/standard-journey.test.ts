/** The standard applicant's whole journey in Chromium through the real server, with no mocks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer } from '../../src/server/testing';
import { axeViolations, launchBrowser, screenshot } from './harness';

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function expectAccessible(page: Page, name: string) {
  await screenshot(page, name);
  expect(await axeViolations(page), `axe on ${name}`).toEqual([]);
}

async function fillStep1(page: Page, ssn: string) {
  await page.getByLabel(/^First name/).fill('Pat');
  await page.getByLabel(/^Last name/).fill('Doe');
  await page.getByLabel(/social security/i).pressSequentially(ssn.replace(/-/g, ''));
  await page.getByLabel(/date of birth/i).pressSequentially('04151970');
  await page.getByLabel(/^Home phone/).pressSequentially('2025550143');
  await page.getByLabel('Email address', { exact: true }).fill('pat.doe@example.com');
  await page.getByLabel('Passcode').fill('Secret');
  await page.getByLabel(/re-enter/i).fill('pat.doe@example.com');
  await page.getByRole('textbox', { name: 'Street address' }).first().fill('100 Main St');
  await page.getByRole('textbox', { name: 'City' }).first().fill('Springfield');
  await page.getByRole('combobox', { name: 'State' }).first().selectOption({ label: 'Virginia' });
  await page.getByRole('textbox', { name: 'Zip code' }).first().fill('22150');
  await page.getByLabel(/group number/i).fill('demo100');
  await expect.poll(() => page.getByLabel(/employer name/i).inputValue()).toBe('Demo Employer Inc.');
  await page.getByLabel('Individual', { exact: true }).check();
  await page.getByLabel(/effective date/i).fill('01-01-2026');
}

describe('standard journey', () => {
  it('goes from the welcome page to the thank-you screen and stores the enrollment once', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/enrollment');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Health Savings Account (HSA) Enrollment');
    await expectAccessible(page, 'standard-welcome');
    await page.getByRole('link', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Step 1: Account Holder Information' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await expectAccessible(page, 'standard-step1-errors');

    await fillStep1(page, '123-45-6789');
    await expectAccessible(page, 'standard-step1-filled');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Step 2: Additional Cardholder' }).waitFor();
    await expectAccessible(page, 'standard-step2');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Step 3: Verify' }).waitFor();
    await expect.poll(() => page.getByText('XXX-XX-6789').count()).toBe(1);
    await expectAccessible(page, 'standard-step3');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Step 4: Terms and Conditions' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByLabel(/accept/i).first().check();
    await page.getByLabel(/electronic/i).first().check();
    await page.getByLabel(/^First name/).fill('Pat');
    await page.getByLabel(/^Last name/).fill('Doe');
    await page.getByText("I'm not a robot").click({ timeout: 10_000 });
    await expect.poll(() => page.getByRole('button', { name: 'Next' }).isDisabled(), { timeout: 20_000 }).toBe(false);
    await expectAccessible(page, 'standard-step4');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByText('You will receive an e-mail in 3-5 business days.').waitFor();
    await expectAccessible(page, 'standard-thankyou');
    await page.goBack();
    await page.getByText('You will receive an e-mail in 3-5 business days.').waitFor();
    expect(await server.countEnrollments()).toBe(1);
    await context.close();
  });
});
