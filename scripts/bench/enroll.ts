/** The bench's enrollments: POST /api/v1/enrollment/enroll on the real app, beside its ceiling, a minimal Fastify
 *  route that encrypts the same row and inserts it into the same kind of database; on the embedded database
 *  (PGlite, on disk as in production) and on PostgreSQL when DATABASE_URL is set (each run in a schema of its own,
 *  dropped after). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyRequest } from 'fastify';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { buildApp } from '../../src/server/app';
import { createMetrics, type Metrics } from '../../src/server/metrics';
import { openDatabase } from '../../src/server/database';
import { dataProtection } from '../../src/server/crypto';
import type { Db } from '../../src/server/db/index';
import { keepRevision, revisionOf } from '../../src/server/revisions';
import { captureLogs, schemaDatabase, TEST_DATA_KEY, testConfig } from '../../src/server/testing';
import { firstOfThisMonth } from '../../tests/dates';
import { postgresCpuMs, processCpuMs } from './cpu';
import { median, pairedRatio, percentile } from './stats';

export interface EnrollFigures {
  /** Medians over the runs. */
  throughput: number;
  /** The median of each round's product / ceiling throughput (the two runs of a round are neighbours in time). */
  ratio: number;
  p99: number;
  ceiling: number;
  ceilingP99: number;
  /** The p99s without each run's first round (its first `CONCURRENCY` requests, sent at once to a process that has not
   *  yet run an enrollment: the first run of each code path, each connection's first statements, the first rows):
   *  how much of the p99 is a cold start. */
  p99AfterFirstRound: number;
  ceilingP99AfterFirstRound: number;
  /** Enrollments lost or refused, all runs together. */
  lost: number;
  total: number;
  /** Where an enrollment's time goes (mean ms per request, median over the runs): each phase of the handler
   *  (hsa_enroll_phase_seconds), the rest of the request around it, and the raw insert's whole request. */
  phases: Record<string, number>;
  requestMs: number;
  /** The request's time outside the phases: taken in each run, then the median (medians of the request and of each
   *  phase, taken apart, come from different runs, and their difference could read below zero). */
  restMs: number;
  ceilingRequestMs: number;
  /** CPU per enrollment, ms (median over the runs), the product's and the raw insert's: this process's (the server,
   *  the load generator and PGlite's worker alike) and a local PostgreSQL server's (NaN with PGlite). */
  cpu: { app: number; database: number };
  ceilingCpu: { app: number; database: number };
  /** Enrollments carried by each statement sent, by statement (hsa_enroll_batch_calls; median over the runs): what
   *  group commit saves on PostgreSQL. Empty where each goes on its own (PGlite). */
  batchCalls: Record<string, number>;
  /** The raw insert behind the product's own HTTP stack (stackedRun; medians over the runs): what of the gap to the
   *  ceiling is that stack, and what the enrollment's own work. */
  stacked: { throughput: number; cpu: { app: number; database: number } };
}

/** Mean per observation of a histogram's series, by one label (`by`), from the app's own metrics: in ms for one in
 *  seconds (`scale` 1000), as observed for a count (1). */
async function means(metrics: Metrics, name: string, by: string, where: (labels: Partial<Record<string, string | number>>) => boolean = () => true, scale = 1000): Promise<Record<string, number>> {
  const metric = metrics.registry.getSingleMetric(name);
  if (!metric) return {};
  const sums = new Map<string, { sum: number; count: number }>();
  for (const v of (await metric.get()).values as { labels: Partial<Record<string, string | number>>; value: number; metricName?: string }[]) {
    if (!where(v.labels)) continue;
    const key = String(v.labels[by]);
    const entry = sums.get(key) ?? { sum: 0, count: 0 };
    if (v.metricName?.endsWith('_sum')) entry.sum += v.value;
    else if (v.metricName?.endsWith('_count')) entry.count += v.value;
    sums.set(key, entry);
  }
  return Object.fromEntries([...sums].filter(([, e]) => e.count > 0).map(([k, e]) => [k, (e.sum / e.count) * scale]));
}

