/** Opens the configured database, applies migrations and seeds demo data into an empty one. The data key is
 *  needed here: the member roster is written and migrated as keyed hashes. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
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
  await migrate(db, { '003_members_hashed.sql': (tx) => hashClearRoster(tx, protection) });
  await seedDemoData(db, protection);
  return db;
}
