/** A step's behaviour is declared with the step, by rule name: a partner whose steps.json renames every step
 *  (tests/fixtures/variants/renamed) keeps the mailing-address and additional-card rules, as the standard list does. */
import { describe, expect, it } from 'vitest';
import { withServerAndBrowser } from './harness';
import { fillPersonal, next, pat } from './journey';
import { firstOfThisMonth } from '../dates';
import { press, ROBOT, type } from './hand';

const live = withServerAndBrowser();

describe.each([
  { name: 'the standard step list', host: '127.0.0.1', first: 'accountholder', ssnDigits: '123450771' },
  { name: 'a partner whose steps are renamed', host: 'renamed.localhost', first: 'about-you', ssnDigits: '123450772' },
])('$name', ({ host, first, ssnDigits }) => {
  it("keeps step 1's and step 2's rules: group from the address, the session, the SSN field, the mailing address and the additional card", async () => {
    const context = await live.browser.newContext();
    const page = await context.newPage();
    const origin = live.server.url.replace('127.0.0.1', host);
    try {
      await page.goto(`${origin}/enrollment`);
      await press(page.getByRole('link', { name: 'Next' }), ROBOT);
      await page.getByRole('heading', { level: 1, name: 'Step 1: Account Holder Information' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/enrollment/${first}`);
      // groupFromAddress and startSession: the group number from the address, and in the groupID cookie.
      await page.goto(`${origin}/enrollment/${first}?group=DEMO100`);
      await page.getByRole('heading', { level: 1, name: 'Step 1: Account Holder Information' }).waitFor();
      await expect.poll(() => page.getByLabel(/group number/i).inputValue()).toBe('DEMO100');
      await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'groupID')?.value).toBe('DEMO100');
      await expect.poll(() => page.getByLabel(/employer name/i).inputValue()).toBe('Demo Employer Inc.');

      await fillPersonal(page, { ...pat, ssnDigits });
      await press(page.getByLabel('Individual', { exact: true }), ROBOT);
      await type(page.getByLabel(/effective date/i), firstOfThisMonth('MM-DD-YYYY'), ROBOT);
      // A mailing address typed, then not wanted after all.
      const different = page.getByLabel('Mailing address is different');
      await press(different, ROBOT);
      const mailingStreet = page.getByRole('textbox', { name: 'Street address' }).nth(1);
      await type(mailingStreet, '9 Elsewhere Rd', ROBOT);
      await press(different, ROBOT);
      await next(page, 'Step 2: Additional Cardholder');
      // rememberGroup: the effective date is kept for the session.
      expect(await page.evaluate(() => sessionStorage.getItem('effectiveDate'))).toMatch(/^\d{2}-01-\d{4}$/);

      // An additional card typed, then not wanted after all, and Previous.
      const add = page.getByLabel('Add additional cardholder');
      await press(add, ROBOT);
      await type(page.getByLabel(/^First name/), 'Sam', ROBOT);
      await press(add, ROBOT);
      await press(page.getByRole('button', { name: 'Previous' }), ROBOT);
      await page.getByRole('heading', { level: 1, name: 'Step 1: Account Holder Information' }).waitFor();

      // ssnFieldStartsEmpty: back on step 1, the SSN field is empty (spec section 4).
      expect(await page.getByLabel(/social security/i).inputValue()).toBe('');
      // mailingAddressOnlyIfDifferent: the mailing address was forgotten when Next was pressed without its box.
      await press(different, ROBOT);
      expect(await mailingStreet.inputValue()).toBe('');
      await press(different, ROBOT);
      await type(page.getByLabel(/social security/i), ssnDigits, ROBOT);
      await next(page, 'Step 2: Additional Cardholder');
      // additionalCardOnlyIfRequested: what was typed for the card was not kept, as its box was not ticked.
      await press(add, ROBOT);
      expect(await page.getByLabel(/^First name/).inputValue()).toBe('');
    } finally {
      await context.close();
    }
  });
});
