/** Opens the configured database, applies migrations and seeds demo data into an empty one. */
import { join } from 'node:path';
import type { Config } from './config';
import { openPgliteWorker, openPostgres, type Db } from './db/index';
import { migrate } from './db/migrate';
import { seedDemoData } from './db/seed';

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, opts: { inMemory?: boolean; schema?: string } = {}): Promise<Db> {
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl, opts.schema) : await openPgliteWorker(opts.inMemory ? undefined : join(config.dataDir, 'pglite'));
  await migrate(db);
  await seedDemoData(db);
  return db;
}
