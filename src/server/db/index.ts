/** One SQL dialect (PostgreSQL) on two engines: embedded PGlite by default, a PostgreSQL server with DATABASE_URL. */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Db extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PGlite runs one statement at a time; a queue keeps transactions whole. */
export async function openPglite(dataDir?: string): Promise<Db> {
  const db = await PGlite.create(dataDir ? { dataDir } : undefined);
  return {
    query: async (sql, params) => ({ rows: (await db.query(sql, params as never[])).rows as never[] }),
    transaction: (fn) => db.transaction((tx) => fn({ query: async (sql, params) => ({ rows: (await tx.query(sql, params as never[])).rows as never[] }) })),
    close: () => db.close(),
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
  };
}