/** A distinct, valid SSN for request i (i < 7000): never one repeated digit, never area 666, never the sandbox's
 *  special serials. The serial alone keeps them distinct. */
const ssnFor = (i: number) => {
  const area = 100 + (i % 800);
  return `${area === 666 ? 667 : area}${String(10 + Math.floor(i / 800)).padStart(2, '0')}${String(1000 + (i % 7000)).padStart(4, '0')}`;
};

const bodyFor = (i: number) => ({
  firstName: 'Pat', lastName: 'Doe', ssn: ssnFor(i), dob: '1970-04-15', homePhone: '2025550143', email: 'pat@example.com', remail: 'pat@example.com',
  verificationCode: 'Secret', individualEnrollment: true, group: { id: 'DEMO100', name: 'Demo Employer Inc.', coverage: 'I', effectiveDate: firstOfThisMonth('YYYY-MM-DD') },
  homeAddress: { line1: '1 Main St', city: 'Town', state: 'VA', zip: '22150' }, useAltMailingAddress: false,
  mailingAddress: { line1: '1 Main St', city: 'Town', state: 'VA', zip: '22150' }, requestAdditionalCard: false,
  tos: { accepted: true, requestElectronic: true, requestWelcomeKit: false, firstName: 'Pat', lastName: 'Doe' },
});

/** A browser's session with one verified captcha: a captcha grant admits one enrollment, so each enrollment of the
 *  bench gets its own, made before the clock starts. */
