// @vitest-environment node
/** Two instances are one site (issue 12 item 3): two real server processes, started together, on one PostgreSQL
 *  database and one Redis with one HSA_DATA_KEY. A rate limit counts across both, a captcha grant admits one
 *  enrollment whichever instance it was issued and used on, an Idempotency-Key answers once across both, and a
 *  concurrent load split across both stores every accepted enrollment once, also when the database goes away
 *  mid-load and comes back: 503s then (no 500, no hang), recovery without a restart, nothing half-stored. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataProtection } from '../../src/server/crypto';
import { openDatabase } from '../../src/server/database';
import { UNAVAILABLE } from '../../src/server/errors';
import { siteMessages } from '../../src/server/validation';
import { enrollment } from './harness';

const baseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ci = process.env.CI === 'true';
if (ci && !baseUrl) throw new Error('CI=true needs DATABASE_URL: the two-instance test must run on PostgreSQL');

/** Whether a service answers within a bounded time. */
async function reachable(): Promise<{ postgres: boolean; redis: boolean }> {
  let postgres = false;
  if (baseUrl) {
    const probe = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 2000 });
    postgres = await probe.connect().then(() => true, () => false);
    await probe.end().catch(() => undefined);
  }
  const probe = new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  probe.on('error', () => undefined);
  const redis = await probe.connect().then(async () => (await probe.ping()) === 'PONG', () => false);
  probe.disconnect();
  return { postgres, redis };
}
const have = await reachable();
if (ci && !have.postgres) throw new Error(`CI=true needs PostgreSQL at DATABASE_URL: the two-instance test must run`);
if (ci && !have.redis) throw new Error(`CI=true needs Redis at ${redisUrl}: the two-instance test must run`);

/** Settings both instances share; the SSN check's limit is small so (a) can exceed it, the others never limit. */
const DATA_KEY = randomBytes(32);
const SSN_LIMIT = 6;
const QUERY_TIMEOUT_MS = 2000;
/** A request unanswered after this long counts as a hang: every statement is bounded by the query timeout, a wait
 *  for a pooled connection by the pool's connect timeout (3 s), and a request makes a few of each in turn. */
const HANG_MS = 15_000;
const protection = dataProtection(DATA_KEY);

