/** One SQL dialect (PostgreSQL) on two engines: embedded PGlite by default (in a worker thread, see
 *  pglite-worker.mjs), a PostgreSQL server with DATABASE_URL. */
import { Worker } from 'node:worker_threads';
import pg from 'pg';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Db extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The pool's clients (PostgreSQL), for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

/** PGlite in a worker thread (the default): the same Db, with database work off the request thread. */
export async function openPgliteWorker(dataDir?: string): Promise<Db> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir } });
  const pending = new Map<number, { resolve: (rows: never[]) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', () => resolve());
  });
  worker.on('message', (m: { id: number; rows?: never[]; error?: { message: string; code?: string } }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
    else p.resolve(m.rows ?? []);
  });
  let closed = false;
  const send = (op: string, extra: { sql?: string; params?: unknown[]; tx?: number } = {}) => {
    if (closed) return Promise.reject(new Error('PGlite is closed'));
    const id = nextId++;
    return new Promise<never[]>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, ...extra });
    });
  };
  return {
    query: async (sql, params) => ({ rows: await send('query', { sql, params }) }),
    transaction: async (fn) => {
      const tx = nextId++;
      await send('begin', { tx });
      try {
        const result = await fn({ query: async (sql, params) => ({ rows: await send('query', { sql, params, tx }) }) });
        await send('commit', { tx });
        return result;
      } catch (e) {
        await send('rollback', { tx }).catch(() => undefined);
        throw e;
      }
    },
    close: async () => {
      if (closed) return;
      await send('close');
      closed = true;
      await worker.terminate();
    },
  };
}

export async function openPostgres(url: string, schema?: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 3000, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  pool.on('error', () => undefined); // an idle client's error must not crash the process; queries report their own
  return {
    query: async (sql, params) => ({ rows: (await pool.query(sql, params)).rows }),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ query: async (sql, params) => ({ rows: (await client.query(sql, params)).rows }) });
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