async function grantedSession(base: string): Promise<Record<string, string>> {
  // A browser's jar, as far as the bench needs one: a cookie set again replaces it, and a cookie cleared (an earlier
  // version's, at another path: the server clears it beside the session's own) is not sent.
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (value && !/max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) jar.set(name, value);
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrfRes = await fetch(`${base}/api/v1/enrollment/csrf-token`);
  const token = ((await csrfRes.json()) as { token: string }).token;
  keep(csrfRes);
  const challenge = await (await fetch(`${base}/api/v1/enrollment/captcha-challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey } as never);
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const verified = await fetch(`${base}/api/v1/enrollment/submitCaptcha`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: header() },
    body: JSON.stringify({ captcha }),
  });
  keep(verified);
  return { 'content-type': 'application/json', 'x-csrf-token': token, cookie: header() };
}

/** `total` requests, `concurrency` at a time; each answered 200 with `expected` or it counts as a failure. */
async function load(total: number, concurrency: number, send: (i: number) => Promise<Response>, expected: string, onPostgres: boolean) {
  // By request: the first `concurrency` are the first round.
  const latencies = new Array<number>(total);
  let failures = 0;
  let next = 0;
  const database = onPostgres ? postgresCpuMs() : NaN;
  const app = processCpuMs(); // after the scan of /proc, which is the bench's, not the server's
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        const res = await send(i);
        const text = await res.text();
        latencies[i] = performance.now() - t;
        if (res.status !== 200 || text !== expected) {
          if (failures === 0 && process.env.BENCH_DEBUG) console.error(res.status, text);
          failures++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // Read before the pool closes: an ended backend counts only once the postmaster has reaped it.
  const cpu = { app: (processCpuMs() - app) / total, database: onPostgres ? (postgresCpuMs() - database) / total : NaN };
  return { throughput: total / seconds, p99: percentile(latencies, 0.99), p99AfterFirstRound: percentile(latencies.slice(concurrency), 0.99), failures, cpu };
}

interface Database {
  db: Db;
  drop: () => Promise<void>;
}

/** A fresh database: PGlite on disk in a temporary folder, or a new schema on the PostgreSQL at `url`. */
async function freshDatabase(url?: string): Promise<Database> {
  if (!url) {
    const dataDir = mkdtempSync(join(tmpdir(), 'hsa-bench-'));
    const db = await openDatabase({ dataDir, dataKey: TEST_DATA_KEY });
    return { db, drop: async () => (await db.close(), rmSync(dataDir, { recursive: true, force: true })) };
  }
  return schemaDatabase(url, 'bench');
}

/** Requests in flight at once, as many browsers sending their enrollments together. */
export const CONCURRENCY = 8;

/** The real app as the bench runs it (rate limits past any run's count, no retention timer), on `db`. */
const benchApp = (db: Db, url: string | undefined, metrics: Metrics) =>
  buildApp({ db, config: testConfig({ databaseUrl: url, captchaCost: 50 }), logStream: captureLogs().stream, rateLimits: [10_000, 10_000, 10_000], retention: false, metrics });

/** One run of the product: the real app on a fresh database, each enrollment with its own granted session. */
async function productRun(total: number, url?: string) {
  const { db, drop } = await freshDatabase(url);
  const metrics = createMetrics();
  const app = await benchApp(db, url, metrics);
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const sessions = await browserSessions(base, total);
    const run = await load(
      total,
      CONCURRENCY,
      (i) => fetch(`${base}/api/v1/enrollment/enroll`, { method: 'POST', headers: { ...sessions[i], 'idempotency-key': `bench-${i}-${'x'.repeat(16)}` }, body: JSON.stringify(bodyFor(i)) }),
      'success',
      Boolean(url),
    );
    const stored = Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM enrollments')).rows[0].n);
    const phases = await means(metrics, 'hsa_enroll_phase_seconds', 'phase');
    const requestMs = (await means(metrics, 'hsa_http_request_duration_seconds', 'route', (l) => l.method === 'POST'))['/api/v1/enrollment/enroll'] ?? NaN;
    const batchCalls = await means(metrics, 'hsa_enroll_batch_calls', 'statement', undefined, 1);
    // A refused enrollment is also one not stored: counted once.
    return { ...run, lost: Math.max(total - stored, run.failures), phases, requestMs, batchCalls };
  } finally {
    await app.close();
    await drop();
  }
}

/** The ceiling's handler: it encrypts the body and inserts the row an enrollment stores, with its revision (kept
 *  once, as the server keeps it) and language too. */
async function rawInsert(db: Db) {
  const protection = dataProtection(TEST_DATA_KEY);
  await keepRevision(db, 'standard');
  const revision = revisionOf('standard');
  return async (request: FastifyRequest) => {
    const body = request.body as { ssn: string; group: { id: string } };
    await db.query('INSERT INTO enrollments (ssn_index, payload_enc, group_id, outcome, revision, language) VALUES ($1, $2, $3, $4, $5, $6)', [protection.ssnIndex(body.ssn), protection.encrypt(JSON.stringify(body)), body.group.id, 'success', revision, 'en']);
    return 'success';
  };
}

/** One run of the raw insert behind the product's own HTTP stack: the real app (security headers, cookies, the CSRF
 *  check, a rate limit, the request log and the metrics) with the ceiling's handler as one more API route, each
 *  request from a browser's session as the product's are. */
async function stackedRun(total: number, url?: string) {
  const { db, drop } = await freshDatabase(url);
  const app = await benchApp(db, url, createMetrics());
  app.post('/api/v1/bench/raw-insert', { config: { rateLimit: { max: 10_000, timeWindow: '1 minute' } } }, await rawInsert(db));
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const sessions = await browserSessions(base, total);
    const run = await load(total, CONCURRENCY, (i) => fetch(`${base}/api/v1/bench/raw-insert`, { method: 'POST', headers: sessions[i], body: JSON.stringify(bodyFor(i)) }), 'success', Boolean(url));
    // Its figures mean nothing unless every insert went through (BENCH_DEBUG prints the first refusal).
    if (run.failures) throw new Error(`${run.failures} of ${total} raw inserts behind the product's HTTP stack failed`);
    return run;
  } finally {
    await app.close();
    await drop();
  }
}

/** `total` browsers' sessions, each with a verified captcha, made 50 at a time (before any clock starts). */
async function browserSessions(base: string, total: number): Promise<Record<string, string>[]> {
  const sessions: Record<string, string>[] = [];
  for (let i = 0; i < total; i += 50) sessions.push(...(await Promise.all(Array.from({ length: Math.min(50, total - i) }, () => grantedSession(base)))));
  return sessions;
}

/** One run of the ceiling: a bare Fastify route that encrypts the same record and inserts the same row. */
async function ceilingRun(total: number, url?: string) {
  const { db, drop } = await freshDatabase(url);
  const app = Fastify();
  let requests = 0;
  let requestSeconds = 0;
  app.addHook('onResponse', async (_request, reply) => {
    requests++;
    requestSeconds += reply.elapsedTime / 1000;
  });
  app.post('/raw', await rawInsert(db));
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const run = await load(total, CONCURRENCY, (i) => fetch(`${base}/raw`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(bodyFor(i)) }), 'success', Boolean(url));
    return { ...run, requestMs: (requestSeconds / requests) * 1000 };
  } finally {
    await app.close();
    await drop();
  }
}

