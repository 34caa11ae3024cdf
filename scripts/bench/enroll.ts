/** The bench's enrollments: POST /api/v1/enrollment/enroll on the real app, beside its ceiling, a minimal Fastify
 *  route that encrypts the same row and inserts it into the same kind of database; on the embedded database
 *  (PGlite, on disk as in production) and on PostgreSQL when DATABASE_URL is set (each run in a schema of its own,
 *  dropped after). */
import { mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyRequest } from 'fastify';
import { buildApp } from '../../src/server/app';
import { createMetrics, type Metrics } from '../../src/server/metrics';
import { openDatabase } from '../../src/server/database';
import { dataProtection } from '../../src/server/crypto';
import type { Db } from '../../src/server/db/index';
import { keepRevision, revisionOf } from '../../src/server/revisions';
import { schemaDatabase, TEST_DATA_KEY, testConfig } from '../../src/server/testing';
import { firstOfThisMonth } from '../../tests/dates';
import { mainThreadCpuMs, postgresCpuMs, processCpuMs } from './cpu';
import { forkLoadGenerator, type LoadGenerator, type Planned } from './loadGenerator';
import { median, pairedRatio, percentile } from './stats';

interface Cpu {
  app: number;
  mainThread: number;
  database: number;
}

export interface EnrollFigures {
  /** Medians over the runs. */
  throughput: number;
  /** The median of each round's product / ceiling throughput (the two took their requests in turns: round). */
  ratio: number;
  p99: number;
  ceiling: number;
  ceilingP99: number;
  /** The p99s without each server's first `CONCURRENCY` requests in a round (sent at once to a process that has not
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
  /** CPU per enrollment, ms (median over the runs), the product's and the raw insert's: the servers' process's (the
   *  requests are sent from another: loadGenerator.ts), with PGlite's worker, of it its main thread's (the servers'
   *  requests: the rest is PGlite's worker and V8's collector and compiler), and a local PostgreSQL server's (NaN
   *  with PGlite). */
  cpu: Cpu;
  ceilingCpu: Cpu;
  /** Enrollments carried by each statement sent, by statement (hsa_enroll_batch_calls; median over the runs): what
   *  group commit saves. */
  batchCalls: Record<string, number>;
  /** The raw insert behind the product's own HTTP stack (stackedSide; medians over the runs): what of the gap to the
   *  ceiling is that stack, and what the enrollment's own work. */
  stacked: { throughput: number; cpu: Cpu };
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

/** Request i of `total` to `url` carries enrollment i's body, with `headers(i)`. */
const requestsTo = (url: string, total: number, headers: (i: number) => Record<string, string> = () => ({})): Planned[] =>
  Array.from({ length: total }, (_, i) => ({ url, headers: headers(i), body: JSON.stringify(bodyFor(i)) }));

/** A server the bench loads: its requests, the answer each must get, the address whose browser sessions they carry
 *  (if any), and how it is closed. */
interface Side {
  requests: Planned[];
  expected: string;
  sessionsAt?: string;
  close(): Promise<void>;
}

/** What a side's blocks added up to: each request's latency (by request: the first `CONCURRENCY` are those sent
 *  first), the seconds under load, the failures, and the CPU spent meanwhile (ms). */
interface Tally {
  latencies: number[];
  seconds: number;
  failures: number;
  cpu: Cpu;
}

const newTally = (total: number): Tally => ({ latencies: new Array<number>(total), seconds: 0, failures: 0, cpu: { app: 0, mainThread: 0, database: 0 } });

/** Requests `from` to `to` of side `s`, `CONCURRENCY` at a time, sent by the load generator, into its tally; each
 *  answered 200 with the side's expected answer or it counts as a failure. The CPU read is the servers' alone. */
async function block(generator: LoadGenerator, s: number, tally: Tally, from: number, to: number, onPostgres: boolean) {
  const database = onPostgres ? postgresCpuMs() : NaN;
  const app = processCpuMs(); // after the scan of /proc, which is the bench's, not the server's
  const mainThread = mainThreadCpuMs();
  const result = await generator.block(s, from, to, CONCURRENCY);
  tally.latencies.splice(from, result.latencies.length, ...result.latencies);
  tally.seconds += result.seconds;
  if (result.firstFailure && tally.failures === 0 && process.env.BENCH_DEBUG) console.error(result.firstFailure);
  tally.failures += result.failures;
  // Read before the pool closes: an ended backend counts only once the postmaster has reaped it.
  tally.cpu.app += processCpuMs() - app;
  tally.cpu.mainThread += mainThreadCpuMs() - mainThread;
  tally.cpu.database += onPostgres ? postgresCpuMs() - database : NaN;
}

/** A side's run, from its tally: throughput, p99s, failures, CPU per request. */
const runFigures = (t: Tally, total: number) => ({
  throughput: total / t.seconds,
  p99: percentile(t.latencies, 0.99),
  p99AfterFirstRound: percentile(t.latencies.slice(CONCURRENCY), 0.99),
  failures: t.failures,
  cpu: { app: t.cpu.app / total, mainThread: t.cpu.mainThread / total, database: t.cpu.database / total },
});

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

/** Where the bench's servers log: each line written to a file descriptor at once, as production writes it to its
 *  output, and gone. (The tests' captureLogs keeps every line: through a round, megabytes of them in the heap the
 *  servers share, which production never holds; only the product and the stacked server log, the bare ceiling does
 *  not. Measured, dropping them did not move the p99 above this machine's noise.) */
const nullFd = openSync('/dev/null', 'w');
const discardedLogs = () => new Writable({ write: (chunk: Buffer, _encoding, done) => (writeSync(nullFd, chunk), done()) });

/** The real app as the bench runs it (rate limits past any run's count, no retention timer), on `db`. */
const benchApp = (db: Db, url: string | undefined, metrics: Metrics) =>
  buildApp({ db, config: testConfig({ databaseUrl: url, captchaCost: 50 }), logStream: discardedLogs(), rateLimits: [10_000, 10_000, 10_000], retention: false, metrics });

/** The product: the real app on a fresh database, each enrollment with its own granted session (made by the load
 *  generator, before any clock). `after` reads, once the load is done, what only the product has: the rows stored, the handler's
 *  phases and the batches. */
async function productSide(total: number, url?: string) {
  const { db, drop } = await freshDatabase(url);
  const metrics = createMetrics();
  const app = await benchApp(db, url, metrics);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const side: Side = {
    requests: requestsTo(`${base}/api/v1/enrollment/enroll`, total, (i) => ({ 'idempotency-key': `bench-${i}-${'x'.repeat(16)}` })),
    expected: 'success',
    sessionsAt: base,
    close: async () => (await app.close(), await drop()),
  };
  const after = async () => ({
    stored: Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM enrollments')).rows[0].n),
    phases: await means(metrics, 'hsa_enroll_phase_seconds', 'phase'),
    requestMs: (await means(metrics, 'hsa_http_request_duration_seconds', 'route', (l) => l.method === 'POST'))['/api/v1/enrollment/enroll'] ?? NaN,
    batchCalls: await means(metrics, 'hsa_enroll_batch_calls', 'statement', undefined, 1),
  });
  return { side, after };
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

/** The raw insert behind the product's own HTTP stack: the real app (security headers, cookies, the CSRF check, a
 *  rate limit, the request log and the metrics) with the ceiling's handler as one more API route, each request from
 *  a browser's session as the product's are. */
async function stackedSide(total: number, url?: string): Promise<Side> {
  const { db, drop } = await freshDatabase(url);
  const app = await benchApp(db, url, createMetrics());
  app.post('/api/v1/bench/raw-insert', { config: { rateLimit: { max: 10_000, timeWindow: '1 minute' } } }, await rawInsert(db));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    requests: requestsTo(`${base}/api/v1/bench/raw-insert`, total),
    expected: 'success',
    sessionsAt: base,
    close: async () => (await app.close(), await drop()),
  };
}

/** The ceiling: a bare Fastify route that encrypts the same record and inserts the same row. `requestMs` is its
 *  mean request on the server. */
async function ceilingSide(total: number, url?: string) {
  const { db, drop } = await freshDatabase(url);
  const app = Fastify();
  let requests = 0;
  let requestSeconds = 0;
  app.addHook('onResponse', async (_request, reply) => {
    requests++;
    requestSeconds += reply.elapsedTime / 1000;
  });
  app.post('/raw', await rawInsert(db));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const side: Side = {
    requests: requestsTo(`${base}/raw`, total, () => ({ 'content-type': 'application/json' })),
    expected: 'success',
    close: async () => (await app.close(), await drop()),
  };
  return { side, requestMs: () => (requestSeconds / requests) * 1000 };
}

/** Requests a side takes in a row before the next side's turn. */
const BLOCK = 200;

/** One round: the product, its ceiling and the raw insert behind the product's stack, each on a fresh database and
 *  all listening at once, take `total` requests each in turns of BLOCK, the order of the three rotating at every
 *  turn. Why: this machine's speed swings within seconds (the same code's ratio read 0.64 to 0.94 between runs a
 *  second long, one after the other); turns of a fifth of a second put the three under the same swings, so their
 *  ratios are the code's. Each turn starts with nothing in flight, as a run does. */
async function round(total: number, url?: string) {
  const sides: Side[] = [];
  const generator = forkLoadGenerator();
  try {
    const product = await productSide(total, url);
    sides.push(product.side);
    const ceiling = await ceilingSide(total, url);
    sides.push(ceiling.side);
    const stacked = await stackedSide(total, url);
    sides.push(stacked);
    const tallies = sides.map(() => newTally(total));
    for (const [s, side] of sides.entries()) await generator.plan(s, side);
    for (let from = 0, turn = 0; from < total; from += BLOCK, turn++) {
      for (let k = 0; k < sides.length; k++) {
        const s = (turn + k) % sides.length;
        await block(generator, s, tallies[s], from, Math.min(total, from + BLOCK), Boolean(url));
      }
    }
    const [p, c, x] = tallies.map((t) => runFigures(t, total));
    // Its figures mean nothing unless every insert went through (BENCH_DEBUG prints the first refusal).
    if (x.failures) throw new Error(`${x.failures} of ${total} raw inserts behind the product's HTTP stack failed`);
    const after = await product.after();
    // A refused enrollment is also one not stored: counted once.
    return {
      product: { ...p, lost: Math.max(total - after.stored, p.failures), phases: after.phases, requestMs: after.requestMs, batchCalls: after.batchCalls },
      ceiling: { ...c, requestMs: ceiling.requestMs() },
      stacked: x,
    };
  } finally {
    generator.close();
    for (const side of sides) await side.close();
  }
}

/** `runs` rounds (see round), each its own fresh databases. */
export async function measureEnroll(runs: number, total: number, url?: string): Promise<EnrollFigures> {
  const rounds: Awaited<ReturnType<typeof round>>[] = [];
  for (let r = 0; r < runs; r++) rounds.push(await round(total, url));
  const product = rounds.map((r) => r.product);
  const ceiling = rounds.map((r) => r.ceiling);
  const stacked = rounds.map((r) => r.stacked);
  // NaN when any run could not read it (a median of numbers and NaN would be arbitrary).
  const medianOf = (values: number[]) => (values.every(Number.isFinite) ? median(values) : NaN);
  const cpu = (of: { cpu: Cpu }[]): Cpu => ({ app: medianOf(of.map((x) => x.cpu.app)), mainThread: medianOf(of.map((x) => x.cpu.mainThread)), database: medianOf(of.map((x) => x.cpu.database)) });
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
