/** Documents needed (issue 11), in Chromium through the real server, in both variants: from the 'partial' outcome to
 *  the vetting page, a refused file, a real upload with its progress bar, removal, and the confirmation; axe in
 *  every state, screenshots at 1280 and 390 px wide. */
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot, withServerAndBrowser } from './harness';
import { expectAccessible, fillPersonal, next, pat, signTerms, toSignedTerms, type Person } from './journey';
import { press, ROBOT } from './hand';
import { jpegFile, pdfFile, pngFile } from '../fixtures/documents';

const live = withServerAndBrowser();
let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

// Real documents (the server parses and decodes them), of the sizes the page shows.
const PDF = await pdfFile({ size: 40 * 1024 + 9 });
const PNG = await pngFile({ size: 20 * 1024 + 8 });
const JPEG = await jpegFile({ size: 1024 * 1024 + 4 });

/** axe, and a screenshot at desktop and phone widths. */
async function check(page: Page, name: string): Promise<void> {
  await expectAccessible(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits a phone`).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function open(host: string, path: string): Promise<Page> {
  context = await live.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(live.server.url.replace('127.0.0.1', host) + path);
  return page;
}

/** The standard applicant to the 'partial' outcome (the sandbox: SSN ending 9999). */
async function standardToVetting(): Promise<Page> {
  const page = await open('127.0.0.1', '/enrollment');
  const p: Person = { ...pat, ssnDigits: '524459999' };
  await page.getByRole('link', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Step 1: Account Holder Information' }).waitFor();
  await toSignedTerms(page, p);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/vetting/standard');
  return page;
}

/** The partner's member to the 'partial' outcome. */
async function memberToVetting(): Promise<Page> {
  const page = await open('aarp.localhost', '/enrollment');
  const jane: Person = { first: 'Jane', middle: 'A', last: 'Sample', ssnDigits: '524469999', dobDigits: '04151958', zip: '20049', memberNumberDigits: '1234567890' };
  await page.getByRole('link', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Step 1: Account Holder Information' }).waitFor();
  await fillPersonal(page, jane);
  await press(page.getByLabel('Individual', { exact: true }), ROBOT);
  await page.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByRole('dialog', { name: 'Membership verified' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { level: 1, name: 'Step 2: Additional Cardholder' }).waitFor();
  await next(page, 'Step 3: Verify');
  await next(page, 'Step 4: Terms and Conditions');
  await signTerms(page, jane);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/vetting/aarp');
  return page;
}

const storedDocuments = async () => Number((await live.server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM enrollment_documents')).rows[0].n);

describe.each([
  { variant: 'standard', reach: standardToVetting, phone: '1-866-555-0100', intro: 'The law requires Example Bank to verify who opens an account' },
  { variant: 'aarp', reach: memberToVetting, phone: '1-866-555-0177', intro: 'You are almost done with your AARP® Health Savings Account' },
])('vetting page, $variant variant', ({ variant, reach, phone, intro }) => {
  it('takes documents from the partial outcome to the confirmation', { timeout: 120_000 }, async () => {
    const page = await reach();
    await page.getByRole('heading', { level: 1, name: 'Documents needed' }).waitFor();
    await page.getByText('No documents added yet.').waitFor();
    expect(await page.getByText(intro, { exact: false }).count()).toBe(1);
    expect(await page.getByText('Cell phone bills are not accepted.').count()).toBe(1);
    expect(await page.getByRole('contentinfo').getByRole('link', { name: phone }).count()).toBe(1);
    await check(page, `vetting-${variant}-empty`);

    const choose = page.getByLabel('Choose files');
    expect(await choose.getAttribute('accept')).toContain('application/pdf');
    expect(await page.getByLabel('Take a photo').getAttribute('capture')).toBe('environment');

    // Refused in place, named, with what to do; nothing is listed or sent.
    const before = await storedDocuments();
    await choose.setInputFiles([
      { name: 'passport.pdf', mimeType: 'application/pdf', buffer: Buffer.from('this is not a PDF at all') },
      { name: 'blank.png', mimeType: 'image/png', buffer: Buffer.alloc(0) },
      { name: 'huge-scan.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]) },
    ]);
    const errors = page.getByRole('alert').filter({ hasText: 'Not added' });
    await errors.waitFor();
    expect(await errors.textContent()).toContain('passport.pdf: This file is not a PDF, JPEG or PNG. Choose a PDF, or a photo or scan saved as JPEG or PNG.');
    expect(await errors.textContent()).toContain('blank.png: This file is empty.');
    expect(await errors.textContent()).toContain('huge-scan.pdf: This file is larger than 10 MB.');
    expect(await choose.getAttribute('aria-describedby')).toContain('document-errors');
    expect(await choose.getAttribute('aria-invalid')).toBe('true');
    await check(page, `vetting-${variant}-error`);

    // Five files at most: the sixth is refused, saying what to do.
    await choose.setInputFiles(Array.from({ length: 6 }, (_, i) => ({ name: `page-${i + 1}.png`, mimeType: 'image/png', buffer: PNG })));
    await errors.filter({ hasText: 'page-6.png: You can send up to 5 files. Remove a file before you add another.' }).waitFor();
    for (let i = 1; i <= 5; i++) await page.getByRole('button', { name: `Remove page-${i}.png` }).click();
    await page.getByText('No documents added yet.').waitFor();

    // Chosen: listed with type and size; one removed before sending.
    await choose.setInputFiles([
      { name: 'social-security-card.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'wrong-photo.png', mimeType: 'image/png', buffer: PNG },
      { name: 'drivers-license.jpg', mimeType: 'image/jpeg', buffer: JPEG },
      // A PDF's first bytes on a web page: the page cannot tell, the server parses it and refuses it.
      { name: 'disguised.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n<html><body><script>alert(1)</script></body></html>') },
    ]);
    const list = page.getByRole('list', { name: 'Documents to send' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(4);
    expect(await page.getByRole('alert').filter({ hasText: 'Not added' }).count()).toBe(0);
    expect(await list.getByText('PDF, 40 KB').count()).toBe(1);
    await check(page, `vetting-${variant}-chosen`);
    // By keyboard: the file button takes focus (the native input), Remove and Send work with Enter.
    await choose.focus();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('file');
    await page.getByRole('button', { name: 'Remove wrong-photo.png' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    expect(await storedDocuments()).toBe(before);

    // Uploading: a slow connection, so each file's progress bar can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 50, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    await page.getByRole('button', { name: 'Send documents' }).focus();
    await page.keyboard.press('Enter');
    const bar = page.getByRole('progressbar', { name: 'Sending drivers-license.jpg' });
    await bar.waitFor({ timeout: 20_000 });
    await check(page, `vetting-${variant}-uploading`);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    // The disguised file is refused by the server with its reason; the others are sent, and Send confirms them.
    await errors.filter({ hasText: 'disguised.pdf: This file could not be read. Choose it again, or save it again as a PDF, JPEG or PNG.' }).waitFor({ timeout: 30_000 });
    await check(page, `vetting-${variant}-refused-by-server`);
    await press(page.getByRole('button', { name: 'Send documents' }), ROBOT);

    // Confirmed, naming what was received; stored.
    await page.getByRole('heading', { level: 2, name: 'Documents received' }).waitFor({ timeout: 30_000 });
    const received = await page.getByRole('main').textContent();
    // The count in words (an ICU plural of schemas/text.json).
    expect(await page.getByRole('status').filter({ hasText: 'We received your' }).textContent()).toBe('Thank you. We received your 2 documents:');
    expect(received).toContain('social-security-card.pdf (PDF, 40 KB)');
    expect(received).toContain('drivers-license.jpg (JPEG image, 1.0 MB)');
    expect(received).not.toContain('wrong-photo.png');
    expect(received).not.toContain('disguised.pdf (');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Documents received');
    expect(await storedDocuments()).toBe(before + 2);
    await check(page, `vetting-${variant}-confirmed`);

    // The grant is spent: a reload says so, with the phone number.
    await page.reload();
    await page.getByRole('alert').filter({ hasText: `Please call ${phone}` }).waitFor();
    await check(page, `vetting-${variant}-closed`);
    // No file name reached a log line.
    for (const name of ['social-security-card', 'drivers-license', 'wrong-photo', 'passport.pdf']) expect(live.server.logs()).not.toContain(name);
  });
});

describe('vetting page without a grant', () => {
  it('says how to get help and takes nothing', async () => {
    const page = await open('127.0.0.1', '/vetting/standard');
    await page.getByRole('heading', { level: 1, name: 'Documents needed' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Please call 1-866-555-0100' }).waitFor();
    expect(await page.getByLabel('Choose files').count()).toBe(0);
    await check(page, 'vetting-no-grant');
  });

  it('an address no variant names is not found', async () => {
    const page = await open('127.0.0.1', '/vetting/standard');
    await page.getByRole('alert').waitFor();
    const notFound = await page.goto(`${live.server.url}/vetting/nope`);
    expect(notFound?.status()).toBe(404);
    await page.getByText('The URL you requested is not available.').waitFor();
  });
});