/** `runs` rounds of a run of the product and one of its ceiling, each on a fresh database, then one of the ceiling
 *  behind the product's HTTP stack. The first of a round's pair alternates, so neither always starts on a process and
 *  a database the other has just warmed, and the pair stays neighbours in time. */
export async function measureEnroll(runs: number, total: number, url?: string): Promise<EnrollFigures> {
  const product: Awaited<ReturnType<typeof productRun>>[] = [];
  const ceiling: Awaited<ReturnType<typeof ceilingRun>>[] = [];
  const stacked: Awaited<ReturnType<typeof stackedRun>>[] = [];
  for (let r = 0; r < runs; r++) {
    if (r % 2 === 0) product.push(await productRun(total, url));
    ceiling.push(await ceilingRun(total, url));
    if (r % 2 === 1) product.push(await productRun(total, url));
    stacked.push(await stackedRun(total, url));
  }
  // NaN when any run could not read it (a median of numbers and NaN would be arbitrary).
  const medianOf = (values: number[]) => (values.every(Number.isFinite) ? median(values) : NaN);
  const cpu = (of: { cpu: { app: number; database: number } }[]) => ({ app: medianOf(of.map((x) => x.cpu.app)), database: medianOf(of.map((x) => x.cpu.database)) });
  // Per key of a figure read by label (a phase, a statement): the median over the product's runs.
  const byKey = (pick: (p: (typeof product)[number]) => Record<string, number>) => Object.fromEntries(Object.keys(pick(product[0])).map((k) => [k, median(product.map((p) => pick(p)[k] ?? NaN))]));
  return {
    throughput: median(product.map((p) => p.throughput)),
    ratio: pairedRatio(
      product.map((p) => p.throughput),
      ceiling.map((c) => c.throughput),
    ),
    p99: median(product.map((p) => p.p99)),
    ceiling: median(ceiling.map((c) => c.throughput)),
    ceilingP99: median(ceiling.map((c) => c.p99)),
    p99AfterFirstRound: median(product.map((p) => p.p99AfterFirstRound)),
    ceilingP99AfterFirstRound: median(ceiling.map((c) => c.p99AfterFirstRound)),
    lost: product.reduce((n, p) => n + p.lost, 0),
    total: total * runs,
    phases: byKey((p) => p.phases),
    requestMs: median(product.map((p) => p.requestMs)),
    restMs: median(product.map((p) => p.requestMs - Object.values(p.phases).reduce((n, ms) => n + ms, 0))),
    ceilingRequestMs: median(ceiling.map((c) => c.requestMs)),
    cpu: cpu(product),
    ceilingCpu: cpu(ceiling),
    batchCalls: byKey((p) => p.batchCalls),
    stacked: { throughput: median(stacked.map((x) => x.throughput)), cpu: cpu(stacked) },
  };
}
