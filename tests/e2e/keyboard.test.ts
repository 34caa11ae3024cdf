/** The whole standard flow with a keyboard alone: Tab to reach, type, Space and Enter to act. No clicks. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { withServerAndBrowser } from './harness';
import { PAPERLESS } from './journey';
import { firstOfThisMonth } from '../dates';

const live = withServerAndBrowser();

/** The focused element's accessible name, as far as a label, aria-label or text gives it. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const labelled = (el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '';
    return labelled.replace(/\s+/g, ' ').trim();
  });

/** Presses Tab until the focused control's name matches; fails if it is not reachable. */
async function tabTo(page: Page, name: RegExp): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if (name.test(await focusedName(page))) return;
  }
  throw new Error(`${name} is not reachable with Tab`);
}

async function fill(page: Page, name: RegExp, text: string) {
  await tabTo(page, name);
  await page.keyboard.type(text);
}

/** A step is ready for the keyboard once its form has rendered its buttons. */
async function stepReady(page: Page, heading: string) {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.getByRole('button', { name: 'Next' }).waitFor();
  await page.waitForLoadState('networkidle');
}

/** A step reached from another starts at its title: focus is on its h1 (a screen reader says where the applicant is),
 *  and the next Tab goes on from there. */
async function expectFocusOnTitle(page: Page, heading: string) {
  expect(await page.evaluate(() => [document.activeElement?.tagName, document.activeElement?.textContent])).toEqual(['H1', heading]);
}

async function pressOn(page: Page, name: RegExp, key: 'Enter' | 'Space') {
  await tabTo(page, name);
  await page.keyboard.press(key);
}

describe('keyboard only', () => {
  it('completes the standard flow from welcome to thank-you', async () => {
    const page = await live.browser.newPage();
    page.setDefaultTimeout(8000);
    try {
      await keyboardJourney(page);
    } catch (e) {
      await page.screenshot({ path: 'artifacts/screenshots/keyboard-failure.png', fullPage: true });
      throw e;
    }
  });
});

async function keyboardJourney(page: Page) {
  {
    await page.goto(`${live.server.url}/enrollment`);
    await pressOn(page, /^Next$/, 'Enter');
    await stepReady(page, 'Step 1: Account Holder Information');

    await fill(page, /^First name/, 'Kim');
    await fill(page, /^Last name/, 'Lee');
    await fill(page, /^Social security number/, '623456789');
    await fill(page, /^Date of birth/, '02201980');
    await fill(page, /^Home phone/, '3015550123');
    await fill(page, /^Email address/, 'kim@example.com');
    await fill(page, /^Re-enter email/, 'kim@example.com');
    await fill(page, /^Passcode/, 'Secret');
    await fill(page, /^Street address/, '5 Oak Ave');
    await fill(page, /^City/, 'Bethesda');
    await fill(page, /^State/, 'Maryland');
    await fill(page, /^Zip code/, '20814');
    await fill(page, /^Group number/, 'DEMO100');
    await expect.poll(() => page.getByLabel(/employer name/i).inputValue()).toBe('Demo Employer Inc.');
    await pressOn(page, /^Individual$/, 'Space');
    await fill(page, /^HDHP effective date/, firstOfThisMonth('MM-DD-YYYY'));
    await pressOn(page, /^Next$/, 'Enter');

    await stepReady(page, 'Step 2: Additional Cardholder');
    await expectFocusOnTitle(page, 'Step 2: Additional Cardholder');
    await pressOn(page, /^Next$/, 'Enter');
    await stepReady(page, 'Step 3: Verify');
    await expectFocusOnTitle(page, 'Step 3: Verify');
    // Previous, and Next again: each step starts at its title.
    await pressOn(page, /^Previous$/, 'Enter');
    await stepReady(page, 'Step 2: Additional Cardholder');
    await expectFocusOnTitle(page, 'Step 2: Additional Cardholder');
    await pressOn(page, /^Next$/, 'Enter');
    await stepReady(page, 'Step 3: Verify');
    await pressOn(page, /^Next$/, 'Enter');
    await stepReady(page, 'Step 4: Terms and Conditions');
    await expectFocusOnTitle(page, 'Step 4: Terms and Conditions');

    await pressOn(page, /accept and agree/, 'Space');
    await pressOn(page, /electronically/, 'Space');
    await fill(page, /^First name/, 'Kim');
    await fill(page, /^Last name/, 'Lee');
    await page.getByText("I'm not a robot").waitFor({ timeout: 10_000 });
    await pressOn(page, /I'm not a robot/, 'Space');
    await expect.poll(() => page.getByRole('button', { name: 'Next' }).isDisabled(), { timeout: 20_000 }).toBe(false);
    await pressOn(page, /^Next$/, 'Enter');
    await page.getByText(PAPERLESS).waitFor();
    // The 'Verifying Information' dialog closed with the answer: the outcome starts at its title too.
    await expectFocusOnTitle(page, 'Thank You');
    expect(await live.server.countEnrollments()).toBe(1);
  }
}

describe('keyboard and the error summary', () => {
  it('reaches a field from the error summary with Enter', async () => {
    const page = await live.browser.newPage();
    await page.goto(`${live.server.url}/enrollment/accountholder`);
    await stepReady(page, 'Step 1: Account Holder Information');
    await pressOn(page, /^Next$/, 'Enter');
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    // The summary took focus; the first link is one Tab away.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('First name is required.');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_firstName');
  });
});
