/** Opens the configured database, applies migrations and seeds demo data into an empty one. The data key is
 *  needed here: the member roster is written and migrated as keyed hashes. */
import { chmodSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from './config';
import { dataProtection } from './crypto';
import { openPgliteWorker, openPostgres, type Db } from './db/index';
import { migrate } from './db/migrate';
import { seedDemoData } from './db/seed';
import { hashClearRoster } from './memberRoster';

/** Folders 0700 and files 0600 under `dir`, the folder itself included (links are left alone). */
export function restrictTree(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) restrictTree(path);
    else if (entry.isFile()) chmodSync(path, 0o600);
  }
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'dataKey'> & Partial<Pick<Config, 'dbQueryTimeoutMs'>>,
  opts: { inMemory?: boolean; schema?: string } = {},
): Promise<Db> {
  const queryTimeoutMs = config.dbQueryTimeoutMs;
  // PGlite creates its own folder but not DATA_DIR (which exists only when the development key was written there).
  if (!config.databaseUrl && !opts.inMemory) {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    chmodSync(config.dataDir, 0o700);
  }
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
  // PGlite sets the modes of the files it unpacks itself (0666, whatever the umask), and an earlier version left
  // them so: made the server's alone. What PostgreSQL creates later it creates 0600.
  const embedded = join(config.dataDir, 'pglite');
  if (!config.databaseUrl && !opts.inMemory && existsSync(embedded)) restrictTree(embedded);
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

/** What stopped the database from opening, in one line for the operator: where it was looked for (the address
 *  without its user or password) and what it answered. */
export function describeStartupError(e: unknown, databaseUrl: string | undefined): string {
  const err = (e ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof err.code === 'string' ? err.code : '';
  let where = 'the embedded database (DATA_DIR)';
  if (databaseUrl) {
    try {
      const url = new URL(databaseUrl);
      where = `PostgreSQL at ${url.hostname}:${url.port || '5432'}${url.pathname}`;
    } catch {
      return 'DATABASE_URL is not a valid address (postgres://user@host:5432/database).';
    }
  }
  if (code === 'ECONNREFUSED') return `${where} refused the connection: is it running? Check DATABASE_URL.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${where}: the host name is not known. Check DATABASE_URL.`;
  if (code === '3D000') return `${where}: the database does not exist. Create it (createdb) or check DATABASE_URL.`;
  if (code.startsWith('28')) return `${where} refused the login. Check the user and password in DATABASE_URL.`;
  const message = typeof err.message === 'string' ? err.message.split('\n')[0].replace(/postgres(ql)?:\/\/\S*/gi, '(DATABASE_URL)') : 'unknown error';
  return `${where}: ${message}${code ? ` (${code})` : ''}.`;
}
