/** For tests: a real listening server on an ephemeral port with a fresh in-memory database and demo data. */
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { buildApp, closeApp, type AppOptions } from './app';
import { openDatabase } from './database';
import { DEFAULT_RATE_LIMITS, type Config } from './config';
import type { Db } from './db/index';
import pg from 'pg';

/** One data key per test process: databases are seeded (the member roster hashed) before an app is built on them. */
export const TEST_DATA_KEY = randomBytes(32);

/** A database in a schema of its own on the PostgreSQL at `url` (a test file's, a bench run's), dropped by `drop`. */
export async function schemaDatabase(url: string, prefix: string): Promise<{ db: Db; drop: () => Promise<void> }> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = await openDatabase({ databaseUrl: url, dataDir: 'data/test', dataKey: TEST_DATA_KEY }, { schema });
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: resolve('data/test'),
    dataKey: TEST_DATA_KEY,
    maintenance: false,
    logLevel: 'info',
    production: false,
    captchaCost: 50,
    distDir: resolve('dist'),
    metricsHost: '127.0.0.1',
    dbQueryTimeoutMs: 5000,
    trustProxy: [],
    redisPrefix: 'hsa-rate-limit:',
    rateLimits: DEFAULT_RATE_LIMITS,
    requestTimeoutMs: 120_000,
    connectionsPerClient: 100,
    uploadsInFlight: 2,
    documentRetentionDays: 90,
    ...overrides,
  };
}

export function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

export interface TestServer {
  url: string;
  db: Db;
  logs: () => string;
  countEnrollments: () => Promise<number>;
  close: () => Promise<void>;
}

export async function startServer(
  opts: { config?: Partial<Config>; /** the embedded database on disk (in config.dataDir), as in production */ onDisk?: boolean } & Partial<Pick<AppOptions, 'identity' | 'membership' | 'rateLimits'>> = {},
): Promise<TestServer> {
  const config = testConfig(opts.config);
  const db = await openDatabase({ dataDir: config.dataDir, dataKey: config.dataKey, dbQueryTimeoutMs: config.dbQueryTimeoutMs }, { inMemory: !opts.onDisk });
  const logs = captureLogs();
  const app = await buildApp({ db, config, logStream: logs.stream, identity: opts.identity, membership: opts.membership, rateLimits: opts.rateLimits ?? [10_000, 10_000, 10_000] });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    db,
    logs: logs.text,
    countEnrollments: async () => Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM enrollments')).rows[0].n),
    close: async () => {
      // A test's browser may still hold a connection open (one opened ahead for an asset): a second, then it is cut.
      await closeApp(app, 1000);
      await db.close();
    },
  };
}
