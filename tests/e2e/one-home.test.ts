/**
 * One home per rule, proven as an analyst and a partner would work: a copy of the project in a temporary folder gets
 * (a) the name limit raised in its one file, (b) one message reworded, (c) a new partner folder with a required field
 * of its own; it is rebuilt and run, and the browser, the review page, the server and the export all follow.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './harness';
import { fillEmployerGroup, fillPersonal, next, PAPERLESS, signTerms, type Person } from './journey';
import { type, ROBOT } from './hand';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'hsa-one-home-'));
const NEW_NAME_MESSAGE = 'Use letters, spaces and hyphens.';
const longName = 'Maximiliana Josephinee'; // 22 characters: over the standard limit of 18

type Message = { errorMessage: { pattern: string } };
type Definitions = { definitions: { name: Message & { maxLength: number; allOf: Message[] } } };

const editJson = <T,>(file: string, edit: (json: T) => void) => {
  const json = JSON.parse(readFileSync(join(dir, file), 'utf8')) as T;
  edit(json);
  writeFileSync(join(dir, file), JSON.stringify(json, null, 2));
};

function copyProject(): void {
  for (const entry of ['schemas', 'variants', 'src', 'widgets', 'scripts', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json']) cpSync(join(root, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  // (a) The analyst raises the name limit in its one file.
  editJson<Definitions>('schemas/definitions.schema.json', (s) => {
    s.definitions.name.maxLength = 22;
    // (b) and rewords one message.
    s.definitions.name.errorMessage.pattern = NEW_NAME_MESSAGE;
    s.definitions.name.allOf[0].errorMessage.pattern = NEW_NAME_MESSAGE;
  });
  // A reworded message needs its words in each language (the build refuses it otherwise).
  editJson<Record<string, string>>('schemas/es/translations.json', (w) => {
    w[NEW_NAME_MESSAGE] = 'Solo letras, espacios y guiones.';
  });
  // (c) A partner is one folder: its variant.json and a patch adding a required field of its own.
  mkdirSync(join(dir, 'variants/zeta/schemas'), { recursive: true });
  editJsonNew('variants/zeta/variant.json', {
    ...JSON.parse(readFileSync(join(root, 'tests/fixtures/variants/acme/variant.json'), 'utf8')),
    $schema: '../variant.schema.json',
    id: 'zeta',
    match: { hostLabels: ['zeta'] },
    brand: { bankName: 'Example Bank' },
  });
  const site = { site: { title: 'Zeta HSA Enrollment', logo: 'Zeta Co-op' } };
  editJsonNew('variants/zeta/text.json', site);
  mkdirSync(join(dir, 'variants/zeta/es'), { recursive: true });
  editJsonNew('variants/zeta/es/text.json', site);
  editJsonNew('variants/zeta/es/translations.json', {
    'Employee number': 'Número de empleado',
    'Capital letters and digits only.': 'Solo letras mayúsculas y dígitos.',
    'No more than {limit} characters.': 'No más de {limit} caracteres.',
    'Employee number is required.': 'El número de empleado es obligatorio.',
  });
  // Lists are patched item by item, so the standard's own list stays the standard's.
  editJsonNew('variants/zeta/schemas/accountholder.schema.json', {
    required: { $append: ['employeeNumber'] },
    properties: { employeeNumber: { type: 'string', title: 'Employee number', maxLength: 8, pattern: '^[A-Z0-9]+$', errorMessage: { pattern: 'Capital letters and digits only.', maxLength: 'No more than {limit} characters.' } } },
    errorMessage: { required: { employeeNumber: 'Employee number is required.' } },
  });
  editJsonNew('variants/zeta/schemas/accountholder.ui.json', { 'ui:options': { sections: { $patch: { 'Personal Information': { fields: { $append: ['employeeNumber'] } } } } } });
}
function editJsonNew(file: string, json: object) {
  writeFileSync(join(dir, file), JSON.stringify(json, null, 2));
}

const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) => execFileSync(cmd, args, { cwd: dir, env: { ...process.env, ...env }, stdio: 'pipe', encoding: 'utf8' });
// The copy runs on its own embedded database in its folder, never on a PostgreSQL the test run was given.
const serverEnv = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), CAPTCHA_COST: '50', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' };

let server: ChildProcess;
let url = '';
let browser: Browser;

async function startServer(): Promise<void> {
  server = spawn(join(dir, 'node_modules/.bin/tsx'), ['src/server/main.ts'], { cwd: dir, env: { ...process.env, ...serverEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  url = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += String(chunk);
      const found = /running on (http:\/\/[^/\s]+)/.exec(out);
      if (found) resolveUrl(found[1]);
    });
    server.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

beforeAll(async () => {
  copyProject();
  run(join(dir, 'node_modules/.bin/tsx'), ['scripts/compile-validators.ts']);
  run(join(dir, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error']);
  await startServer();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(dir, { recursive: true, force: true });
});

async function step1(host: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${url.replace('127.0.0.1', host)}/enrollment/accountholder`);
  await page.getByRole('heading', { name: 'Step 1: Account Holder Information' }).waitFor();
  return page;
}

/** Through steps 2 to 4 with the e-signature, then the thank-you screen. */
async function finish(page: Page, person: Person): Promise<void> {
  await next(page, 'Step 2: Additional Cardholder');
  await next(page, 'Step 3: Verify');
  await next(page, 'Step 4: Terms and Conditions');
  await signTerms(page, person);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText(PAPERLESS).waitFor();
}

