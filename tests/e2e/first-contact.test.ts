/** What people meet first, with a quick hand and a slow one, on a desktop and a 390 px phone: a press on Next right
 *  after correcting a field is not lost to the layout the correction changes, an SSN the rules refuse is told as
 *  such and never leaves Next stuck, and no key of a correction is lost to the message it lifts. */
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { withServerAndBrowser } from './harness';
import { fillEmployerGroup, fillPersonal, next, PAPERLESS, pat, solveCaptcha } from './journey';
import { DEVICES, HANDS, press, type, typeThenPress } from './hand';
import { dataProtection } from '../../src/server/crypto';
import { TEST_DATA_KEY } from '../../src/server/testing';
import { firstOfThisMonth } from '../dates';

const live = withServerAndBrowser();
const nextButton = (page: Page) => page.getByRole('button', { name: 'Next' });

describe.each(DEVICES)('on a $name', (device) => {
  describe.each(HANDS)('$name', (hand) => {
    it('moves on with the first press of Previous, and of Next, after correcting the e-signature', async () => {
      const context = await device.open(live.browser);
      const page = await context.newPage();
      try {
        await page.goto(`${live.server.url}/enrollment/accountholder`);
        await fillPersonal(page, { ...pat, ssnDigits: device.name === 'phone' ? (hand === HANDS[0] ? '223450001' : '223450002') : hand === HANDS[0] ? '223450003' : '223450004' });
        await fillEmployerGroup(page);
        await next(page, 'Step 2: Additional Cardholder');
        await next(page, 'Step 3: Verify');
        await next(page, 'Step 4: Terms and Conditions');
        await press(page.getByLabel(/accept and agree/i), hand);
        await press(page.getByLabel(/electronically/i), hand);
        await solveCaptcha(page, hand);
        const first = page.getByLabel(/^First name/);
        await type(page.getByLabel(/^Last name/), pat.last, hand);
        await typeThenPress(first, 'Pet', nextButton(page), hand);
        await page.getByText("Must match applicant's First Name.").first().waitFor();

        // The correction, and Previous at once: the message goes as the field is left, and Previous must still act.
        await typeThenPress(first, pat.first, page.getByRole('button', { name: 'Previous' }), hand);
        await page.getByRole('heading', { level: 1, name: 'Step 3: Verify' }).waitFor({ timeout: 10_000 });
        await next(page, 'Step 4: Terms and Conditions', hand);
        await solveCaptcha(page, hand);
        await typeThenPress(first, 'Pet', nextButton(page), hand);
        await page.getByText("Must match applicant's First Name.").first().waitFor();

        // The correction, and Next at once: Next must still be pressed, and the enrollment is sent once.
        const sent: Request[] = [];
        page.on('request', (r) => void (r.url().endsWith('/enrollment/enroll') && sent.push(r)));
        await typeThenPress(first, pat.first, nextButton(page), hand);
        await page.getByText(PAPERLESS).waitFor({ timeout: 10_000 });
        expect(sent).toHaveLength(1);
      } finally {
        await context.close();
      }
    });

    it('tells an SSN the rules refuse as such, sends it nowhere, and Next shows the error summary', async () => {
      const context = await device.open(live.browser);
      const page = await context.newPage();
      const checks: Request[] = [];
      page.on('request', (r) => void (r.url().includes('/verify-ssn') && checks.push(r)));
      try {
        await page.goto(`${live.server.url}/enrollment/accountholder`);
        const ssn = page.getByLabel(/social security/i);
        await typeThenPress(ssn, '111111111', page.getByLabel(/date of birth/i), hand);
        await page.getByText('Please enter a valid SSN.').first().waitFor();
        expect(checks, 'an SSN the rules refuse is not sent to the server').toHaveLength(0);
        expect(await nextButton(page).isDisabled()).toBe(false);
        await press(nextButton(page), hand);
        await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
        expect(await page.getByRole('link', { name: 'Please enter a valid SSN.' }).count()).toBe(1);
        expect(await page.getByText(/could not reach our servers/i).count()).toBe(0);

        // Corrected, it is checked once, and the step moves on.
        await type(ssn, '123456789', hand);
        await expect.poll(() => checks.length).toBe(1);
        await page.getByText('Please enter a valid SSN.').first().waitFor({ state: 'detached' });
        // Next waits for the check's answer, then moves on.
        await expect.poll(() => nextButton(page).isDisabled()).toBe(false);
        await press(nextButton(page), hand);
        await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
        expect(await page.getByRole('link', { name: 'Please enter a valid SSN.' }).count()).toBe(0);
        expect(checks).toHaveLength(1);
      } finally {
        await context.close();
      }
    });

    it("corrects a group number the lookup did not find, and an SSN that has an account: every key of the correction counts", async () => {
      const enrolled = '123456783';
      await live.server.db.query("INSERT INTO enrollments (ssn_index, payload_enc, group_id, outcome) VALUES ($1, '', 'DEMO100', 'success') ON CONFLICT DO NOTHING", [dataProtection(TEST_DATA_KEY).ssnIndex(enrolled)]);
      const context = await device.open(live.browser);
      const page = await context.newPage();
      try {
        await page.goto(`${live.server.url}/enrollment/accountholder`);
        // A letter O for a zero: not found. The message is told while the field is still being typed in.
        const group = page.getByLabel(/^Group number/);
        const notFound = page.waitForResponse((r) => r.url().endsWith('/api/v1/employer/DEMO1OO'));
        await type(group, 'DEMO1OO', hand);
        expect((await notFound).status()).toBe(404);
        // The correction, key by key: the first key lifts the message, and none is lost to it.
        await page.keyboard.press('Backspace');
        await page.keyboard.press('Backspace');
        await page.keyboard.type('00', { delay: hand.keyDelay });
        expect(await group.inputValue()).toBe('DEMO100');
        await expect.poll(() => page.getByLabel(/^Employer name/).inputValue()).toBe('Demo Employer Inc.');

        // An SSN that has an account: refused; its last digit corrected, it is checked again, and the step moves on.
        const ssn = page.getByLabel(/social security/i);
        const refused = page.waitForResponse((r) => r.url().endsWith('/verify-ssn'));
        await type(ssn, enrolled, hand);
        expect(await (await refused).json()).toBe(false);
        await page.keyboard.press('Tab');
        await page.getByText(/already have a Health Savings Account/).first().waitFor();
        const checked = page.waitForResponse((r) => r.url().endsWith('/verify-ssn'));
        await press(ssn, hand);
        await page.keyboard.press('End');
        await page.keyboard.press('Backspace');
        await page.keyboard.type('4', { delay: hand.keyDelay });
        expect(await (await checked).json()).toBe(true);
        await page.getByText(/already have a Health Savings Account/).first().waitFor({ state: 'detached' });
        await fillPersonal(page, { ...pat, ssnDigits: '123456784' }, hand);
        await press(page.getByLabel('Individual', { exact: true }), hand);
        await type(page.getByLabel(/effective date/i), firstOfThisMonth('MM-DD-YYYY').replace(/-/g, ''), hand);
        await next(page, 'Step 2: Additional Cardholder', hand);
      } finally {
        await context.close();
      }
    });
  });
});
