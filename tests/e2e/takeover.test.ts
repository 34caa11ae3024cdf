/** Step 1 drawn by the server (issue 25): a person reads it and types into it before the page's script arrives, and
 *  the script takes it over without losing a key, in both partners and both languages, on a phone and a desktop. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PERSON, PHONE, press, ROBOT, type, type Device, type Hand } from './hand';
import { expectAccessible, fillAfterNames, fillEmployerGroup, fillPersonal, next, pat, takenOver } from './journey';
import { withServerAndBrowser } from './harness';
import { dataProtection } from '../../src/server/crypto';
import { TEST_DATA_KEY } from '../../src/server/testing';
import { firstOfThisMonth } from '../dates';

const live = withServerAndBrowser();
const at = (host: string, path: string) => live.server.url.replace('127.0.0.1', host) + path;

/** Holds the page's script (or another) back until released; `asked` says the page asked for it (so the hold is real). */
async function holdScript(page: Page, script = /\/assets\/index-[\w-]+\.js$/): Promise<{ release: () => void; asked: () => boolean; served: () => boolean }> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let asked = false;
  let served = false;
  await page.route(script, async (route) => {
    asked = true;
    await released;
    await route.continue();
    served = true;
  });
  return { release, asked: () => asked, served: () => served };
}

/** Step 1's labels in each language (the fields typed before the script, and the summary's title). */
const LABELS = {
  en: { heading: 'Step 1: Account Holder Information', first: 'First name', last: 'Last name', ssn: 'Social security number', dob: 'Date of birth', city: 'City', state: 'State', zip: 'Zip code', summary: 'There is a problem' },
  es: { heading: 'Paso 1: Información del titular de la cuenta', first: 'Nombre', last: 'Apellido', ssn: 'Número de Seguro Social', dob: 'Fecha de nacimiento', city: 'Ciudad', state: 'Estado', zip: 'Código postal', summary: 'Hay un problema' },
} as const;

interface Case {
  partner: string;
  host: string;
  language: keyof typeof LABELS;
  device: Device;
  hand: Hand;
}

const cases: Case[] = [
  { partner: 'standard', host: '127.0.0.1', language: 'en', device: PHONE, hand: ROBOT },
  { partner: 'standard', host: '127.0.0.1', language: 'es', device: DESKTOP, hand: ROBOT },
  { partner: 'aarp', host: 'aarp.localhost', language: 'en', device: DESKTOP, hand: PERSON },
  // (A robot's taps on this page, on a phone, before any script: Chromium drops the keys typed into a field at once
  // after its tap, with no script on the page to blame; a person's pace types them all.)
  { partner: 'aarp', host: 'aarp.localhost', language: 'es', device: PHONE, hand: PERSON },
];

