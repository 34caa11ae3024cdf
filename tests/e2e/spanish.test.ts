/** The whole site in Spanish (issue 14), in Chromium: chosen by the address, the switch or the browser's language;
 *  a whole journey in each variant with axe and `lang` on every screen, and no English sentence left on a Spanish
 *  screen (each screen's text against the English catalogue). Labels are found by the Spanish words of the locale
 *  files, as a Spanish reader finds them. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { withServerAndBrowser } from './harness';
import { expectAccessible, takenOver, type Person } from './journey';
import { firstOfThisMonth } from '../dates';
import { press, type, ROBOT } from './hand';

const live = withServerAndBrowser();
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const words = { ...json('schemas/es/translations.json'), ...json('variants/aarp/es/translations.json') } as Record<string, string>;
const spanishText = json('generated/standard/es/words.json').text as Record<string, Record<string, unknown>>;
const text = (group: string, key: string) => spanishText[group][key] as string;

/** Spanish for an English word of the schemas (the build guarantees there is one). */
const es = (english: string): string => {
  if (!words[english]) throw new Error(`schemas/es/translations.json has no '${english}'`);
  return words[english];
};
const starts = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Every English sentence a person could read (page copy, messages, schema words), less those that read the same in
 *  Spanish (names, states, 'PDF'). */
function englishSentences(): string[] {
  const leaves = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(leaves) : v && typeof v === 'object' ? Object.entries(v).filter(([k]) => k !== '$comment').flatMap(([, x]) => leaves(x)) : []);
  const english = [...leaves(json('generated/standard/en/words.json').text), ...leaves(json('generated/aarp/en/words.json').text), ...leaves(json('schemas/messages.json')), ...Object.keys(words)];
  const spanish = new Set([...leaves(json('generated/standard/es/words.json').text), ...leaves(json('generated/aarp/es/words.json').text), ...Object.values(words)]);
  // A sentence: several words with a letter; placeholders cut it into the parts a screen shows.
  return [...new Set(english.flatMap((s) => s.split(/\{[\w-]+\}/)).map((s) => s.trim()))].filter((s) => !spanish.has(s) && /[a-z]{3,} [a-z]{2,}/i.test(s));
}
const ENGLISH = englishSentences();

async function expectSpanishScreen(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
  await expectAccessible(page, name);
  const shown = await page.evaluate(() => document.body.innerText);
  expect(ENGLISH.filter((s) => shown.includes(s)), `English on ${name}`).toEqual([]);
}

async function fillStep1(page: Page, p: Person): Promise<void> {
  if (p.memberNumberDigits) await type(page.getByLabel(starts(es('AARP membership number'))), p.memberNumberDigits, ROBOT);
  await type(page.getByLabel(es('First name'), { exact: true }), p.first, ROBOT);
  if (p.middle) await type(page.getByLabel(starts(es('Middle initial'))), p.middle, ROBOT);
  await type(page.getByLabel(es('Last name'), { exact: true }), p.last, ROBOT);
  await type(page.getByLabel(starts(es('Social security number'))), p.ssnDigits, ROBOT);
  await type(page.getByLabel(starts(es('Date of birth'))), p.dobDigits, ROBOT);
  await type(page.getByLabel(starts(es('Home phone'))), '2025550143', ROBOT);
  await type(page.getByLabel(es('Email address'), { exact: true }), 'applicant@example.com', ROBOT);
  await type(page.getByLabel(starts(es('Re-enter email address'))), 'applicant@example.com', ROBOT);
  await type(page.getByLabel(es('Passcode'), { exact: true }), 'Secret', ROBOT);
  await type(page.getByRole('textbox', { name: es('Street address') }).first(), '601 E St NW', ROBOT);
  await type(page.getByRole('textbox', { name: es('City') }).first(), 'Washington', ROBOT);
  await page.getByRole('combobox', { name: es('State') }).first().selectOption({ label: es('District of Columbia') });
  await type(page.getByRole('textbox', { name: es('Zip code') }).first(), p.zip, ROBOT);
}

