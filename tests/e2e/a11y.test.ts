/** axe-core on the screens and dialogs the journeys do not already check: both variants, errors shown. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { withServerAndBrowser } from './harness';
import { expectAccessible, fillEmployerGroup, fillPersonal, next, pat, takenOver } from './journey';
import { press, ROBOT, type } from './hand';

const live = withServerAndBrowser();

async function open(host: string, path: string): Promise<Page> {
  const page = await (await live.browser.newContext()).newPage();
  await page.goto(live.server.url.replace('127.0.0.1', host) + path);
  return page;
}

describe.each([['127.0.0.1', 'standard'], ['aarp.localhost', 'aarp']])('accessibility on %s', (host, name) => {
  it('step 1 with every error shown, the info tooltip open', async () => {
    const page = await open(host, '/enrollment/accountholder');
    await takenOver(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await press(page.getByLabel('Mailing address is different'), ROBOT);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'More information about Social security number' }).click();
    await page.getByText('We need your social security number').waitFor();
    await expectAccessible(page, `${name}-step1-all-errors`);
  });

  it('the security seal popup and the fee schedule', async () => {
    const page = await open(host, '/enrollment');
    await page.getByRole('button', { name: 'Site security seal' }).click();
    await page.getByRole('dialog', { name: 'Site security' }).waitFor();
    await expectAccessible(page, `${name}-seal`);
    const fees = await open(host, name === 'aarp' ? '/feeschedule/AARP01' : '/feeschedule');
    await fees.getByRole('heading', { name: 'Standard Fees' }).waitFor();
    await expectAccessible(fees, `${name}-fees`);
  });

  it('the splash page', async () => {
    const page = await open(host, '/splash');
    await page.getByText('Our systems are currently undergoing maintenance.').waitFor();
    await expectAccessible(page, `${name}-splash`);
  });
});

describe('the info tooltip in the browser', () => {
  it('shows on Enter and hides on Escape', async () => {
    const page = await open('127.0.0.1', '/enrollment/accountholder');
    // Step 1 is drawn by the server (issue 25): its button does nothing until the script has taken the page over,
    // which names the tab after the step.
    await expect.poll(() => page.title()).toBe('Step 1: Account Holder Information');
    const info = page.getByRole('button', { name: 'More information about Social security number' });
    await info.focus();
    await page.keyboard.press('Enter');
    await page.getByText('We need your social security number').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByText('We need your social security number').count()).toBe(0);
  });
});

describe('reflow at 320 px (DESIGN.md section 5)', () => {
  it('fits every screen of a journey with long answers, and step 1 with its errors, with no sideways scroll', async () => {
    const page = await (await live.browser.newContext({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true })).newPage();
    const fits = async (screen: string) => expect(await page.evaluate(() => document.documentElement.scrollWidth), `${screen} fits 320 px`).toBeLessThanOrEqual(320);
    await page.goto(`${live.server.url}/enrollment`);
    await fits('welcome');
    await page.getByRole('link', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 1, name: 'Step 1: Account Holder Information' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await fits('step 1 with its errors');
    // An ordinary long e-mail address: one word the review's table must break.
    const email = 'christopher.johnson@mycompanyname.com';
    await fillPersonal(page, { ...pat, first: 'Maximilianopoulos', last: 'Vandenberghe-Smith', ssnDigits: '223450005' });
    await type(page.getByLabel('Email address', { exact: true }), email, ROBOT);
    await type(page.getByLabel(/re-enter/i), email, ROBOT);
    await fillEmployerGroup(page);
    await fits('step 1 filled');
    await next(page, 'Step 2: Additional Cardholder');
    await fits('step 2');
    await next(page, 'Step 3: Verify');
    await page.getByText(email).waitFor();
    await fits('the review');
    await expectAccessible(page, 'review-320');
    await next(page, 'Step 4: Terms and Conditions');
    await fits('the terms');
  });
});
