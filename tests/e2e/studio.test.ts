/** The analysts' studio (issue 24), driven as an analyst drives it, key by key: on a copy of the checkout's
 *  configuration (a git repository of its own), raise a field's limit and reword its message in English and Spanish,
 *  see the preview follow before saving, see the check refuse a save while a translation is missing, read the diff,
 *  save, and find in `git diff` exactly those edits; the rebuilt configuration has a new revision. The studio answers
 *  only on loopback, to its own page. */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, axeViolations, screenshot } from './harness';
import { press, ROBOT, type } from './hand';
import { startStudio, type Studio } from '../../src/studio/server';
import { compileAll } from '../../scripts/compile-validators';

const repo = resolve(import.meta.dirname, '../..');
let checkout: string;
let studio: Studio;
let browser: Browser;

const git = (...args: string[]) => execFileSync('git', args, { cwd: checkout, encoding: 'utf8' });
const revisionsOf = (dir: string) => {
  compileAll({ root: checkout, variantDirs: [join(checkout, 'variants')], outDir: dir });
  return JSON.parse(readFileSync(join(dir, 'revisions.json'), 'utf8')) as Record<string, string>;
};

beforeAll(async () => {
  checkout = mkdtempSync(join(tmpdir(), 'hsa-studio-checkout-'));
  for (const folder of ['schemas', 'variants']) cpSync(join(repo, folder), join(checkout, folder), { recursive: true });
  git('init', '-q');
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'add', '.');
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-qm', 'configuration');
  studio = await startStudio({ root: checkout, port: 0 });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await studio?.close();
  rmSync(checkout, { recursive: true, force: true });
});

/** The studio in a new desktop-wide window, once it shows its first field. */
async function openStudio() {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await page.goto(`${studio.url}/`);
  await page.getByRole('heading', { level: 2, name: 'firstName' }).waitFor();
  return { context, page };
}

/** The preview's frame. */
const previewOf = (page: Page) => page.frameLocator('iframe[title^="Preview"]');

async function expectAccessible(page: Page, name: string) {
  await screenshot(page, name);
  expect(await axeViolations(page), `axe on ${name}`).toEqual([]);
}