const next = async (page: Page, heading: string) => {
  await page.getByRole('button', { name: text('actions', 'next') }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
};

async function journey(page: Page, base: string, p: Person, partner: boolean): Promise<void> {
  await page.goto(`${base}/enrollment?lang=es`);
  await expectSpanishScreen(page, `${partner ? 'aarp' : 'standard'}-es-welcome`);
  await page.getByRole('link', { name: text('actions', 'next') }).click();
  await page.getByRole('heading', { level: 1, name: es('Step 1: Account Holder Information') }).waitFor();
  // Next with nothing filled: the error summary and each field's message, in Spanish.
  await page.getByRole('button', { name: text('actions', 'next') }).click();
  await page.getByRole('heading', { name: 'Hay un problema' }).waitFor();
  expect(await page.getByRole('link', { name: es('First name is required.') }).count()).toBe(1);
  await expectSpanishScreen(page, `${partner ? 'aarp' : 'standard'}-es-step1-errors`);
  await fillStep1(page, p);
  if (partner) {
    await press(page.getByLabel(es('Individual'), { exact: true }), ROBOT);
    await page.getByRole('button', { name: text('actions', 'next') }).click();
    const dialog = page.getByRole('dialog', { name: text('dialogs', 'membershipVerifiedTitle') });
    await dialog.waitFor();
    await expectSpanishScreen(page, 'aarp-es-verified-dialog');
    await dialog.getByRole('button', { name: text('actions', 'continue') }).click();
    await page.getByRole('heading', { level: 1, name: es('Step 2: Additional Cardholder') }).waitFor();
  } else {
    await type(page.getByLabel(starts(es('Group number or financial advisor number'))), 'demo100', ROBOT);
    await expect.poll(() => page.getByLabel(starts(es('Employer name'))).inputValue()).toBe('Demo Employer Inc.');
    await press(page.getByLabel(es('Individual'), { exact: true }), ROBOT);
    await type(page.getByLabel(starts(es('HDHP effective date'))), firstOfThisMonth('MM-DD-YYYY'), ROBOT);
    await next(page, es('Step 2: Additional Cardholder'));
  }
  await expectSpanishScreen(page, `${partner ? 'aarp' : 'standard'}-es-step2`);
  // The holder's own names as the additional cardholder's: the step's alert, its text and its button in Spanish.
  const addCard = page.getByLabel(es('Add additional cardholder'));
  await press(addCard, ROBOT);
  await type(page.getByLabel(es('First name'), { exact: true }), p.first, ROBOT);
  await type(page.getByLabel(es('Last name'), { exact: true }), p.last, ROBOT);
  await page.getByRole('button', { name: text('actions', 'next') }).click();
  const alert = page.getByRole('alert').filter({ hasText: es('A debit card will automatically be ordered as part of the enrollment process.') });
  await alert.waitFor();
  expect(await alert.textContent()).toContain(es('Please enter the name of the additional cardholder.'));
  await expectSpanishScreen(page, `${partner ? 'aarp' : 'standard'}-es-step2-same-name`);
  await alert.getByRole('button', { name: text('actions', 'dismiss') }).click();
  await expect.poll(() => alert.count()).toBe(0);
  await press(addCard, ROBOT);
  await next(page, es('Step 3: Verify'));
  // The review page: Spanish labels, and dates in Spanish words.
  expect(await page.getByRole('cell', { name: 'de abril de' }).count()).toBeGreaterThan(0);
  // State names in Spanish, as USA.gov en español writes them.
  expect(await page.getByRole('cell', { name: 'Distrito de Columbia' }).count()).toBe(1);
  await expectSpanishScreen(page, `${partner ? 'aarp' : 'standard'}-es-verify`);
  await next(page, es('Step 4: Terms and Conditions'));
  await press(page.getByLabel(starts(es('I have read and I accept and agree to the terms and conditions.'))), ROBOT);
  await press(page.getByLabel(starts(es('Yes, deliver my welcome materials and account documents electronically (paperless).'))), ROBOT);
  // The e-signature: the only names on this step.
  await type(page.getByLabel(es('First name'), { exact: true }), p.first, ROBOT);
  if (p.middle) await type(page.getByLabel(starts(es('Middle initial'))), p.middle, ROBOT);
  await type(page.getByLabel(es('Last name'), { exact: true }), p.last, ROBOT);
  // The captcha's own words are Spanish too.
  await page.getByText(es("I'm not a robot")).click({ timeout: 10_000 });
  await expect.poll(() => page.getByRole('button', { name: text('actions', 'next') }).isDisabled(), { timeout: 20_000 }).toBe(false);
  await expectSpanishScreen(page, `${partner ? 'aarp' : 'standard'}-es-terms`);
  await page.getByRole('button', { name: text('actions', 'next') }).click();
  await page.getByText((spanishText.thankYou.paperless as string[])[0]).waitFor();
  await expectSpanishScreen(page, `${partner ? 'aarp' : 'standard'}-es-thankyou`);
}

describe('the site in Spanish', () => {
  it('takes an applicant through the standard variant entirely in Spanish', async () => {
    const context = await live.browser.newContext();
    await journey(await context.newPage(), live.server.url, { first: 'Ana', last: 'Garcia', ssnDigits: '123456791', dobDigits: '04151970', zip: '22150' }, false);
    await context.close();
  });

  it('takes the demo member through the partner variant entirely in Spanish', async () => {
    const context = await live.browser.newContext();
    const base = live.server.url.replace('127.0.0.1', 'aarp.localhost');
    await journey(await context.newPage(), base, { first: 'Jane', middle: 'A', last: 'Sample', ssnDigits: '123456781', dobDigits: '04151958', zip: '20049', memberNumberDigits: '1234567890' }, true);
    await context.close();
  });

  it("follows the browser's preferred language, and the switch changes language in place, keeping what was typed", async () => {
    const context = await live.browser.newContext({ locale: 'es-MX' });
    const page = await context.newPage();
    await page.goto(`${live.server.url}/enrollment`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.getByRole('link', { name: text('actions', 'next') }).click();
    await type(page.getByLabel(es('First name'), { exact: true }), 'Ana', ROBOT);
    // English, by the switch in the header: same page, same answer, the address without the Spanish mark.
    await page.getByRole('link', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Step 1: Account Holder Information' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.getByLabel(/^First name/).inputValue()).toBe('Ana');
    // And back: the address says so, for a link that opens Spanish directly.
    await page.getByRole('link', { name: 'Español' }).click();
    await page.getByRole('heading', { level: 1, name: es('Step 1: Account Holder Information') }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('lang')).toBe('es');
    expect(await page.getByLabel(es('First name'), { exact: true }).inputValue()).toBe('Ana');
    await context.close();
  });

  it('puts the messages already shown in the language switched to: the summary and under each field, both ways', async () => {
    const context = await live.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${live.server.url}/enrollment/accountholder?lang=es`);
    await takenOver(page);
    await type(page.getByLabel(es('Email address'), { exact: true }), 'bad@', ROBOT);
    await press(page.getByRole('button', { name: text('actions', 'next') }), ROBOT);
    const summary = page.getByRole('alert').filter({ has: page.getByRole('heading', { level: 2 }) });
    const messages = ['First name is required.', 'Home phone number is required.', 'Enter a valid Email Address.'];
    const shownIn = async (language: 'en' | 'es') => {
      for (const english of messages) {
        const [shown, other] = language === 'es' ? [es(english), english] : [english, es(english)];
        await summary.getByRole('link', { name: shown, exact: true }).waitFor();
        // The summary's link and the field's own message, and nothing in the other language.
        expect(await page.getByText(shown, { exact: true }).count(), shown).toBe(2);
        expect(await page.getByText(other, { exact: true }).count(), other).toBe(0);
      }
    };
    await shownIn('es');
    await page.getByRole('link', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Step 1: Account Holder Information' }).waitFor();
    await shownIn('en');
    await page.getByRole('link', { name: 'Español' }).click();
    await page.getByRole('heading', { level: 1, name: es('Step 1: Account Holder Information') }).waitFor();
    await shownIn('es');
    await expectSpanishScreen(page, 'standard-es-step1-errors-switched');
    await context.close();
  });

  it('keeps what was typed on the step 1 the server drew when the language is switched, in both partners', async () => {
    for (const host of ['127.0.0.1', 'aarp.localhost']) {
      const context = await live.browser.newContext();
      const page = await context.newPage();
      // Opened at the step's own address: the server draws it in English and the script takes it over; the Spanish
      // step has not been loaded yet.
      await page.goto(`${live.server.url.replace('127.0.0.1', host)}/enrollment/accountholder`);
      await takenOver(page);
      await type(page.getByLabel('First name', { exact: true }), 'Pat', ROBOT);
      await type(page.getByLabel(/^Home phone/), '2025550143', ROBOT);
      await page.getByRole('link', { name: 'Español' }).click();
      await page.getByRole('heading', { level: 1, name: es('Step 1: Account Holder Information') }).waitFor();
      expect(await page.getByLabel(es('First name'), { exact: true }).inputValue(), host).toBe('Pat');
      expect(await page.getByLabel(starts(es('Home phone'))).inputValue(), host).toBe('202-555-0143');
      await context.close();
    }
  });

  it("shows the fee schedule, not-found, the vetting page (with the server's own message) and a dialog in Spanish", async () => {
    const context = await live.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${live.server.url}/enrollment?lang=es`);
    await page.getByRole('button', { name: text('actions', 'cancel') }).click();
    await page.getByRole('alertdialog', { name: text('actions', 'cancelQuestion') }).waitFor();
    await expectSpanishScreen(page, 'es-cancel-dialog');
    await page.keyboard.press('Escape');
    // No application asked for documents in this session: the server refuses, in the applicant's language.
    await page.goto(`${live.server.url}/vetting/standard?lang=es`);
    await page.getByRole('heading', { level: 1, name: text('vetting', 'title') }).waitFor();
    const refusal = (json('generated/standard/es/words.json').messages as Record<string, string>).documentsNoGrant.split('{')[0];
    await page.getByRole('alert').filter({ hasText: refusal }).waitFor();
    await expectSpanishScreen(page, 'es-vetting-closed');
    await page.goto(`${live.server.url}/feeschedule?lang=es`);
    await page.getByRole('heading', { level: 1, name: text('feeSchedule', 'title') }).waitFor();
    await expectSpanishScreen(page, 'es-feeschedule');
    await page.goto(`${live.server.url}/nowhere?lang=es`);
    await page.getByRole('heading', { level: 1, name: text('notFound', 'title') }).waitFor();
    await expectSpanishScreen(page, 'es-notfound');
    await context.close();
  });
});