describe('step 1 drawn by the server', () => {
  it.each(cases)('$partner in $language, on a $device.name, typed by $hand.name before its script: every key is there after the takeover', async ({ host, language, device, hand }) => {
    const context = await device.open(live.browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    // The page's script is held back until the person has typed.
    const script = await holdScript(page);
    await page.goto(at(host, `/enrollment/accountholder${language === 'es' ? '?lang=es' : ''}`), { waitUntil: 'commit' });
    const words = LABELS[language];
    await page.getByRole('heading', { level: 1, name: words.heading }).waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { shift: number };
      w.shift = 0;
            // A shift the person's own press brought (hadRecentInput) is theirs, not the takeover's.
      new PerformanceObserver((list) => list.getEntries().forEach((e) => {
        const shift = e as unknown as { value: number; hadRecentInput: boolean };
        if (!shift.hadRecentInput) w.shift += shift.value;
      })).observe({ type: 'layout-shift', buffered: true });
    });

    // (A list first: a phone's picker just closed takes the keys of a robot that types at once.)
    await page.getByRole('combobox', { name: words.state }).first().selectOption({ index: 9 });
    await type(page.getByLabel(words.first, { exact: true }), pat.first, hand);
    await type(page.getByLabel(words.last, { exact: true }), pat.last, hand);
    await type(page.getByLabel(words.ssn), pat.ssnDigits, hand);
    await type(page.getByLabel(words.dob), pat.dobDigits, hand);
    await type(page.getByRole('textbox', { name: words.city }).first(), 'Washing', hand);
    expect(script.asked() && !script.served(), 'the script was asked for and held back while the person typed').toBe(true);

    // The script arrives while the person goes on typing the city's last keys.
    script.release();
    await page.keyboard.type('ton', { delay: hand.keyDelay });
    // Taken over: the script's format for the SSN and the date shows on what was typed before it.
    await expect.poll(() => page.getByLabel(words.dob).inputValue()).toBe('04-15-1970');
    expect(await page.getByLabel(words.first, { exact: true }).inputValue()).toBe(pat.first);
    expect(await page.getByLabel(words.last, { exact: true }).inputValue()).toBe(pat.last);
    expect(await page.getByRole('textbox', { name: words.city }).first().inputValue()).toBe('Washington');
    expect(await page.getByRole('combobox', { name: words.state }).first().evaluate((s: HTMLSelectElement) => s.selectedOptions[0].text)).toMatch(/Columbia/);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift), 'layout shift').toBe(0);

    // Next: the form holds every value typed before the script, so none of those fields is marked.
    await press(page.getByRole('button', { name: /Next|Siguiente/ }), hand);
    await page.getByRole('heading', { name: words.summary }).waitFor();
    for (const label of [words.first, words.last, words.ssn, words.dob]) {
      await expect.poll(() => page.getByLabel(label, { exact: true }).getAttribute('aria-invalid'), { message: label }).toBeNull();
    }
    expect(await page.getByRole('textbox', { name: words.city }).first().getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByRole('combobox', { name: words.state }).first().getAttribute('aria-invalid')).toBeNull();
    // ...and a field never typed is.
    expect(await page.getByRole('textbox', { name: words.zip }).first().getAttribute('aria-invalid')).toBe('true');
    expect(errors).toEqual([]);
    await expectAccessible(page, `takeover-${host.split('.')[0]}-${language}-${device.name}`);
    await context.close();
  });

  it('a press on Next before the script sends nothing and puts nothing in the address', async () => {
    const context = await DESKTOP.open(live.browser);
    const page = await context.newPage();
    const script = await holdScript(page);
    const navigations: string[] = [];
    page.on('request', (r) => void (r.isNavigationRequest() && navigations.push(r.url())));
    await page.goto(at('127.0.0.1', '/enrollment/accountholder'), { waitUntil: 'commit' });
    await type(page.getByLabel('First name', { exact: true }), pat.first, ROBOT);
    await type(page.getByLabel('Social security number'), pat.ssnDigits, ROBOT);
    await press(page.getByRole('button', { name: 'Next' }), ROBOT);
    await page.keyboard.press('Enter');
    expect(script.asked() && !script.served()).toBe(true);
    script.release();
    // Taken over (the SSN shows the script's format), the page is the one first asked for, with what was typed.
    await expect.poll(() => page.getByLabel('Social security number').inputValue()).toMatch(/-6789$/);
    expect(navigations).toEqual([at('127.0.0.1', '/enrollment/accountholder')]);
    expect(page.url()).toBe(at('127.0.0.1', '/enrollment/accountholder'));
    expect(await page.getByLabel('First name', { exact: true }).inputValue()).toBe(pat.first);
    await context.close();
  });

  it('a whole journey goes on from a step 1 typed before its script', async () => {
    const context = await PHONE.open(live.browser);
    const page = await context.newPage();
    const script = await holdScript(page);
    await page.goto(at('127.0.0.1', '/enrollment/accountholder'), { waitUntil: 'commit' });
    await type(page.getByLabel('First name', { exact: true }), pat.first, PERSON);
    await type(page.getByLabel('Last name', { exact: true }), pat.last, PERSON);
    expect(script.asked() && !script.served()).toBe(true);
    script.release();
    await fillAfterNames(page, pat, PERSON);
    await fillEmployerGroup(page, 'demo100', PERSON);
    await next(page, 'Step 2: Additional Cardholder', PERSON);
    await next(page, 'Step 3: Verify', PERSON);
    // The review page shows the names typed before the script.
    const review = (await page.getByRole('main').textContent()) ?? '';
    expect(review).toContain(pat.first);
    expect(review).toContain(pat.last);
    await context.close();
  });

  describe("a Next pressed while the step's own code loads (the page's script runs, the form is not taken over yet)", () => {
    /** Step 1 with its own code held back: the page's script has run (it asked for the code), React is not there. */
    async function heldStep(page: Page) {
      const code = await holdScript(page, /\/assets\/Wizard-[\w-]+\.js$/);
      await page.goto(at('127.0.0.1', '/enrollment/accountholder'), { waitUntil: 'commit' });
      await page.getByRole('heading', { level: 1, name: 'Step 1: Account Holder Information' }).waitFor();
      await expect.poll(() => code.asked(), { message: "the page's script asked for the step's code" }).toBe(true);
      return code;
    }

    /** The whole of step 1, typed before the takeover but for the last field, the effective date (the employer's name
     *  comes from the server's lookup once the form is taken over). */
    async function typeAllButTheDate(page: Page, ssnDigits: string, hand: Hand) {
      await fillPersonal(page, { ...pat, ssnDigits }, hand);
      await type(page.getByLabel(/group number/i), 'demo100', hand);
      await press(page.getByLabel('Individual', { exact: true }), hand);
      await type(page.getByLabel(/effective date/i), firstOfThisMonth('MM-DD-YYYY').replace(/-/g, ''), hand);
    }

    /** On a desktop, step 1 held: the first name typed, then Next pressed. */
    async function firstNameThenNext() {
      const context = await DESKTOP.open(live.browser);
      const page = await context.newPage();
      const code = await heldStep(page);
      await type(page.getByLabel('First name', { exact: true }), pat.first, ROBOT);
      await press(page.getByRole('button', { name: 'Next' }), ROBOT);
      return { context, page, code };
    }

    /** The error summary (the alert under 'There is a problem'). */
    const summaryOf = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'There is a problem' }) });

    it('a click with fields missing is answered once it is taken over: the summary, once, with what was typed in the form', async () => {
      const { context, page, code } = await firstNameThenNext();
      expect(code.served()).toBe(false);
      code.release();
      await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
      expect(await page.getByRole('heading', { name: 'There is a problem' }).count()).toBe(1);
      // The press judged what was typed: the summary lists the last name, not the first.
      const summary = (await summaryOf(page).textContent()) ?? '';
      expect(summary).toContain('Last name is required.');
      expect(summary).not.toContain('First name is required.');
      expect(await page.getByLabel('Last name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel('First name', { exact: true }).getAttribute('aria-invalid')).toBeNull();
      expect(page.url()).toBe(at('127.0.0.1', '/enrollment/accountholder'));
      await context.close();
    });

    it("Enter in the last field, on a phone: once taken over, the step waits for the SSN's and the group's checks and moves on with the field's text", async () => {
      const context = await PHONE.open(live.browser);
      const page = await context.newPage();
      const code = await heldStep(page);
      await typeAllButTheDate(page, '123456781', ROBOT);
      await page.keyboard.press('Enter');
      expect(code.served()).toBe(false);
      code.release();
      await page.getByRole('heading', { level: 1, name: 'Step 2: Additional Cardholder' }).waitFor();
      await context.close();
    });

    it('with an SSN that has an account already, the press shows the refusal and the step does not move on', async () => {
      const enrolled = '123456782';
      await live.server.db.query("INSERT INTO enrollments (ssn_index, payload_enc, group_id, outcome) VALUES ($1, '', 'DEMO100', 'success')", [dataProtection(TEST_DATA_KEY).ssnIndex(enrolled)]);
      const context = await DESKTOP.open(live.browser);
      const page = await context.newPage();
      const code = await heldStep(page);
      await typeAllButTheDate(page, enrolled, ROBOT);
      await press(page.getByRole('button', { name: 'Next' }), ROBOT);
      code.release();
      const summary = summaryOf(page);
      // The refusal alone: every other field typed before the takeover is in the form.
      await expect.poll(() => summary.getByRole('link').allTextContents()).toEqual([expect.stringContaining('Our records show that you already have a Health Savings Account with us.')]);
      expect(await page.getByLabel('Social security number').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Step 1: Account Holder Information');
      await context.close();
    });

    it('a key pressed after it drops it: the person went on filling the form', async () => {
      const { context, page, code } = await firstNameThenNext();
      await type(page.getByLabel('Last name', { exact: true }), pat.last, ROBOT);
      code.release();
      // Taken over, and no press follows: no summary, though fields are missing. (Given the time a kept press takes: a
      // frame, and no check in progress, since none is asked for.)
      await takenOver(page);
      await page.waitForTimeout(1000);
      expect(await page.getByRole('heading', { name: 'There is a problem' }).count()).toBe(0);
      expect(await page.getByLabel('Last name', { exact: true }).inputValue()).toBe(pat.last);
      await context.close();
    });
  });
});