interface Instance {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** Starts `node --import tsx src/server/main.ts` (what `npm start` runs) on an ephemeral loopback port. */
async function startInstance(env: NodeJS.ProcessEnv): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  // Only the tail is kept: a load through an outage logs a line per refused request.
  const keep = (c: Buffer) => (output = (output + String(c)).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no instance within 30 s:\n${output}`)), 30_000);
    const look = () => {
      const found = /running on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (!found) return;
      clearTimeout(timer);
      resolve(found[1]);
    };
    child.stdout!.on('data', look);
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`the instance exited (${code}) before listening:\n${output}`))));
  });
  return { url, child, output: () => output };
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.child.exitCode !== null) return;
  const exited = new Promise((r) => instance.child.once('exit', r));
  instance.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
}

interface Answer {
  status: number;
  body: string;
  /** The instance that answered. */
  from: string;
}

/** A browser over real HTTP: keeps its cookies and CSRF token whichever instance it talks to (a load balancer
 *  without sticky sessions). A request unanswered after HANG_MS answers status 0. */
class Browser {
  private cookies = new Map<string, string>();
  private token = '';

  async request(at: Instance, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let res: Response;
    try {
      res = await fetch(at.url + path, {
        method,
        headers: { ...(cookie ? { cookie } : {}), ...(method === 'POST' ? { 'content-type': 'application/json', 'x-csrf-token': this.token } : {}), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(HANG_MS),
      });
    } catch (e) {
      if ((e as Error).name === 'TimeoutError') return { status: 0, body: 'no answer', from: at.url };
      throw e;
    }
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return { status: res.status, body: await res.text(), from: at.url };
  }

  async start(at: Instance): Promise<Answer> {
    const res = await this.request(at, 'GET', '/api/v1/enrollment/csrf-token');
    if (res.status === 200) this.token = (JSON.parse(res.body) as { token: string }).token;
    return res;
  }

  /** Solves a captcha challenged by `challengeAt` and has `verifyAt` verify it; 200 with body `true` is a grant. */
  async grant(challengeAt: Instance, verifyAt: Instance): Promise<Answer> {
    const got = await this.request(challengeAt, 'GET', '/api/v1/enrollment/captcha-challenge');
    if (got.status !== 200) return got;
    const challenge = JSON.parse(got.body) as unknown;
    const solution = await solveChallenge({ challenge, deriveKey } as never);
    const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    return this.request(verifyAt, 'POST', '/api/v1/enrollment/submitCaptcha', { captcha });
  }

  enroll(at: Instance, body: unknown, key: string): Promise<Answer> {
    return this.request(at, 'POST', '/api/v1/enrollment/enroll', body, { 'idempotency-key': key });
  }
}

const newKey = () => `inst-${randomBytes(12).toString('hex')}`;
const granted = (a: Answer) => a.status === 200 && a.body === 'true';

/** One applicant: a browser of its own, a person of its own (a fresh SSN) and one Idempotency-Key. */
interface Attempt {
  browser: Browser;
  body: ReturnType<typeof enrollment>;
  key: string;
  /** Every answer the journey got, in order (the last one is where it stopped). */
  answers: Answer[];
  hasGrant: boolean;
}

/** An applicant's journey, its steps spread over both instances: a CSRF token from one, a captcha challenged by the
 *  other and verified by the first, the enrollment on the other. It stops at the first step not answered 200. */
async function journey(attempt: Attempt, first: Instance, second: Instance): Promise<Answer> {
  const { browser } = attempt;
  const step = (a: Answer) => (attempt.answers.push(a), a);
  if (!attempt.hasGrant) {
    const token = step(await browser.start(first));
    if (token.status !== 200) return token;
    const grant = step(await browser.grant(second, first));
    if (!granted(grant)) return grant;
    attempt.hasGrant = true;
  }
  const answer = step(await browser.enroll(second, attempt.body, attempt.key));
  // A grant is spent only with a recorded answer; a 403 means it is gone and the applicant redoes the captcha.
  if (answer.status === 403) attempt.hasGrant = false;
  return answer;
}

const newAttempts = (count: number): Attempt[] => Array.from({ length: count }, () => ({ browser: new Browser(), body: enrollment(), key: newKey(), answers: [], hasGrant: false }));

/** Runs the journeys with at most `concurrency` at once, alternating which instance starts; `onDone` after each. */
async function load(instances: [Instance, Instance], attempts: Attempt[], concurrency: number, onDone?: (done: number) => void): Promise<Attempt[]> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < attempts.length) {
      const i = next++;
      await journey(attempts[i], instances[i % 2], instances[(i + 1) % 2]);
      onDone?.(++done);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return attempts;
}

const last = (a: Attempt) => a.answers[a.answers.length - 1];

describe.runIf(have.postgres && have.redis)('two instances on one PostgreSQL and one Redis', () => {
  const dbName = `hsa_inst_${randomBytes(5).toString('hex')}`;
  const redisPrefix = `hsa-inst-${randomBytes(5).toString('hex')}:`;
  let dataDir = '';
  let admin: pg.Client;
  let db: pg.Client | undefined;
  let a: Instance | undefined;
  let b: Instance | undefined;
  const both = () => [a!, b!] as [Instance, Instance];

  /** A connection to the test database, (re)opened after an outage. */
  const query = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
    if (!db) {
      db = new pg.Client({ connectionString: dbUrl() });
      db.on('error', () => undefined);
      await db.connect();
    }
    return (await db.query<T>(sql, params)).rows;
  };
  const dbUrl = () => {
    const url = new URL(baseUrl!);
    url.pathname = `/${dbName}`;
    return url.toString();
  };

  beforeAll(async () => {
    // Made here, not when the suite is collected (a skipped suite is collected too).
    dataDir = mkdtempSync(join(tmpdir(), 'hsa-inst-'));
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl(),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      HSA_DATA_KEY: DATA_KEY.toString('base64'),
      RATE_LIMITS: `1000000,${SSN_LIMIT},1000000`,
      CAPTCHA_COST: '50',
      DB_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
      DATA_DIR: dataDir,
      DIST_DIR: join(dataDir, 'dist'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    };
    delete env.METRICS_PORT;
    // Started together, as an orchestrator starts replicas: both migrate and seed the same empty database.
    const started = await Promise.allSettled([startInstance(env).then((i) => (a = i)), startInstance(env).then((i) => (b = i))]);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
  }, 60_000);

  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await db?.end().catch(() => undefined);
    if (admin) {
      await admin.query(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('a. counts one rate limit across both: SSN checks alternating between them are refused once the limit is spent in total', async () => {
    const browser = new Browser();
    expect((await browser.start(a!)).status).toBe(200);
    const answers: Answer[] = [];
    for (let i = 0; i < SSN_LIMIT + 3; i++) answers.push(await browser.request(both()[i % 2], 'POST', '/api/v1/enrollment/verify-ssn', { ssn: '123-45-6789' }));
    expect(answers.map((r) => r.status)).toEqual([...Array<number>(SSN_LIMIT).fill(200), 429, 429, 429]);
    expect(JSON.parse(answers[SSN_LIMIT].body)).toEqual({ message: siteMessages.tooManyRequests });
  });

  it('b. a captcha grant from one instance admits one enrollment on the other, and none more on either', async () => {
    const browser = new Browser();
    expect((await browser.start(a!)).status).toBe(200);
    expect(granted(await browser.grant(a!, a!))).toBe(true);
    const key = newKey();
    const first = enrollment();
    expect(await browser.enroll(b!, first, key)).toMatchObject({ status: 200, body: 'success' });
    for (const at of both()) {
      const again = await browser.enroll(at, enrollment(), newKey());
      expect(again.status).toBe(403);
      expect(JSON.parse(again.body)).toEqual({ message: siteMessages.captchaRequired });
    }
    // The enrollment's own retry, on the other instance, still gets its first answer.
    expect(await browser.enroll(a!, first, key)).toMatchObject({ status: 200, body: 'success' });
    expect(await query('SELECT count(*)::int AS n FROM enrollments WHERE ssn_index = $1', [protection.ssnIndex(first.ssn)])).toEqual([{ n: 1 }]);
  });

  it('c. one Idempotency-Key sent to both at once is answered once: the same answer, one key row, one enrollment', async () => {
    const browser = new Browser();
    await browser.start(b!);
    expect(granted(await browser.grant(b!, a!))).toBe(true);
    const key = newKey();
    const body = enrollment();
    const answers = await Promise.all([browser.enroll(a!, body, key), browser.enroll(b!, body, key), browser.enroll(a!, body, key), browser.enroll(b!, body, key)]);
    expect(answers.map(({ status, body }) => ({ status, body }))).toEqual(Array(4).fill({ status: 200, body: 'success' }));
    expect(await query('SELECT status, body FROM idempotency_keys WHERE key = $1', [key])).toEqual([{ status: 200, body: 'success' }]);
    expect(await query('SELECT count(*)::int AS n FROM enrollments WHERE ssn_index = $1', [protection.ssnIndex(body.ssn)])).toEqual([{ n: 1 }]);
  });

  /** Every accepted enrollment stored once, nothing stored without its accepted answer: checked from the database
   *  against what the applicants were told. */
  async function expectStoredExactlyOnce(attempts: Attempt[]) {
    const indexes = new Map(attempts.map((t) => [protection.ssnIndex(t.body.ssn), t]));
    const keys = new Map(attempts.map((t) => [t.key, t]));
    const stored = (await query<{ ssn_index: string }>('SELECT ssn_index FROM enrollments')).filter((r) => indexes.has(r.ssn_index));
    const answered = (await query<{ key: string; status: number; body: string }>('SELECT key, status, body FROM idempotency_keys')).filter((r) => keys.has(r.key));
    // Stored once each: the blind index is unique, so a count per attempt is a count of rows.
    expect(new Set(stored.map((r) => r.ssn_index)).size).toBe(stored.length);
    // Every stored enrollment has its key's row with the accepted answer ...
    const acceptedKeys = new Set(answered.filter((r) => r.status === 200 && r.body === 'success').map((r) => r.key));
    for (const row of stored) expect(acceptedKeys.has(indexes.get(row.ssn_index)!.key)).toBe(true);
    // ... and every answer of 200 the applicants got, and every accepted key row, has its enrollment stored.
    const storedIndexes = new Set(stored.map((r) => r.ssn_index));
    for (const t of attempts) if (t.answers.some((r) => r.status === 200 && r.body === 'success')) expect(storedIndexes.has(protection.ssnIndex(t.body.ssn))).toBe(true);
    for (const key of acceptedKeys) expect(storedIndexes.has(protection.ssnIndex(keys.get(key)!.body.ssn))).toBe(true);
    return { stored: stored.length, accepted: acceptedKeys.size };
  }

  it('d. 240 enrollments, 12 at a time, each with its own session and grant, split across both: every one answered 200 and stored exactly once', async () => {
    const attempts = await load(both(), newAttempts(240), 12);
    const statuses = attempts.map((t) => last(t).status);
    expect(statuses.filter((s) => s !== 200), JSON.stringify(attempts.find((t) => last(t).status !== 200)?.answers)).toEqual([]);
    expect(attempts.every((t) => last(t).body === 'success')).toBe(true);
    expect(await expectStoredExactlyOnce(attempts)).toEqual({ stored: 240, accepted: 240 });
  }, 60_000);

  it('e. the same load through a database outage: 503s (never a 500 or a hang), recovery without a restart, nothing half-stored', async () => {
    const pids = both().map((i) => i.child.pid);
    let outage: Promise<void> | undefined;
    const count = 200;
    const attempts = newAttempts(count);
    const refusedBy = (at: Instance) => attempts.reduce((n, t) => n + t.answers.filter((r) => r.status === 503 && r.from === at.url).length, 0);
    // The outage starts a quarter into the load and ends once each instance has refused some requests (or after 5 s).
    const startOutage = async () => {
      await admin.query(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName]);
      await db?.end().catch(() => undefined);
      db = undefined;
      for (const end = Date.now() + 5000; Math.min(refusedBy(a!), refusedBy(b!)) < 8 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
      await admin.query(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS true`);
    };
    await load(both(), attempts, 12, (done) => {
      if (done === count / 4) outage = startOutage();
    });
    await outage;
    const answers = attempts.flatMap((t) => t.answers);
    const odd = answers.filter((r) => ![200, 503].includes(r.status));
    expect(odd, 'only 200 and 503 during the outage').toEqual([]);
    // Both instances met the outage.
    expect([refusedBy(a!), refusedBy(b!)].map((n) => n > 0)).toEqual([true, true]);
    for (const r of answers.filter((r) => r.status === 503)) expect(JSON.parse(r.body)).toEqual({ message: UNAVAILABLE });
    // Nothing half-stored, whatever the outage cut.
    await expectStoredExactlyOnce(attempts);

    // Recovered without a restart: the same processes are ready, and every applicant refused meanwhile, trying
    // again with the same Idempotency-Key (and a new captcha where the grant was not made or is gone), is enrolled.
    expect(both().map((i) => [i.child.pid, i.child.exitCode])).toEqual(pids.map((pid) => [pid, null]));
    for (const at of both()) expect((await new Browser().request(at, 'GET', '/readyz')).status).toBe(200);
    const retried = attempts.filter((t) => last(t).status !== 200);
    for (let round = 0; round < 2 && retried.some((t) => last(t).status !== 200); round++) {
      for (const [i, t] of retried.entries()) if (last(t).status !== 200) await journey(t, both()[i % 2], both()[(i + 1) % 2]);
    }
    expect(attempts.filter((t) => last(t).status !== 200).map((t) => t.answers)).toEqual([]);
    expect(attempts.every((t) => last(t).body === 'success')).toBe(true);
    expect(await expectStoredExactlyOnce(attempts)).toEqual({ stored: count, accepted: count });
  }, 60_000);
});

describe.runIf(have.postgres)('instances started together on an empty database', () => {
  it('migrate and seed it once: every instance opens it, each migration is recorded once, the demo data written once', async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    try {
      const open = () => openDatabase({ databaseUrl: baseUrl, dataDir: 'data/test', dataKey: DATA_KEY }, { schema });
      const opened = await Promise.allSettled([open(), open(), open()]);
      for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
      expect(opened.map((o) => (o.status === 'rejected' ? String(o.reason) : 'opened'))).toEqual(['opened', 'opened', 'opened']);
      const migrations = (await admin.query(`SELECT name FROM ${schema}.schema_migrations`)).rows;
      expect(migrations.length).toBeGreaterThan(0);
      expect(new Set(migrations.map((r) => r.name)).size).toBe(migrations.length);
      expect((await admin.query(`SELECT count(*)::int AS n FROM ${schema}.employer_groups`)).rows).toEqual([{ n: 5 }]);
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });
});