describe('the studio', () => {
  it('changes a limit and a message in English and Spanish, previews them, refuses a save while a translation is missing, and saves exactly those edits', async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${studio.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Studio: HSA enrollment' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'firstName' }).waitFor();
    const preview = previewOf(page);
    const firstName = preview.getByLabel('First name', { exact: true });
    await firstName.waitFor({ timeout: 30_000 });
    await page.getByText('The configuration is sound.').waitFor();
    await expectAccessible(page, 'studio');

    // As built today: at most 18 characters go into the first name.
    await type(firstName, 'A'.repeat(22), ROBOT);
    expect(await firstName.inputValue()).toHaveLength(18);

    // Raise the limit to 22: the preview follows before anything is saved.
    await type(page.getByLabel('Most characters (maxLength)'), '22', ROBOT);
    await expect.poll(async () => (await firstName.inputValue().catch(() => '')).length, { timeout: 30_000 }).toBe(0);
    await type(firstName, 'A'.repeat(22), ROBOT);
    expect(await firstName.inputValue()).toHaveLength(22);

    // Reword the message for a missing first name in English: the check finds it has no Spanish, at the field.
    const english = page.getByRole('group', { name: 'Message when missing (required)' }).getByLabel('English');
    const spanish = page.getByRole('group', { name: 'Message when missing (required)' }).getByLabel('Español');
    await type(english, 'Please give your first name.', ROBOT);
    await page.getByText('The check found, at this field:').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.findings').textContent(), { timeout: 30_000 }).toContain('Please give your first name.');
    // Its link takes the keyboard to the English it names.
    await press(page.getByRole('link', { name: 'Go to Message when missing (required), in English' }).first(), ROBOT);
    expect(await english.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page, 'studio-finding');
    // Saving is refused while it stands, and nothing is written.
    await press(page.getByRole('button', { name: 'Save' }), ROBOT);
    await page.getByText('Nothing was saved: correct what the check found first.').waitFor();
    expect(git('status', '--porcelain')).toBe('');

    // The Spanish: the finding goes, and the preview says it in Spanish after Next on an empty step.
    await type(spanish, 'Indique su nombre, por favor.', ROBOT);
    await page.getByText('The configuration is sound with your changes to schemas/accountholder.schema.json, schemas/es/translations.json.').waitFor({ timeout: 30_000 });
    await press(preview.getByRole('button', { name: 'Next' }), ROBOT);
    await preview.getByRole('link', { name: 'Please give your first name.' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Preview language').selectOption('es');
    await press(preview.getByRole('button', { name: 'Siguiente' }), ROBOT);
    await preview.getByRole('link', { name: 'Indique su nombre, por favor.' }).waitFor({ timeout: 30_000 });

    // The preview at a phone's width and a desktop's.
    expect(await page.locator('iframe[title^="Preview"]').getAttribute('width')).toBe('390');
    await press(page.getByLabel('Desktop (1280 px)'), ROBOT);
    expect(await page.locator('iframe[title^="Preview"]').getAttribute('width')).toBe('1280');

    // The changes, as a diff, before saving.
    await press(page.getByRole('button', { name: 'Show changes' }), ROBOT);
    const diff = (await page.getByLabel('Changes to save').textContent()) ?? '';
    expect(diff).toContain('+      "maxLength": 22');
    expect(diff).toContain('+      "firstName": "Please give your first name.",');
    expect(diff).toContain('"Please give your first name.": "Indique su nombre, por favor."');
    await expectAccessible(page, 'studio-diff');

    await press(page.getByRole('button', { name: 'Save' }), ROBOT);
    await page.getByText('Saved: schemas/accountholder.schema.json, schemas/es/translations.json.').waitFor();
    // Exactly those edits: two files; the limit beside the field's title, the message, and the one new translation
    // (after the last one, which gains its comma). Nothing else of either file is touched.
    expect(git('diff', '--name-only').trim().split('\n').sort()).toEqual(['schemas/accountholder.schema.json', 'schemas/es/translations.json']);
    const lines = git('diff', '-U0').split('\n');
    const lastTranslation = readFileSync(join(repo, 'schemas/es/translations.json'), 'utf8').trimEnd().split('\n').at(-2)!;
    expect(lines.filter((l) => l.startsWith('-') && !l.startsWith('---'))).toEqual(['-      "title": "First name"', '-      "firstName": "First name is required.",', `-${lastTranslation}`]);
    expect(lines.filter((l) => l.startsWith('+') && !l.startsWith('+++'))).toEqual([
      '+      "title": "First name",',
      '+      "maxLength": 22',
      '+      "firstName": "Please give your first name.",',
      `+${lastTranslation},`,
      '+  "Please give your first name.": "Indique su nombre, por favor."',
    ]);
    await context.close();
  });

  it('rebuilds the saved configuration under a new revision of the partner', () => {
    const out = mkdtempSync(join(tmpdir(), 'hsa-studio-built-'));
    const saved = revisionsOf(join(out, 'saved'));
    git('stash', '-q');
    const before = revisionsOf(join(out, 'before'));
    git('stash', 'pop', '-q');
    expect(saved.standard).not.toBe(before.standard);
    // The partner patches the standard step: its revision follows the standard's change too.
    expect(saved.aarp).not.toBe(before.aarp);
    const built = JSON.parse(readFileSync(join(out, 'saved/standard/accountholder.json'), 'utf8'));
    expect(built.schema.properties.firstName.maxLength).toBe(22);
  });

  it('works with a keyboard alone, on a narrow screen too', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${studio.url}/`);
    await page.getByRole('heading', { level: 2, name: 'firstName' }).waitFor();
    await previewOf(page).getByLabel('First name', { exact: true }).waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'studio-390');
    // Tab from the top reaches the partner, the step, a field's button, and the field's label in English.
    const reached = new Set<string>();
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press('Tab');
      reached.add(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? document.activeElement?.id ?? ''));
    }
    const focusable = await page.evaluate(() => [...document.querySelectorAll('select, input, button')].every((el) => (el as HTMLElement).tabIndex >= 0));
    expect(focusable).toBe(true);
    // Choose the last name with Enter, and change its label by keys.
    await page.getByRole('button', { name: 'lastName' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'lastName' }).waitFor();
    await page.getByRole('group', { name: 'Label', exact: true }).getByLabel('English').focus();
    await page.keyboard.press('End');
    await page.keyboard.type(' (family name)');
    await previewOf(page).getByLabel('Last name (family name)', { exact: true }).waitFor({ timeout: 30_000 });
    expect(reached.size).toBeGreaterThan(5);

    // The other editors, by keys: the arrows choose among them, and Enter in a settings field applies the settings.
    await page.getByRole('radio', { name: 'Fields of a step' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { level: 2, name: 'Welcome page' }).waitFor();
    await page.getByRole('group', { name: 'lead', exact: true }).getByLabel('English').focus();
    await page.keyboard.press('End');
    await page.keyboard.type(' Today.');
    await previewOf(page).getByText(/in about 10 minutes\. Today\.$/).waitFor({ timeout: 30_000 });
    await page.getByRole('radio', { name: 'Words of a page' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { level: 2, name: 'Colours and logo' }).waitFor();
    await page.getByLabel('Header and buttons (brand)').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('#5a1e8c');
    await page.getByText(/^White text on it: 10\.50:1/).waitFor();
    await page.getByRole('radio', { name: 'Colours and logo' }).focus();
    await page.keyboard.press('ArrowRight');
    const phone = page.getByRole('region', { name: 'Partner settings' }).getByLabel('Help phone', { exact: true });
    await phone.waitFor({ timeout: 30_000 });
    await phone.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('1-866-555-0123');
    await page.keyboard.press('Enter');
    await page.getByText('Applied: the preview and the check follow. Save writes them.').waitFor();
    await previewOf(page).getByRole('link', { name: '1-866-555-0123' }).waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'studio-390-settings');
    await context.close();
  });
});

describe("a field's pattern", () => {
  it('changes the pattern of one field beside its $ref: the preview refuses what it no longer takes, and it is saved there', async () => {
    const { context, page } = await openStudio();
    await press(page.getByRole('button', { name: 'middleInitial', exact: true }), ROBOT);
    const pattern = page.getByLabel('Pattern, a regular expression (pattern)');
    expect(await pattern.inputValue()).toBe('^[A-Za-z]$');
    const preview = previewOf(page);
    const initial = preview.getByLabel(/^Middle initial/);
    await type(initial, 'q', ROBOT);
    await press(preview.getByRole('button', { name: 'Next' }), ROBOT);
    await preview.getByRole('heading', { name: 'There is a problem' }).waitFor({ timeout: 30_000 });
    expect(await preview.getByRole('link', { name: 'No more than 1 chars allowed.' }).count()).toBe(0);

    // A pattern the form cannot read: the check names its file and pointer at the field, with a link to its box.
    await type(pattern, '^[A-Z', ROBOT);
    const finding = page.locator('#findings-middleInitial');
    await finding.getByText(/^schemas\/accountholder\.schema\.json( patched by [^:]+)?: \/properties\/middleInitial\/pattern is not a pattern the form can read/).waitFor({ timeout: 30_000 });
    await press(finding.getByRole('link'), ROBOT);
    await expect.poll(() => pattern.evaluate((el) => el === document.activeElement)).toBe(true);

    // Capitals only: a lower-case initial is refused, with the field's own message.
    await type(pattern, '^[A-Z]$', ROBOT);
    await page.getByText(/^The configuration is sound with your changes to schemas\/accountholder\.schema\.json/).waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await initial.inputValue().catch(() => 'q')).length, { timeout: 30_000 }).toBe(0);
    await type(initial, 'q', ROBOT);
    await press(preview.getByRole('button', { name: 'Next' }), ROBOT);
    await preview.getByRole('link', { name: 'No more than 1 chars allowed.' }).waitFor({ timeout: 30_000 });
    await press(page.getByRole('button', { name: 'Save' }), ROBOT);
    await page.getByText('Saved: schemas/accountholder.schema.json.').waitFor();
    expect(git('diff', '-U0', 'schemas/accountholder.schema.json')).toContain('"pattern": "^[A-Z]$"');
    await context.close();
  });
});

describe("a field's form", () => {
  it('is drawn by the engine from the field meta-schema: refuses a limit out of its range at the field and keeps it out of the build and the save; a reworded English empties its old translation', async () => {
    const { context, page } = await openStudio();
    await page.getByText('The configuration is sound.').waitFor({ timeout: 30_000 });
    const most = page.getByLabel('Most characters (maxLength)');
    await type(most, '5000', ROBOT);
    await page.keyboard.press('Tab');
    // The meta-schema's own message, at the field; nothing of it is built, and Save says why it saves nothing.
    await page.getByText('Give 1000 characters or fewer.').waitFor();
    expect(await most.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('region', { name: 'Check' }).getByRole('status').first().textContent()).toBe('The configuration is sound.');
    const before = git('diff');
    await press(page.getByRole('button', { name: 'Save' }), ROBOT);
    await page.getByText('Nothing was saved: finish or correct the values marked in the form first.').waitFor();
    expect(git('diff')).toBe(before);
    await expectAccessible(page, 'studio-field-refused');
    await type(most, '30', ROBOT);
    await page.getByText('The configuration is sound with your changes to schemas/accountholder.schema.json.').waitFor({ timeout: 30_000 });

    // The label reworded in English: its Spanish, left as it was, goes as the English is left, and the check asks for it.
    const label = page.getByRole('group', { name: 'Label', exact: true });
    expect(await label.getByLabel('Español').inputValue()).toBe('Nombre');
    await type(label.getByLabel('English'), 'Given name', ROBOT);
    await page.keyboard.press('Tab');
    await expect.poll(() => label.getByLabel('Español').inputValue()).toBe('');
    await page.getByRole('link', { name: 'Go to Label, in English' }).first().waitFor({ timeout: 30_000 });
    await context.close();
  });
});

describe('the review page in the preview', () => {
  it("draws a sample applicant's review page in each language, a reworded label in its row before saving, and leaves out a field so marked", async () => {
    const { context, page } = await openStudio();
    await press(page.getByLabel('In the review page'), ROBOT);
    const preview = previewOf(page);
    await preview.getByRole('heading', { level: 1, name: 'Step 3: Verify' }).waitFor({ timeout: 30_000 });
    await preview.getByRole('rowheader', { name: 'First name', exact: true }).first().waitFor();
    // The SSN as the review page shows it: its last four digits only.
    expect(await preview.getByRole('row', { name: /^Social security number/ }).textContent()).toMatch(/XXX-XX-\d{4}$/);
    await page.getByLabel('Preview language').selectOption('es');
    await preview.getByRole('rowheader', { name: 'Nombre', exact: true }).first().waitFor({ timeout: 30_000 });
    await page.getByLabel('Preview language').selectOption('en');
    await type(page.getByRole('group', { name: 'Label', exact: true }).getByLabel('English'), 'Given name', ROBOT);
    await preview.getByRole('rowheader', { name: 'Given name', exact: true }).waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'studio-review');
    // Left out of the review page: its row goes.
    await press(page.getByLabel('Left out of the review page (review.hidden)'), ROBOT);
    await preview.getByRole('rowheader', { name: 'Given name', exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
    await preview.getByRole('rowheader', { name: 'Last name', exact: true }).first().waitFor();
    await context.close();
  });
});

describe('the studio in two tabs', () => {
  it('keeps the changes of the tab opened last; the other is told, and can neither change nor save anything', async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const first = await context.newPage();
    await first.goto(`${studio.url}/`);
    await first.getByRole('heading', { level: 2, name: 'firstName' }).waitFor();
    const second = await context.newPage();
    await second.goto(`${studio.url}/`);
    await second.getByRole('heading', { level: 2, name: 'firstName' }).waitFor();
    const before = git('status', '--porcelain');

    await type(first.getByLabel('Most characters (maxLength)'), '30', ROBOT);
    await first.getByRole('alert').getByText(/^The studio was opened in another tab or window/).waitFor({ timeout: 30_000 });
    await press(first.getByRole('button', { name: 'Save' }), ROBOT);
    await first.getByRole('status').getByText(/^The studio was opened in another tab or window/).waitFor();
    expect(git('status', '--porcelain')).toBe(before);
    await expectAccessible(first, 'studio-elsewhere');

    // The tab opened last goes on as if alone.
    await type(second.getByLabel('Most characters (maxLength)'), '24', ROBOT);
    await second.getByText('The configuration is sound with your changes to schemas/accountholder.schema.json.').waitFor({ timeout: 30_000 });
    expect(await second.getByRole('alert').count()).toBe(0);
    await context.close();
  });
});

describe('a partner from the studio', () => {
  it('adds a partner with a required field of its own, previews it in both languages, and saves its folder', async () => {
    const { context, page } = await openStudio();
    const partnerForm = page.getByRole('form', { name: 'Add a partner' });
    await type(partnerForm.getByLabel('Name (its host label)'), 'zeta', ROBOT);
    await type(partnerForm.getByLabel('Title'), 'Zeta Co-op HSA', ROBOT);
    await type(partnerForm.getByLabel('Help phone'), '1-800-555-0142', ROBOT);
    await press(partnerForm.getByRole('button', { name: 'Add partner' }), ROBOT);
    await expect.poll(() => page.getByLabel('Partner', { exact: true }).inputValue(), { timeout: 30_000 }).toBe('zeta');
    const preview = previewOf(page);
    await preview.getByText('Zeta Co-op HSA').first().waitFor({ timeout: 30_000 });
    // Its logo, as the studio's build ships it, is drawn.
    await expect.poll(() => preview.locator('header img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);

    const fieldForm = page.getByRole('form', { name: "Add a field of zeta's own" });
    await type(fieldForm.getByLabel('Field name'), 'employeeNumber', ROBOT);
    await fieldForm.getByLabel('Rules from the definition').selectOption('memberNumber');
    await type(fieldForm.getByRole('group', { name: 'Label of the new field' }).getByLabel('English'), 'Employee number', ROBOT);
    await type(fieldForm.getByRole('group', { name: 'Label of the new field' }).getByLabel('Español'), 'Número de empleado', ROBOT);
    await type(fieldForm.getByRole('group', { name: 'Message when the new field is missing' }).getByLabel('English'), 'Employee number is required.', ROBOT);
    await type(fieldForm.getByRole('group', { name: 'Message when the new field is missing' }).getByLabel('Español'), 'El número de empleado es obligatorio.', ROBOT);
    await press(fieldForm.getByRole('button', { name: 'Add field' }), ROBOT);
    await preview.getByLabel(/^Employee number/).waitFor({ timeout: 30_000 });
    await press(preview.getByRole('button', { name: 'Next' }), ROBOT);
    await preview.getByRole('link', { name: 'Employee number is required.' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Preview language').selectOption('es');
    await preview.getByLabel(/^Número de empleado/).waitFor({ timeout: 30_000 });
    await page.getByText(/^The configuration is sound/).waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'studio-new-partner');

    await press(page.getByRole('button', { name: 'Save' }), ROBOT);
    await page.getByText(/^Saved: /).waitFor();
    const created = git('status', '--porcelain', '--untracked-files=all', 'variants/zeta').trim().split('\n').map((l) => l.slice(3)).sort();
    expect(created).toEqual(
      ['es/text.json', 'es/translations.json', 'logo.svg', 'messages.json', 'schemas/accountholder.schema.json', 'schemas/accountholder.ui.json', 'text.json', 'variant.json'].map((f) => `variants/zeta/${f}`).sort(),
    );
    // Built as npm run build builds it: the partner's own revision, its field required by the wire payload too.
    const out = mkdtempSync(join(tmpdir(), 'hsa-studio-zeta-'));
    expect(revisionsOf(out).zeta).toMatch(/^zeta-[0-9a-f]{12}$/);
    const wire = JSON.parse(readFileSync(join(out, 'zeta/wire.json'), 'utf8'));
    expect(JSON.stringify(wire.schema)).toContain('"employeeNumber"');
    const step = JSON.parse(readFileSync(join(out, 'zeta/accountholder.json'), 'utf8'));
    expect(step.schema.required).toContain('employeeNumber');
    await context.close();
  });
});

/** A request as another site or a rebound DNS name would send it. */
function raw(path: string, headers: Record<string, string>, method = 'GET', body = ''): Promise<number> {
  const url = new URL(studio.url);
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port: url.port, path, method, headers }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.on('error', fail);
    req.end(body);
  });
}

describe('the studio refuses what is not its own page', () => {
  it('refuses another origin, another host name, and a change that is not JSON', async () => {
    const host = new URL(studio.url).host;
    const status = git('status', '--porcelain');
    expect(await raw('/studio-api/overview', { host })).toBe(200);
    expect(await raw('/studio-api/overview', { host: `evil.example:${new URL(studio.url).port}` })).toBe(403);
    expect(await raw('/src/studio/app/index.html', { host: 'rebound.example' })).toBe(403);
    expect(await raw('/studio-api/save', { host, origin: 'http://evil.example', 'content-type': 'application/json' }, 'POST', '{}')).toBe(403);
    expect(await raw('/studio-api/save', { host, origin: `http://${host}`, 'content-type': 'text/plain' }, 'POST', '{}')).toBe(403);
    expect(await raw('/studio-api/edits', { host, origin: `http://${host}`, 'content-type': 'application/json' }, 'POST', JSON.stringify({ edits: [{ file: 'src/server/app.ts', path: ['x'], value: 1 }] }))).toBe(400);
    expect(git('status', '--porcelain')).toBe(status);
  });
});

describe("a partner's pages", () => {
  it("rewords the welcome page and changes a fee in English and Spanish for one partner, previews each page, and saves them in the partner's own files", async () => {
    const { context, page } = await openStudio();
    await page.getByLabel('Partner', { exact: true }).selectOption('aarp');
    await press(page.getByRole('radio', { name: 'Words of a page' }), ROBOT);
    const preview = previewOf(page);
    // The welcome page, as the partner's applicants meet it.
    await preview.getByRole('heading', { level: 2, name: 'Have these ready' }).waitFor({ timeout: 30_000 });
    await preview.getByText(/^AARP members receive a 20% discount/).waitFor();

    const lead = page.getByRole('group', { name: 'lead', exact: true });
    await press(lead.getByLabel('English'), ROBOT);
    await page.keyboard.press('End');
    await page.keyboard.type(' Start today.');
    await preview.getByText(/in about 10 minutes\. Start today\.$/).waitFor({ timeout: 30_000 });
    await press(lead.getByLabel('Español'), ROBOT);
    await page.keyboard.press('End');
    await page.keyboard.type(' Empiece hoy.');
    await page.getByLabel('Preview language').selectOption('es');
    await preview.getByText(/en unos 10 minutos\. Empiece hoy\.$/).waitFor({ timeout: 30_000 });

    // The Schedule of Fees: the partner's ATM fee, in the Spanish page.
    await page.getByLabel('Page', { exact: true }).selectOption('feeSchedule');
    await preview.getByRole('cell', { name: '$2.50' }).first().waitFor({ timeout: 30_000 });
    await type(page.getByRole('group', { name: /^Fee amounts/ }).getByLabel('atm', { exact: true }), '3.00', ROBOT);
    await preview.getByRole('cell', { name: '$3.00' }).waitFor({ timeout: 30_000 });
    await page.getByText(/^The configuration is sound with your changes to/).waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'studio-page-words');

    await press(page.getByRole('button', { name: 'Save' }), ROBOT);
    await page.getByText(/^Saved: /).waitFor();
    // In the partner's own files, the standard ones untouched: its patch of the English and of the Spanish, and a
    // fees.json of its own with only the amount changed.
    const partnerFiles = git('status', '--porcelain', '--untracked-files=all', 'variants/aarp', 'schemas/text.json', 'schemas/es/text.json', 'schemas/fees.json').trimEnd().split('\n').sort();
    expect(partnerFiles).toEqual([' M variants/aarp/es/text.json', ' M variants/aarp/text.json', '?? variants/aarp/fees.json']);
    const added = git('diff', '-U0', 'variants/aarp').split('\n').filter((l) => l.startsWith('+') && !l.startsWith('+++'));
    expect(added).toContain('+    "lead": "Open a Health Savings Account with {bankName} in about 10 minutes. Start today."');
    expect(added).toContain('+    "lead": "Abra una Cuenta de Ahorros para la Salud con {bankName} en unos 10 minutos. Empiece hoy."');
    expect(JSON.parse(readFileSync(join(checkout, 'variants/aarp/fees.json'), 'utf8'))).toEqual({ atm: '3.00' });
    await context.close();
  });

  it("changes a partner's colour with its contrast shown as it is typed, refuses one white text cannot be read on, and saves the readable one", async () => {
    const { context, page } = await openStudio();
    await page.getByLabel('Partner', { exact: true }).selectOption('aarp');
    await press(page.getByRole('radio', { name: 'Colours and logo' }), ROBOT);
    const header = page.getByLabel('Header and buttons (brand)');
    expect(await header.inputValue()).toBe('#b3122b');
    const contrast = page.locator('#contrast-brand');
    expect(await contrast.textContent()).toMatch(/^White text on it: \d+\.\d\d:1, at least 4\.5:1, readable\.$/);

    // Too light for the white text on it: said as it is typed, found by the check, and not saved.
    await type(header, '#e8a0a8', ROBOT);
    expect(await contrast.textContent()).toBe('White text on it: 2.09:1, below 4.5:1: choose a darker colour.');
    expect(await header.getAttribute('aria-invalid')).toBe('true');
    await page.getByText(/variants\/aarp\/variant\.json: \/brand\/colors\/brand white text on #e8a0a8 has a contrast of 2\.09:1/).first().waitFor({ timeout: 30_000 });
    await press(page.getByRole('button', { name: 'Save' }), ROBOT);
    await page.getByText('Nothing was saved: correct what the check found first.').waitFor();
    expect(git('status', '--porcelain', 'variants/aarp/variant.json')).toBe('');

    // A darker one: readable, and the preview's header takes it before saving.
    await type(header, '#5a1e8c', ROBOT);
    await page.getByText(/^White text on it: \d+\.\d\d:1, at least 4\.5:1, readable\.$/).first().waitFor();
    const preview = previewOf(page);
    await expect.poll(() => preview.locator('.site-header').evaluate((el) => getComputedStyle(el).backgroundColor), { timeout: 30_000 }).toBe('rgb(90, 30, 140)');
    await page.getByText(/^The configuration is sound with your changes to variants\/aarp\/variant\.json/).waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'studio-colours');
    await press(page.getByRole('button', { name: 'Save' }), ROBOT);
    await page.getByText('Saved: variants/aarp/variant.json.').waitFor();
    const changed = git('diff', '-U0', 'variants/aarp/variant.json').split('\n').filter((l) => /^[-+] /.test(l));
    expect(changed).toEqual(['-      "brand": "#b3122b",', '+      "brand": "#5a1e8c",']);
    await context.close();
  });

  it("changes a partner's settings in a form the site's engine draws from their schema, refused by the check while one breaks its rule", async () => {
    const { context, page } = await openStudio();
    await page.getByLabel('Partner', { exact: true }).selectOption('aarp');
    await press(page.getByRole('radio', { name: 'Partner settings' }), ROBOT);
    const settings = page.getByRole('region', { name: 'Partner settings' });
    const phone = settings.getByLabel('Help phone', { exact: true });
    await phone.waitFor({ timeout: 30_000 });
    expect(await phone.inputValue()).toBe('1-866-555-0177');
    expect(await settings.getByLabel('Bank name', { exact: true }).inputValue()).toBe('Example Bank');
    expect(await settings.getByLabel('Partner name (optional)', { exact: true }).inputValue()).toBe('AARP');
    expect(await settings.getByLabel('Cancel Enrollment on every step').isChecked()).toBe(true);

    // A phone not in its form: the build's check names it, and nothing is saved.
    await type(phone, 'call us', ROBOT);
    await press(page.getByRole('button', { name: 'Apply' }), ROBOT);
    await page.getByText(/variants\/aarp\/variant\.json: .*helpPhone/).first().waitFor({ timeout: 30_000 });
    await press(page.getByRole('button', { name: 'Save' }), ROBOT);
    await page.getByText('Nothing was saved: correct what the check found first.').waitFor();

    await type(phone, '1-866-555-0199', ROBOT);
    await press(page.getByRole('button', { name: 'Apply' }), ROBOT);
    await previewOf(page).getByRole('link', { name: '1-866-555-0199' }).waitFor({ timeout: 30_000 });
    await page.getByText(/^The configuration is sound with your changes to variants\/aarp\/variant\.json/).waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'studio-settings');
    await press(page.getByRole('button', { name: 'Save' }), ROBOT);
    await page.getByText('Saved: variants/aarp/variant.json.').waitFor();
    const changed = git('diff', '-U0', 'variants/aarp/variant.json').split('\n').filter((l) => /^[-+] /.test(l));
    expect(changed).toContain('-  "helpPhone": "1-866-555-0177",');
    expect(changed).toContain('+  "helpPhone": "1-866-555-0199",');
    await context.close();
  });

  it("replaces a partner's logo: refuses a file the build would refuse, previews the new one, and saves it", async () => {
    const { context, page } = await openStudio();
    await page.getByLabel('Partner', { exact: true }).selectOption('aarp');
    await press(page.getByRole('radio', { name: 'Colours and logo' }), ROBOT);
    const preview = previewOf(page);
    const logo = preview.locator('header img').first();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
    const before = await logo.getAttribute('src');
    const choose = page.getByLabel('New logo (SVG or PNG, at most 100 KB)');
    const svg = (extra: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"${extra}><rect width="200" height="50" fill="#5a1e8c"/></svg>`);

    await choose.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: svg(' onload="alert(1)"') });
    await page.getByRole('status').getByText('logo.svg holds a script or an event handler. Use an SVG with width and height attributes (in px) and no script, or a PNG, of at most 100 KB.').waitFor();
    await choose.setInputFiles({ name: 'new-logo.svg', mimeType: 'image/svg+xml', buffer: svg('') });
    await page.getByRole('status').getByText("new-logo.svg is the logo in the preview; it replaces aarp's on Save.").waitFor();
    await expect.poll(() => logo.getAttribute('src'), { timeout: 30_000 }).not.toBe(before);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBe(200);
    await expectAccessible(page, 'studio-logo');

    await press(page.getByRole('button', { name: 'Save' }), ROBOT);
    await page.getByText('Saved: variants/aarp/logo.svg.').waitFor();
    expect(readFileSync(join(checkout, 'variants/aarp/logo.svg'))).toEqual(svg(''));
    await context.close();
  });

  it('gives a field a help text in English and Spanish, previewed under its label, written in the step\'s uiSchema', async () => {
    const { context, page } = await openStudio();
    const help = page.getByRole('group', { name: 'Help text under the label' });
    expect(await help.getByLabel('English').inputValue()).toBe('');
    await type(help.getByLabel('English'), 'As it is on your ID.', ROBOT);
    // Not yet in Spanish: the check finds it at the field, and marks the help text.
    await page.getByText('The check found, at this field:').waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Go to Help text under the label, in English' }).first().waitFor();
    await type(help.getByLabel('Español'), 'Como figura en su identificación.', ROBOT);
    await page.getByText(/^The configuration is sound with your changes to/).waitFor({ timeout: 30_000 });
    const preview = previewOf(page);
    await preview.getByText('As it is on your ID.').waitFor({ timeout: 30_000 });
    await page.getByLabel('Preview language').selectOption('es');
    await preview.getByText('Como figura en su identificación.').waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'studio-help');
    await press(page.getByRole('button', { name: 'Save' }), ROBOT);
    await page.getByText(/^Saved: schemas\/accountholder\.ui\.json, schemas\/es\/translations\.json\.$/).waitFor();
    const ui = JSON.parse(readFileSync(join(checkout, 'schemas/accountholder.ui.json'), 'utf8')) as Record<string, Record<string, string>>;
    expect(ui.firstName).toEqual({ 'ui:autocomplete': 'given-name', 'ui:help': 'As it is on your ID.' });
    expect(git('diff', '-U0', 'schemas/es/translations.json')).toContain('+  "As it is on your ID.": "Como figura en su identificación."');
    await context.close();
  });
});
