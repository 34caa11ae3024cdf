/** Opens the configured database, applies migrations and seeds demo data into an empty one. The data key is
 *  needed here: the member roster is written and migrated as keyed hashes. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from './config';
import { dataProtection } from './crypto';
import { openPgliteWorker, openPostgres, type Db } from './db/index';
import { migrate } from './db/migrate';
import { seedDemoData } from './db/seed';
import { hashClearRoster } from './memberRoster';

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'dataKey'> & Partial<Pick<Config, 'dbQueryTimeoutMs'>>,
  opts: { inMemory?: boolean; schema?: string } = {},
): Promise<Db> {
  const queryTimeoutMs = config.dbQueryTimeoutMs;
  // PGlite creates its own folder but not DATA_DIR (which exists only when the development key was written there).
  if (!config.databaseUrl && !opts.inMemory) mkdirSync(config.dataDir, { recursive: true });
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl, { schema: opts.schema, queryTimeoutMs })
    : await openPgliteWorker(opts.inMemory ? undefined : join(config.dataDir, 'pglite'), { queryTimeoutMs });
  const protection = dataProtection(config.dataKey);
  // Instances started together on one PostgreSQL would otherwise both migrate and seed the same empty database,
  // and all but one fail on the tables (or rows) the other just created.
  const release = config.databaseUrl ? await startupLock(config.databaseUrl, opts.schema ?? 'public') : async () => undefined;
  try {
    await migrate(db, { '003_members_hashed.sql': (tx) => hashClearRoster(tx, protection) });
    await seedDemoData(db, protection);
  } finally {
    await release();
  }
  return db;
}

/** An advisory lock per schema, held on a connection of its own while one instance migrates and seeds; the
 *  others wait for it, then find the work done. Ended with its connection, so a crashed instance never holds it. */
async function startupLock(url: string, schema: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined); // a lost lock connection ends the lock; the migration reports its own errors
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`hsa-enrollment/migrations/${schema}`]);
  } catch (e) {
    await client.end().catch(() => undefined);
    throw e;
  }
  return () => client.end().catch(() => undefined);
}
