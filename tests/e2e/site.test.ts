/** The site around the wizard, in Chromium: pages, dialogs, idle timeout, outcomes, keyboard-only use. */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startServer } from '../../src/server/testing';
import { withServerAndBrowser } from './harness';
import { expectAccessible, fillEmployerGroup, fillPersonal, next, PAPERLESS, pat, signTerms, type Person } from './journey';
import { press, type, ROBOT } from './hand';

const live = withServerAndBrowser();
const contexts: BrowserContext[] = [];

async function open(path: string, host = '127.0.0.1', base = live.server.url): Promise<Page> {
  const context = await live.browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(base.replace('127.0.0.1', host) + path);
  return page;
}

describe('welcome', () => {
  it('sets expectations and passes the group along to step 1, where it is looked up', async () => {
    const page = await open('/enrollment?group=DEMO100');
    for (const text of ['legally binding once submitted', 'cancel it at any time before the final screen', 'about 10 minutes', 'Nothing is saved if you leave', 'Cell phone bills are not accepted']) {
      expect(await page.getByText(text, { exact: false }).count(), text).toBeGreaterThan(0);
    }
    await page.getByRole('link', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Step 1: Account Holder Information' }).waitFor();
    expect(new URL(page.url()).searchParams.get('group')).toBe('DEMO100');
    await expect.poll(() => page.getByLabel(/employer name/i).inputValue()).toBe('Demo Employer Inc.');
    expect(await page.evaluate(() => document.cookie)).toContain('groupID=DEMO100');
  });
});

describe('Schedule of Fees', () => {
  it('shows the fees of a known group', async () => {
    const page = await open('/feeschedule/DEMO100');
    await page.getByRole('heading', { level: 1, name: 'Schedule of Fees' }).waitFor();
    expect(await page.getByRole('row', { name: /Monthly Maintenance Fee \$3\.95/ }).count()).toBe(1);
    expect(await page.getByRole('row', { name: 'ATM transaction $2.50' }).count()).toBe(1);
    await expectAccessible(page, 'fees-known');
  });

  it.each([['/feeschedule/NOPE123'], ['/feeschedule/DEMO200'], [`/feeschedule/${encodeURIComponent('"><img src=x onerror=alert(1)>')}`], ['/feeschedule/DEMO100%22%20data-x%3D%221/x']])(
    '%s shows the not-found message and injects nothing',
    async (path) => {
      const page = await open(path);
      await page.getByText("We're sorry. Your group number could not be found.").waitFor();
      expect(await page.locator('img').count()).toBe(0);
      expect(await page.locator('#root').getAttribute('data-x')).toBeNull();
    },
  );
});

describe('splash, not found, maintenance', () => {
  it('shows the maintenance notice with a link to the bank', async () => {
    const page = await open('/splash');
    await page.getByText('Our systems are currently undergoing maintenance.').waitFor();
    expect(await page.getByRole('link', { name: /Visit Example Bank/ }).count()).toBe(1);
    await expectAccessible(page, 'splash');
  });

  it.each([
    ['127.0.0.1', '1-866-555-0100'],
    ['aarp.localhost', '1-866-555-0177'],
  ])('answers an unknown path on %s with 404 and its phone number', async (host, phone) => {
    const context = await live.browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    const res = await page.goto(live.server.url.replace('127.0.0.1', host) + '/no/such/page');
    expect(res?.status()).toBe(404);
    await page.getByText('The URL you requested is not available.').waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: phone }).count()).toBe(1);
    await expectAccessible(page, `not-found-${host}`);
  });

  it('sends every page to /splash in maintenance mode', async () => {
    const down = await startServer({ config: { maintenance: true } });
    try {
      const page = await open('/enrollment/accountholder', '127.0.0.1', down.url);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/splash');
      await page.getByText('Our systems are currently undergoing maintenance.').waitFor();
    } finally {
      await down.close();
    }
  });
});

async function step1(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Step 1: Account Holder Information' }).waitFor();
}

