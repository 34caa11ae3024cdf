// @vitest-environment node
/** The embedded database's worker sends a statement whose parameters are all plain (text, numbers, booleans, null)
 *  as one protocol message, and any other through PGlite's query(): both give the same rows, and an error leaves
 *  the session ready for the next statement. A batch (queryEach) runs one statement for each item in one message. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteWorker, type Db } from '../../src/server/db/index';

describe('the PGlite worker', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPgliteWorker();
  });
  afterAll(() => db.close());

  it('passes plain parameters in their text form, as the types the statement gives them', async () => {
    const { rows } = await db.query('SELECT $1::text AS t, $2::int + 1 AS i, $3::boolean AS b, $4::text IS NULL AS n, $5::bigint AS big, $6 * interval \'1 millisecond\' AS ms', ['a\'b', 41, true, null, 9007199254740993n, 1500]);
    expect(rows).toEqual([{ t: "a'b", i: 42, b: true, n: true, big: 9007199254740993n, ms: '00:00:01.5' }]);
  });

  it('passes bytes and dates through their serialisers', async () => {
    const when = new Date('2024-01-02T03:04:05.000Z');
    const { rows } = await db.query<{ bytes: Uint8Array; at: Date }>('SELECT $1::bytea AS bytes, $2::timestamptz AS at', [Buffer.from([0, 1, 255]), when]);
    expect([...rows[0].bytes]).toEqual([0, 1, 255]);
    expect(rows[0].at.toISOString()).toBe(when.toISOString());
  });

  it('sends bytes beside plain values in their text form, every byte value kept', async () => {
    const bytes = Buffer.from(Array.from({ length: 1024 }, (_, i) => i % 256));
    const { rows } = await db.query<{ bytes: Uint8Array; n: number }>('SELECT $1::bytea AS bytes, $2::int AS n', [bytes, 7]);
    expect(Buffer.from(rows[0].bytes).equals(bytes)).toBe(true);
    expect(rows[0].n).toBe(7);
  });

  it('reads every row of a long answer, nulls and text in any script as they are', async () => {
    // Long enough that the engine hands its answer back in more than one piece.
    const { rows } = await db.query<{ i: number; t: string | null }>("SELECT i, CASE WHEN i % 2 = 0 THEN $1 || i ELSE NULL END AS t FROM generate_series(1, $2::int) AS i", ['Zoë 名 ', 20000]);
    expect(rows).toHaveLength(20000);
    expect(rows[0]).toEqual({ i: 1, t: null });
    expect(rows[19999]).toEqual({ i: 20000, t: 'Zoë 名 20000' });
    expect(rows.filter((r) => r.t === null)).toHaveLength(10000);
  });

  it('answers a statement without rows with none', async () => {
    await db.query('CREATE TABLE worker_empty (x int)');
    await expect(db.query('INSERT INTO worker_empty (x) VALUES ($1)', [1])).resolves.toEqual({ rows: [] });
    await expect(db.query('SELECT x FROM worker_empty WHERE x = $1', [2])).resolves.toEqual({ rows: [] });
  });

  it('reports an error with its code, and answers the next statement', async () => {
    await expect(db.query('SELECT 1 / $1::int', [0])).rejects.toMatchObject({ code: '22012', message: 'division by zero' });
    await expect(db.query('SELECT $1::int AS x', [2])).resolves.toEqual({ rows: [{ x: 2 }] });
  });

  it('parses a named statement once and binds it by name after, and parses it anew after an error', async () => {
    const named = (n: number) => db.query<{ x: number }>('SELECT 10 / $1::int AS x', [n], 'worker_named');
    await expect(named(2)).resolves.toEqual({ rows: [{ x: 5 }] });
    // Kept by the session under its name; a second parse under the same name would be refused.
    expect((await db.query('SELECT name FROM pg_prepared_statements')).rows).toEqual([{ name: 'worker_named' }]);
    await expect(named(5)).resolves.toEqual({ rows: [{ x: 2 }] });
    await expect(named(0)).rejects.toMatchObject({ code: '22012' });
    await expect(named(10)).resolves.toEqual({ rows: [{ x: 1 }] });
  });

  it('runs a named statement once for each item of a batch, as one transaction, and answers each run with its rows', async () => {
    await db.query('CREATE TABLE worker_batch (x int PRIMARY KEY, t text)');
    const insert = 'INSERT INTO worker_batch AS b (x, t) VALUES ($1, $2) ON CONFLICT (x) DO NOTHING RETURNING b.x, b.t';
    // Not yet known: described without running, then run once per item; a later run sees what an earlier stored.
    await expect(db.queryEach!(insert, [[1, 'Zoë'], [2, null], [1, 'again']], 'worker_each')).resolves.toEqual([[{ x: 1, t: 'Zoë' }], [{ x: 2, t: null }], []]);
    await expect(db.queryEach!(insert, [[3, 'c']], 'worker_each')).resolves.toEqual([[{ x: 3, t: 'c' }]]);
    // One run refused: the error is the batch's, and nothing of it is stored, the runs before it included.
    await expect(db.queryEach!(insert, [[4, 'd'], ['not a number', 'e'], [5, 'f']], 'worker_each')).rejects.toMatchObject({ code: '22P02' });
    expect((await db.query('SELECT x FROM worker_batch ORDER BY x')).rows).toEqual([{ x: 1 }, { x: 2 }, { x: 3 }]);
    await expect(db.queryEach!(insert, [[4, 'd']], 'worker_each')).resolves.toEqual([[{ x: 4, t: 'd' }]]);
    // A select with several rows per run keeps each run's rows apart.
    await expect(db.queryEach!('SELECT g FROM generate_series(1, $1::int) AS g', [[2], [0], [1]], 'worker_series')).resolves.toEqual([[{ g: 1 }, { g: 2 }], [], [{ g: 1 }]]);
    // Only plain parameters: their text form is the same whatever type the statement gives them.
    await expect(db.queryEach!('SELECT $1::timestamptz AS at', [[new Date()]], 'worker_dates')).rejects.toThrow('A batch takes text, numbers, booleans and nulls only');
  });

  it('keeps a transaction whole', async () => {
    await db.query('CREATE TABLE worker_t (x int)');
    await expect(db.transaction(async (tx) => {
      await tx.query('INSERT INTO worker_t (x) VALUES ($1)', [1]);
      throw new Error('undo');
    })).rejects.toThrow('undo');
    await db.transaction((tx) => tx.query('INSERT INTO worker_t (x) VALUES ($1)', [2]));
    expect((await db.query('SELECT x FROM worker_t')).rows).toEqual([{ x: 2 }]);
  });
});