/** POSTs an enrollment from the page (its session, CSRF token and verified captcha): the server's own answer. */
async function postFromPage(page: Page, body: object): Promise<{ status: number; json: { message: string; errors?: { path: string; message: string }[] } }> {
  return page.evaluate(async (b) => {
    const { token } = (await (await fetch('/api/v1/enrollment/csrf-token', { credentials: 'include' })).json()) as { token: string };
    const res = await fetch('/api/v1/enrollment/enroll', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify(b),
    });
    return { status: res.status, json: await res.json() };
  }, body);
}

describe('one home per rule (a copy of the project, edited as an analyst and a partner would)', () => {
  it('(a) a 22-letter name passes step 1, the e-signature and the server; (b) the new message shows in the browser', async () => {
    const person: Person = { first: longName, last: 'Doe', ssnDigits: '123456701', dobDigits: '04151970', zip: '22150' };
    const page = await step1('127.0.0.1');
    expect(await page.getByLabel(/^First name/).getAttribute('maxlength')).toBe('22');
    await type(page.getByLabel(/^First name/), '--', ROBOT);
    await page.getByLabel(/^Last name/).focus();
    await page.getByText(NEW_NAME_MESSAGE).first().waitFor();
    await fillPersonal(page, person);
    await fillEmployerGroup(page);
    await finish(page, person);
    expect(await page.getByText(longName).count()).toBe(0); // the thank-you screen shows no personal data
  });

  it("(b) the server answers a bad name with the new message; (c) it enforces the partner's required field", async () => {
    const person: Person = { first: 'Zed', last: 'Doe', ssnDigits: '123456702', dobDigits: '04151970', zip: '22150' };
    const page = await step1('zeta.localhost');
    await fillPersonal(page, person);
    await fillEmployerGroup(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('link', { name: 'Employee number is required.' }).waitFor();
    await type(page.getByLabel('Employee number'), 'E42', ROBOT);
    await next(page, 'Step 2: Additional Cardholder');
    await next(page, 'Step 3: Verify');
    // The partner's field is on the generated review page.
    await page.getByRole('row', { name: 'Employee number E42' }).waitFor();
    await next(page, 'Step 4: Terms and Conditions');
    await signTerms(page, person);

    const base = {
      firstName: 'Zed', lastName: 'Doe', ssn: '123456703', dob: '1970-04-15', homePhone: '2025550143', email: 'z@example.com', remail: 'z@example.com',
      verificationCode: 'Secret', individualEnrollment: true, group: { id: 'DEMO100', coverage: 'I', effectiveDate: new Date().toISOString().slice(0, 10) },
      homeAddress: { line1: '1 Main St', city: 'Town', state: 'VA', zip: '22150' }, useAltMailingAddress: false,
      mailingAddress: { line1: '1 Main St', city: 'Town', state: 'VA', zip: '22150' }, requestAdditionalCard: false,
      tos: { accepted: true, requestElectronic: true, requestWelcomeKit: false, firstName: 'Zed', lastName: 'Doe' },
    };
    const badName = await postFromPage(page, { ...base, employeeNumber: 'E42', firstName: '--', tos: { ...base.tos, firstName: '--' } });
    expect(badName.status).toBe(400);
    expect(badName.json.errors).toContainEqual({ path: '/firstName', message: NEW_NAME_MESSAGE });
    const missing = await postFromPage(page, base);
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toContainEqual({ path: '/', message: 'Employee number is required.' });

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(PAPERLESS).waitFor();
  });

  it("(c) the export holds the partner's field and the long name, as stored", async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    const lines = run(join(dir, 'node_modules/.bin/tsx'), ['src/server/admin.ts', 'export-enrollments'], serverEnv).trim().split('\n').map((l) => JSON.parse(l) as { enrollment: Record<string, unknown> });
    expect(lines.map((l) => l.enrollment.firstName)).toEqual(expect.arrayContaining([longName, 'Zed']));
    expect(lines.find((l) => l.enrollment.firstName === 'Zed')?.enrollment.employeeNumber).toBe('E42');
  });
});
