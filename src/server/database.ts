/** Opens the configured database, applies migrations and seeds demo data into an empty one. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';
import { openPgliteWorker, openPostgres, type Db } from './db/index';
import { migrate } from './db/migrate';
import { seedDemoData } from './db/seed';

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'dbQueryTimeoutMs'>>,
  opts: { inMemory?: boolean; schema?: string } = {},
): Promise<Db> {
  const queryTimeoutMs = config.dbQueryTimeoutMs;
  // PGlite creates its own folder but not DATA_DIR (which exists only when the development key was written there).
  if (!config.databaseUrl && !opts.inMemory) mkdirSync(config.dataDir, { recursive: true });
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl, { schema: opts.schema, queryTimeoutMs })
    : await openPgliteWorker(opts.inMemory ? undefined : join(config.dataDir, 'pglite'), { queryTimeoutMs });
  await migrate(db);
  await seedDemoData(db);
  return db;
}