describe('dialogs', () => {
  it('cancel confirmation: focus inside, Escape or No closes, Yes goes to the site root', async () => {
    const page = await open('/enrollment');
    await step1(page);
    const cancel = page.getByRole('button', { name: 'Cancel Enrollment' });
    await cancel.click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to cancel enrollment?' });
    await dialog.waitFor();
    await expectAccessible(page, 'dialog-cancel');
    expect(await dialog.getByRole('button', { name: 'Yes' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await cancel.evaluate((el) => el === document.activeElement)).toBe(true);
    await cancel.click();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/enrollment');
  });

  it("'We Apologize' when the server is unavailable; OK goes to the site root", async () => {
    const failing = await startServer();
    try {
      const page = await open('/enrollment', '127.0.0.1', failing.url);
      await step1(page);
      await failing.db.close();
      await type(page.getByLabel(/group number/i), 'DEMO100', ROBOT);
      const dialog = page.getByRole('alertdialog', { name: 'We Apologize' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Our enrollment application is currently unavailable, please try at a later time.');
      await expectAccessible(page, 'dialog-unavailable');
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/enrollment');
    } finally {
      await failing.close().catch(() => undefined);
    }
  });

  it("idle: 'Action Needed' 2 minutes before the 7 minute expiry; Continue keeps the session; expiry returns to /enrollment", async () => {
    const context = await live.browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${live.server.url}/enrollment`);
    await step1(page);
    await type(page.getByLabel(/^First name/), 'Pat', ROBOT);
    await page.clock.runFor(5 * 60 * 1000 + 1000);
    const dialog = page.getByRole('alertdialog', { name: 'Action Needed' });
    await dialog.waitFor();
    await expectAccessible(page, 'dialog-idle');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.clock.runFor(5 * 60 * 1000 + 1000);
    await dialog.waitFor();
    await page.clock.runFor(2 * 60 * 1000 + 1000);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/enrollment');
  });
});

describe('pasting', () => {
  it("takes a pasted phone number, SSN and e-mail whole, however they are written: what the field does not take goes before its length limit cuts the paste", async () => {
    const context = await live.browser.newContext();
    contexts.push(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: live.server.url });
    const page = await context.newPage();
    await page.goto(`${live.server.url}/enrollment/accountholder`);
    // A real paste: the system clipboard, and the keyboard's shortcut in the field.
    const paste = async (label: RegExp, text: string, pressFirst = true) => {
      await page.evaluate((t) => navigator.clipboard.writeText(t), text);
      if (pressFirst) await page.getByLabel(label).click();
      await page.keyboard.press('ControlOrMeta+V');
    };
    await paste(/^Home phone/, '(202) 555-0199');
    expect(await page.getByLabel(/^Home phone/).inputValue()).toBe('202-555-0199');
    await paste(/^Social security number/, 'SSN: 223-45-6789');
    expect(await page.getByLabel(/^Social security number/).inputValue()).toBe('223-45-6789');
    // Pasted over a selection: the rest of the field stays.
    await paste(/^Work phone/, '202-555-0100');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await paste(/^Work phone/, '(4 2)', false);
    expect(await page.getByLabel(/^Work phone/).inputValue()).toBe('202-555-0142');
    // Copied with the spaces and the line end around it: the address alone.
    await paste(/^Email address/, ' jane@example.com\n');
    expect(await page.getByLabel('Email address', { exact: true }).inputValue()).toBe('jane@example.com');
  });
});

describe('outcomes and step messages', () => {
  it('step 2 refuses the holder as additional cardholder with a dismissible alert', async () => {
    const page = await open('/enrollment');
    await step1(page);
    await fillPersonal(page, { ...pat, ssnDigits: '223456789' });
    await fillEmployerGroup(page);
    await next(page, 'Step 2: Additional Cardholder');
    await press(page.getByLabel('Add additional cardholder'), ROBOT);
    await type(page.getByLabel(/^First name/), 'PAT', ROBOT);
    await type(page.getByLabel(/^Last name/), 'doe', ROBOT);
    await page.getByRole('button', { name: 'Next' }).click();
    const alert = page.locator('.alert.danger');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Please enter the name of the additional cardholder.');
    expect(await alert.textContent()).toContain('A debit card will automatically be ordered as part of the enrollment process.');
    expect(await page.locator('main').textContent()).not.toMatch(/must match/);
    await expectAccessible(page, 'step2-same-name');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => alert.count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Step 2: Additional Cardholder');
  });

  it('Verify: an Edit link opens the step and Next comes back to Verify with the change', async () => {
    const page = await open('/enrollment');
    await step1(page);
    await fillPersonal(page, { ...pat, ssnDigits: '623456780' });
    await fillEmployerGroup(page);
    await next(page, 'Step 2: Additional Cardholder');
    await next(page, 'Step 3: Verify');
    await page.getByRole('button', { name: 'Edit Personal Information' }).click();
    await page.getByRole('heading', { level: 1, name: 'Step 1: Account Holder Information' }).waitFor();
    expect(await page.getByLabel(/^Last name/).inputValue()).toBe('Doe');
    // Spec section 4: the SSN is cleared from the field after step 1; it is typed again to move on.
    expect(await page.getByLabel(/social security/i).inputValue()).toBe('');
    await type(page.getByLabel(/^Last name/), 'Doe-Smith', ROBOT);
    await type(page.getByLabel(/social security/i), '623456780', ROBOT);
    await next(page, 'Step 3: Verify');
    expect(await page.getByRole('row', { name: 'Last name Doe-Smith' }).count()).toBe(1);
    expect(await page.getByText('XXX-XX-6780').count()).toBe(1);
  });

  async function toTerms(page: Page, p: Person) {
    await step1(page);
    await fillPersonal(page, p);
    await fillEmployerGroup(page);
    await next(page, 'Step 2: Additional Cardholder');
    await next(page, 'Step 3: Verify');
    await next(page, 'Step 4: Terms and Conditions');
  }

  it('the mailed-kit choice leads to the mail outcome', async () => {
    const page = await open('/enrollment');
    const p = { ...pat, ssnDigits: '323456789' };
    await toTerms(page, p);
    await page.getByRole('button', { name: 'Next' }).isDisabled();
    await press(page.getByLabel(/accept and agree/i), ROBOT);
    // Paperless ticked, then the mailed kit chosen: one choice at a time, and the help follows it.
    const paperless = page.getByLabel(/electronically \(paperless\)/);
    const paperlessHelp = page.getByText('You will receive an e-mail when your account is open.');
    await press(paperless, ROBOT);
    await press(page.getByRole('button', { name: 'I prefer a mailed welcome kit' }), ROBOT);
    await paperless.waitFor({ state: 'detached' });
    expect(await paperlessHelp.count()).toBe(0);
    await press(page.getByRole('button', { name: 'Deliver electronically instead' }), ROBOT);
    await paperless.waitFor();
    expect(await page.getByLabel(/mail me a welcome kit/i).count()).toBe(0);
    await press(page.getByRole('button', { name: 'I prefer a mailed welcome kit' }), ROBOT);
    await paperless.waitFor({ state: 'detached' });
    await type(page.getByLabel(/^First name/), p.first, ROBOT);
    await type(page.getByLabel(/^Last name/), p.last, ROBOT);
    await page.getByText("I'm not a robot").click();
    await expect.poll(() => page.getByRole('button', { name: 'Next' }).isDisabled(), { timeout: 20_000 }).toBe(false);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    expect(await page.getByRole('link', { name: 'You must accept' }).count()).toBe(1);
    await expectAccessible(page, 'step4-errors');
    await press(page.getByLabel(/mail me a welcome kit/i), ROBOT);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Your welcome kit will arrive by mail in 5-7 business days.').waitFor();
    expect(await page.getByText('A welcome letter will arrive by post in 7-10 business days.').count()).toBe(1);
    await expectAccessible(page, 'thankyou-mail');
  });

  it("shows 'We Apologize' when the identity provider fails", async () => {
    const page = await open('/enrollment');
    const p = { ...pat, ssnDigits: '423459998' };
    await toTerms(page, p);
    await signTerms(page, p);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('We Apologize. Our system is experiencing technical difficulties and we are unable to process your application. Please try again later.').waitFor();
    // One outcome: its heading, the server's own words, and no connection banner (the server answered).
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('We Apologize');
    expect(await page.getByText('We could not verify your identity right now. Please try again later.').count()).toBe(1);
    expect(await page.getByText(/could not reach our servers/).count()).toBe(0);
    expect(await page.getByText('Thank You', { exact: true }).count()).toBe(0);
    await expectAccessible(page, 'thankyou-failure');
  });

  it('keeps an application no answer came for, and sends it once with Try again', async () => {
    const page = await open('/enrollment');
    const p = { ...pat, ssnDigits: '423450771' };
    await toTerms(page, p);
    await signTerms(page, p);
    const sent: string[] = [];
    page.on('request', (r) => void (r.url().endsWith('/enrollment/enroll') && sent.push(r.headers()['idempotency-key'] ?? '')));
    await page.route('**/api/v1/enrollment/enroll', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your application has not been sent' }).waitFor();
    const banner = page.getByRole('alert').filter({ hasText: 'We could not reach our servers' });
    await banner.waitFor();
    expect(await page.getByText(/We Apologize/).count()).toBe(0);
    await expectAccessible(page, 'thankyou-unsent');
    await page.unroute('**/api/v1/enrollment/enroll');
    const before = await live.server.countEnrollments();
    await press(banner.getByRole('button', { name: 'Try again' }), ROBOT);
    await page.getByText(PAPERLESS).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank You');
    expect(await live.server.countEnrollments()).toBe(before + 1);
    // The same application both times: one idempotency key.
    expect(new Set(sent).size).toBe(1);
    expect(sent.length).toBeGreaterThanOrEqual(2);
  });

  it("keeps an application whose checks could not be downloaded, and sends it with Try again: the network's fault, never 'We Apologize'", async () => {
    const page = await open('/enrollment');
    const p = { ...pat, ssnDigits: '423450773' };
    // The wire validator (fetched ahead on step 4, and again as the application is sent) does not come.
    const WIRE = /\/assets\/wire\.validator-[\w-]+\.js$/;
    await page.route(WIRE, (route) => route.abort('internetdisconnected'));
    await toTerms(page, p);
    await signTerms(page, p);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your application has not been sent' }).waitFor();
    const banner = page.getByRole('alert').filter({ hasText: 'We could not reach our servers' });
    await banner.waitFor();
    expect(await page.getByText(/We Apologize/).count()).toBe(0);
    await page.unroute(WIRE);
    const before = await live.server.countEnrollments();
    await press(banner.getByRole('button', { name: 'Try again' }), ROBOT);
    await page.getByText(PAPERLESS).waitFor();
    expect(await live.server.countEnrollments()).toBe(before + 1);
  });

  it("tells a refusal as the server's own words, sent once (a 403 that is not an expired session is not retried)", async () => {
    const page = await open('/enrollment');
    const p = { ...pat, ssnDigits: '423450772' };
    await toTerms(page, p);
    await signTerms(page, p);
    let sent = 0;
    const refusal = 'An active membership is required to open this account.';
    await page.route('**/api/v1/enrollment/enroll', (route) => {
      sent++;
      return route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: refusal }) });
    });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(refusal).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('We could not accept your application');
    expect(await page.getByText(/could not reach our servers|We Apologize/).count()).toBe(0);
    expect(sent).toBe(1);
    await expectAccessible(page, 'thankyou-refused');
  });

  it('goes to the vetting form when documents are needed (partial)', async () => {
    const page = await open('/enrollment');
    const p = { ...pat, ssnDigits: '523459999' };
    await toTerms(page, p);
    await signTerms(page, p);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/vetting/standard');
  });
});
