/** One SQL dialect (PostgreSQL) on two engines: embedded PGlite by default (in a worker thread, see
 *  pglite-worker.mjs), a PostgreSQL server with DATABASE_URL. */
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { DatabaseUnavailableError } from './unavailable';

export const DEFAULT_QUERY_TIMEOUT_MS = 5000;

export interface DbOptions {
  /** A statement that has not finished by then fails, as 'database unavailable' (DB_QUERY_TIMEOUT_MS). */
  queryTimeoutMs?: number;
}

export interface PostgresOptions extends DbOptions {
  schema?: string;
  /** Connections in the pool, and how long a request waits for one before the database counts as unavailable. */
  poolSize?: number;
  connectTimeoutMs?: number;
}

export interface Queryable {
  /** `prepared` names a statement run on every request: it is parsed and planned once per connection (PGlite's too). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], prepared?: string): Promise<{ rows: T[] }>;
}

export interface Db extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The pool's clients (PostgreSQL), for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** The prepared statement `prepared` run once for each parameter list, in order, as one transaction: the rows of
   *  each run. Where a database has it (PGlite), a batch is its one statement run for each call, sent as one message:
   *  a batch statement that takes the calls as JSON (migration 015) cost its engine more in unpacking than the batch
   *  saved. */
  queryEach?<T = Record<string, unknown>>(sql: string, list: unknown[][], prepared: string): Promise<T[][]>;
}

/** PGlite in a worker thread (the default): the same Db, with database work off the request thread. */
export async function openPgliteWorker(dataDir?: string, { queryTimeoutMs = DEFAULT_QUERY_TIMEOUT_MS }: DbOptions = {}): Promise<Db> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir } });
  const pending = new Map<number, { resolve: (rows: never[]) => void; reject: (e: Error) => void }>();
  let closed = false;
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
  // A worker that dies takes the database with it: fail what waits, and everything after.
  const gone = () => {
    closed = true;
    for (const p of pending.values()) p.reject(new DatabaseUnavailableError('PGlite is closed'));
    pending.clear();
  };
  worker.on('error', gone);
  worker.on('exit', gone);
  const send = (op: string, extra: { sql?: string; params?: unknown[]; list?: unknown[][]; prepared?: string; tx?: number } = {}) => {
    if (closed) return Promise.reject(new DatabaseUnavailableError('PGlite is closed'));
    const id = nextId++;
    return new Promise<never[]>((resolve, reject) => {
      // PGlite has no statement timeout of its own: the caller stops waiting (the statement still runs, and the
      // queue behind it times out too, so a stuck engine answers 503 rather than hanging every request).
      const timer = op === 'close' ? undefined : setTimeout(() => {
        pending.delete(id);
        reject(new DatabaseUnavailableError(`query timed out after ${queryTimeoutMs} ms`, '57014'));
      }, queryTimeoutMs);
      const done = <T>(f: (v: T) => void) => (v: T) => {
        clearTimeout(timer);
        f(v);
      };
      pending.set(id, { resolve: done(resolve), reject: done(reject) });
      worker.postMessage({ id, op, ...extra });
    });
  };
  return {
    query: async (sql, params, prepared) => ({ rows: await send('query', { sql, params, prepared }) }),
    queryEach: async <T>(sql: string, list: unknown[][], prepared: string) => (await send('each', { sql, list, prepared })) as T[][],
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

export async function openPostgres(url: string, { schema, queryTimeoutMs = DEFAULT_QUERY_TIMEOUT_MS, poolSize = 10, connectTimeoutMs = 3000 }: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    // The server cancels a statement past the limit (57014), waits for locks included; the client gives up a
    // little later should the server itself not answer.
    statement_timeout: queryTimeoutMs,
    query_timeout: queryTimeoutMs + 1000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', () => undefined); // an idle client's error must not crash the process; queries report their own
  return {
    query: async (sql, params, prepared) => ({ rows: (await pool.query({ text: sql, values: params, name: prepared })).rows }),
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
