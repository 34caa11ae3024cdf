// @vitest-environment node
/** Group commit (issue 25): concurrent enrollments' statements go as one batch each (enrollmentStore.ts: on
 *  PostgreSQL a statement of migration 015, on PGlite the single call run for each item in one message). A batch
 *  settles its calls as separate statements would, one after the other: of two calls for one SSN one stores, of twins
 *  (one Idempotency-Key) one claims, and a call that fails fails alone. On PGlite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/index';
import { enrollmentStatements, type Settlement } from '../../src/server/enrollmentStore';
import { keepRevision, revisionOf } from '../../src/server/revisions';
import { databases } from './harness';

let serial = 0;
const unique = (what: string) => `${what}-${++serial}-${'x'.repeat(16)}`;
/** The end of this turn of the event loop, when the calls made in it are sent (groupCommit.ts). */
const turn = () => new Promise((r) => setImmediate(r));

describe.each(databases)('group commit, on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await database.open());
    await keepRevision(db, 'standard');
  });
  afterAll(() => drop());

  /** A live captcha grant, as a verified solution leaves it. */
  const grant = async () => {
    const g = { tokenHash: unique('token'), sessionHash: unique('session') };
    await db.query(`INSERT INTO captcha_grants (token_hash, session_hash, expires_at) VALUES ($1, $2, now() + interval '10 minutes')`, [g.tokenHash, g.sessionHash]);
    return g;
  };
  const settlement = (s: Partial<Settlement> & Pick<Settlement, 'grant' | 'ssnIndex'>): Settlement => ({
    key: unique('key'),
    fingerprint: 'fingerprint',
    status: 200,
    body: 'success',
    sealed: 'sealed',
    groupId: 'DEMO100',
    verificationId: null,
    memberIndex: null,
    revision: revisionOf('standard'),
    language: 'en',
    ...s,
  });

  /** The statements on a database that holds the first statement until `release`, so the calls made meanwhile
   *  queue into one batch; each statement's number of items is kept. */
  const held = () => {
    const sizes: number[] = [];
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const gate = async <T>(items: number, run: () => Promise<T>) => {
      sizes.push(items);
      if (sizes.length === 1) await released;
      return run();
    };
    const gated: Db = {
      ...db,
      query: (async (sql: string, params?: unknown[], prepared?: string) => {
        const many = sql.includes('_many(');
        if (!many && !/enroll_(check|settle)\(/.test(sql)) return db.query(sql, params, prepared);
        return gate(many ? (JSON.parse(String(params?.[0])) as unknown[]).length : 1, () => db.query(sql, params, prepared));
      }) as Db['query'],
      // PGlite's batches: the single call's statement run for each item (Db.queryEach).
      ...(db.queryEach && { queryEach: ((sql: string, list: unknown[][], prepared: string) => gate(list.length, () => db.queryEach!(sql, list, prepared))) as Db['queryEach'] }),
    };
    return { statements: enrollmentStatements(gated, { patienceMs: 60_000 }), sizes, release, gated };
  };
  const stored = async (ssnIndex: string) => Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM enrollments WHERE ssn_index = $1', [ssnIndex])).rows[0].n);

  it('settles the calls of one batch as separate statements would: one enrollment per SSN, one claim per key', async () => {
    const { statements, sizes, release } = held();
    const [ssnA, ssnB] = [unique('ssn'), unique('ssn')];
    const grants = await Promise.all([grant(), grant(), grant(), grant()]);
    const first = statements.settle(settlement({ grant: grants[0], ssnIndex: unique('ssn') }));
    await turn();
    const twinOf = settlement({ grant: grants[1], ssnIndex: ssnA });
    const batch = [
      twinOf,
      settlement({ grant: grants[2], ssnIndex: ssnA }), // the same SSN, another applicant's key and grant
      { ...twinOf }, // the twin: the same key, grant and request
      settlement({ grant: grants[3], ssnIndex: ssnB }),
    ].map((s) => statements.settle(s));
    release();
    const answers = await Promise.all([first, ...batch]);
    expect(sizes).toEqual([1, 4]);
    expect(answers.map((a) => [a.granted, a.claimed, a.enrollmentId !== null])).toEqual([
      [true, true, true],
      [true, true, true],
      [true, true, false], // claimed its key and grant, but the SSN was stored by the call before it
      [false, false, false], // the twin finds its key's grant claimed: it will answer with what the first stored
      [true, true, true],
    ]);
    expect([await stored(ssnA), await stored(ssnB)]).toEqual([1, 1]);
  });

  it('reads each call of a batch of checks for its own key, SSN and grant', async () => {
    const { statements, sizes, release } = held();
    const g = await grant();
    const enrolled = unique('ssn');
    const settled = statements.settle(settlement({ grant: g, ssnIndex: enrolled, key: 'check-batch-key-000000' }));
    release();
    await settled;
    const args = (key: string, ssnIndex: string, tokenHash: string | null) => ({ key, ssn_index: ssnIndex, group_id: 'DEMO100', token_hash: tokenHash, session_hash: g.sessionHash, member_hash: null, member_index: null });
    const [a, b, c] = await Promise.all([
      statements.check(args('check-batch-key-000000', enrolled, g.tokenHash)),
      statements.check(args(unique('key'), unique('ssn'), g.tokenHash)),
      statements.check(args(unique('key'), unique('ssn'), 'no such grant')),
    ]);
    // Made in one turn: one batch of three.
    expect(sizes.slice(1)).toEqual([3]);
    expect([a.status, a.duplicate, a.grant_live, a.group_name]).toEqual([200, true, true, 'Demo Employer Inc.']);
    expect([b.status, b.duplicate, b.grant_live]).toEqual([null, false, false]);
    expect([c.status, c.duplicate, c.grant_live]).toEqual([null, false, false]);
  });

  it('runs a failed batch call by call: the call the database refuses fails alone, the others are stored once', async () => {
    const { statements, sizes, release } = held();
    const grants = await Promise.all([grant(), grant(), grant(), grant()]);
    const first = statements.settle(settlement({ grant: grants[0], ssnIndex: unique('ssn') }));
    await turn();
    const good = [settlement({ grant: grants[1], ssnIndex: unique('ssn') }), settlement({ grant: grants[2], ssnIndex: unique('ssn') })];
    const calls = [
      statements.settle(good[0]),
      statements.settle(settlement({ grant: grants[3], ssnIndex: unique('ssn'), verificationId: 'not a number' })),
      statements.settle(good[1]),
    ].map((p) => p.then((a) => a.enrollmentId !== null, (e: Error) => e.message));
    release();
    await first;
    const answers = await Promise.all(calls);
    expect(sizes).toEqual([1, 3, 1, 1, 1]);
    expect(answers[0]).toBe(true);
    expect(answers[1]).toMatch(/invalid input syntax for type bigint/);
    expect(answers[2]).toBe(true);
    expect([await stored(good[0].ssnIndex), await stored(good[1].ssnIndex)]).toEqual([1, 1]);
  });

  it('groups by default, and tells the operator each batch sent', async () => {
    const { sizes, release, gated } = held();
    // What the operator's metric hsa_enroll_batch_calls hears (routes/enrollment.ts): each batch sent, by statement.
    const told: [string, number][] = [];
    const statements = enrollmentStatements(gated, undefined, (statement, calls) => told.push([statement, calls]));
    const grants = await Promise.all([grant(), grant(), grant(), grant()]);
    const calls = [statements.settle(settlement({ grant: grants[0], ssnIndex: unique('ssn') }))];
    await turn();
    for (const g of grants.slice(1)) calls.push(statements.settle(settlement({ grant: g, ssnIndex: unique('ssn') })));
    release();
    expect((await Promise.all(calls)).every((a) => a.enrollmentId !== null)).toBe(true);
    expect(sizes).toEqual([1, 3]);
    expect(told).toEqual([
      ['settle', 1],
      ['settle', 3],
    ]);
  });

  it("plans the check's lookups into the statement that calls it, alone or in a batch (migration 016: no function run per call)", async () => {
    const plan = async (sql: string, params: unknown[]) => (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
    const one = await plan('SELECT * FROM enroll_check($1, $2, $3, $4, $5, $6, $7)', ['k', 's', 'DEMO100', 't', 's', null, null]);
    const many = await plan('SELECT * FROM enroll_check_many($1)', [JSON.stringify([{ key: 'k', ssn_index: 's', group_id: 'DEMO100' }])]);
    // A function the planner could not inline shows as a scan of it.
    expect(one).not.toMatch(/Function Scan on enroll_check/);
    expect(one).toMatch(/idempotency_keys/);
    expect(many).not.toMatch(/Function Scan on enroll_check /);
    expect(many).toMatch(/idempotency_keys/);
  });
});
