/** From the studio to the site (issue 24): in a copy of this checkout, an analyst's saved change is built and served
 *  by `npm start` (the first build by `npm run build`); the enrollment made then is stored under the new revision of the form,
 *  while the one made before the change keeps its own, and `npm run admin -- revisions` lists both. Everything runs
 *  as people run it: the build and the server as child processes, the studio and the site in Chromium. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './harness';
import { press, ROBOT } from './hand';
import { PAPERLESS, pat, toSignedTerms } from './journey';
import { startStudio } from '../../src/studio/server';

const repo = resolve(import.meta.dirname, '../..');
let copy: string;
let dataDir: string;
let browser: Browser;
let server: ChildProcess | null = null;

/** As a newcomer's machine runs it: the default variants, the embedded database (not the tests' PostgreSQL). */
const ENV = { ...process.env, HSA_VARIANT_DIRS: '', DATABASE_URL: '', REDIS_URL: '' };
const run = (command: string, args: string[], env: Record<string, string> = {}) => execFileSync(command, args, { cwd: copy, encoding: 'utf8', env: { ...ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
const revisionNow = () => (JSON.parse(readFileSync(join(copy, 'generated/revisions.json'), 'utf8')) as Record<string, string>).standard;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

/** `npm start` in the copy, on a port of its own, with its embedded database in dataDir; resolves once it answers. */
async function startSite(): Promise<string> {
  const port = await freePort();
  server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: copy, env: { ...ENV, PORT: String(port), DATA_DIR: dataDir, CAPTCHA_COST: '50', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  server.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  // It may build first: two minutes at most, on a loaded machine.
  for (let i = 0; i < 480; i++) {
    if (await fetch(`${url}/enrollment`).then((r) => r.ok, () => false)) return url;
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}: ${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the site did not start');
}

async function stopSite(): Promise<void> {
  const stopping = server;
  server = null;
  if (!stopping || stopping.exitCode !== null) return;
  await new Promise((done) => {
    stopping.once('exit', done);
    stopping.kill('SIGTERM');
  });
}

/** The standard journey, key by key, to the thank-you screen. */
async function enroll(url: string, ssnDigits: string, lead: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${url}/enrollment`);
  await page.getByText(lead).waitFor();
  await press(page.getByRole('link', { name: 'Next' }), ROBOT);
  await page.getByRole('heading', { name: 'Step 1: Account Holder Information' }).waitFor();
  const person = { ...pat, ssnDigits };
  await toSignedTerms(page, person);
  await press(page.getByRole('button', { name: 'Next' }), ROBOT);
  await page.getByText(PAPERLESS).waitFor({ timeout: 30_000 });
  await context.close();
}

/** The checkout's tracked files (what a clone holds) and its installed packages, afresh for each run of the test. */
function copyCheckout(): void {
  if (copy) rmSync(copy, { recursive: true, force: true });
  copy = mkdtempSync(join(tmpdir(), 'hsa-revisions-'));
  for (const file of execFileSync('git', ['ls-files', '-z'], { cwd: repo, encoding: 'utf8' }).split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(repo, file), join(copy, file));
  }
  symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'), 'dir');
  dataDir = join(copy, 'data');
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await stopSite();
  await browser?.close();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('a change from the studio, built and served', () => {
  it('stores the enrollment made after it under the new revision, and the one made before under its own', async () => {
    const lead = 'Open a Health Savings Account with Example Bank in about 10 minutes.';
    await stopSite();
    copyCheckout();
    run('npm', ['run', 'build']);
    const before = revisionNow();
    await enroll(await startSite(), '123450189', lead);
    await stopSite();

    // The analyst rewords the welcome page's lead in the studio, and saves.
    const studio = await startStudio({ root: copy, port: 0 });
    try {
      const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
      await page.goto(`${studio.url}/`);
      await page.getByRole('heading', { level: 2, name: 'firstName' }).waitFor();
      await press(page.getByRole('radio', { name: 'Words of a page' }), ROBOT);
      await press(page.getByRole('group', { name: 'lead', exact: true }).getByLabel('English'), ROBOT);
      await page.keyboard.press('End');
      await page.keyboard.type(' Start today.');
      await page.getByText(/^The configuration is sound with your changes to schemas\/text\.json/).waitFor({ timeout: 30_000 });
      await press(page.getByRole('button', { name: 'Save' }), ROBOT);
      await page.getByText('Saved: schemas/text.json.').waitFor();
      await page.close();
    } finally {
      await studio.close();
    }

    // No build by hand: npm start finds its build was made before the file the studio wrote, and builds (buildInputs.ts).
    const site = await startSite();
    const after = revisionNow();
    expect(after).not.toBe(before);
    await enroll(site, '123450289', `${lead} Start today.`);
    await stopSite();

    // Each revision with the one enrollment made under it, in English.
    const listed = run('node', ['--import', 'tsx', 'src/server/admin.ts', 'revisions'], { DATA_DIR: dataDir })
      .trim()
      .split('\n')
      .map((line) => line.split('\t'))
      .map(([revision, variant, , enrollments, languages]) => ({ revision, variant, enrollments, languages }));
    expect(listed.filter((r) => r.variant === 'standard').sort((a, b) => (a.revision === before ? -1 : b.revision === before ? 1 : 0))).toEqual([
      { revision: before, variant: 'standard', enrollments: '1', languages: 'en:1' },
      { revision: after, variant: 'standard', enrollments: '1', languages: 'en:1' },
    ]);
  }, 300_000);
});
