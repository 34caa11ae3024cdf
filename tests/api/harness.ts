/** API tests: the app on every available database, and a client that keeps cookies like a browser. */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../../src/server/app';
import { openDatabase } from '../../src/server/database';
import type { Db } from '../../src/server/db/index';
import { schemaDatabase, TEST_DATA_KEY, testConfig } from '../../src/server/testing';
import { firstOfThisMonth } from '../dates';
import type { Config } from '../../src/server/config';

export interface TestDb {
  name: string;
  open: () => Promise<{ db: Db; drop: () => Promise<void> }>;
}

const url = process.env.DATABASE_URL;
if (process.env.CI === 'true' && !url) throw new Error('CI=true needs DATABASE_URL: the API tests must also run on PostgreSQL');

/** PGlite always; PostgreSQL too when DATABASE_URL is set, each test file in a schema of its own. */
export const databases: TestDb[] = [
  { name: 'PGlite', open: async () => { const db = await openDatabase({ dataDir: 'data/test', dataKey: TEST_DATA_KEY }, { inMemory: true }); return { db, drop: () => db.close() }; } },
  ...(url
    ? [
        { name: 'PostgreSQL', open: () => schemaDatabase(url, 't') },
      ]
    : []),
];

export function logSink() {
  const lines: string[] = [];
  return { stream: new Writable({ write: (c, _e, done) => (lines.push(String(c)), done()) }), text: () => lines.join('') };
}

/** The same database, each statement's SQL shown to `see` before it runs; a statement `see` throws for fails as one
 *  the database refused would. */
export const seenDb = (db: Db, see: (sql: string) => void): Db => ({
  ...db,
  query: (async (sql: string, params?: unknown[], prepared?: string) => {
    see(sql);
    return db.query(sql, params, prepared);
  }) as Db['query'],
  ...(db.queryEach && {
    queryEach: (async (sql: string, list: unknown[][], prepared: string) => {
      see(sql);
      return db.queryEach!(sql, list, prepared);
    }) as Db['queryEach'],
  }),
});

export async function makeApp(db: Db, { config: overrides, ...opts }: { config?: Partial<Config> } & Partial<Omit<AppOptions, 'config'>> = {}) {
  const logs = logSink();
  const config = testConfig(overrides);
  const app = await buildApp({ db, config, logStream: logs.stream, rateLimits: [10_000, 10_000, 10_000], ...opts });
  return { app, config, logs };
}

/** A browser-like client: keeps cookies, sends the CSRF token on POSTs; `headers` go with every request (a Host). */
export class Client {
  private cookies = new Map<string, string>();
  token = '';
  constructor(
    private app: FastifyInstance,
    private headers: Record<string, string> = {},
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Puts a cookie in this client's jar (a cookie copied from another browser, or set as the server would have);
   *  undefined removes it. */
  setCookie(name: string, value: string | undefined) {
    if (value === undefined) this.cookies.delete(name);
    else this.cookies.set(name, value);
    return this;
  }

  private keep(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string }[]) this.cookies.set(c.name, c.value);
    return res;
  }

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(url: string) {
    return this.keep(await this.app.inject({ method: 'GET', url, headers: { ...this.headers, cookie: this.cookieHeader } }));
  }

  async post(url: string, body: unknown, headers: Record<string, string> = {}) {
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    return this.keep(await this.app.inject({ method: 'POST', url, payload, headers: { ...this.headers, 'content-type': 'application/json', 'x-csrf-token': this.token, cookie: this.cookieHeader, ...headers } }));
  }

  async start() {
    this.token = (await this.get('/api/v1/enrollment/csrf-token')).json().token;
    return this;
  }

  /** Solves a captcha as the widget does and has the server verify it. */
  async solveCaptcha(): Promise<string> {
    const challenge = (await this.get('/api/v1/enrollment/captcha-challenge')).json();
    const solution = await solveChallenge({ challenge, deriveKey } as never);
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  /** A newly solved captcha: one grant, good for one enrollment of this session. */
  async grant() {
    const res = await this.post('/api/v1/enrollment/submitCaptcha', { captcha: await this.solveCaptcha() });
    if (res.json() !== true) throw new Error('captcha not verified');
    return this;
  }

  async verified() {
    await this.start();
    return this.grant();
  }

  enroll(body: unknown, key = `key-${randomBytes(8).toString('hex')}`) {
    return this.post('/api/v1/enrollment/enroll', body, { 'idempotency-key': key });
  }
}

let serial = 1000;
/** A valid wire payload with a fresh SSN (serial 1000 upward, never the sandbox's special ones). */
export function enrollment(overrides: Record<string, unknown> = {}, ssnSerial = serial++) {
  return {
    firstName: 'Pat', lastName: 'Doe', ssn: `123-45-${ssnSerial}`.replace(/-/g, ''), dob: '1970-04-15', homePhone: '2025550143',
    email: 'pat.doe@example.com', remail: 'pat.doe@example.com', verificationCode: 'Secret', individualEnrollment: true,
    group: { id: 'DEMO100', name: 'Demo Employer Inc.', coverage: 'I', effectiveDate: firstOfThisMonth('YYYY-MM-DD') },
    homeAddress: { line1: '1 Main St', city: 'Springfield', state: 'VA', zip: '22150' }, useAltMailingAddress: false,
    mailingAddress: { line1: '1 Main St', city: 'Springfield', state: 'VA', zip: '22150' }, requestAdditionalCard: false,
    tos: { accepted: true, requestElectronic: true, requestWelcomeKit: false, firstName: 'Pat', lastName: 'Doe' },
    ...overrides,
  };
}

/** A request on the wire, path byte for byte as given (inject would normalise it), against a listening app. */
export async function rawRequest(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const { request } = await import('node:http');
  const url = new URL(base);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const DUPLICATE =
  'Our records show that you already have a Health Savings Account with us. Please contact customer service (at the number provided below) if you have any questions regarding this account.';
