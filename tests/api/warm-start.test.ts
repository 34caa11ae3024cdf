// @vitest-environment node
/** A server warms the enrollment up as it starts (issue 25): the first enrollment after a start finds the wire
 *  validators run once, each partner's form revision kept and, on the embedded engine, the enrollment's statements
 *  prepared and their functions compiled, and the warming claims and stores nothing. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/index';
import { wireValidators } from '../../src/server/validation';
import { listRevisions, revisionOf } from '../../src/server/revisions';
import { Client, databases, enrollment, makeApp, seenDb } from './harness';

describe.each(databases)('a server started, on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  const count = async (table: string) => Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0].n);

  beforeAll(async () => {
    ({ db, drop } = await database.open());
    ({ app } = await makeApp(db));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it("has run each partner's wire check and wire validator once (their errors are those of an empty enrollment)", async () => {
    for (const wire of Object.values(await wireValidators())) {
      expect((wire.passes as { errors?: unknown[] | null }).errors?.length).toBeGreaterThan(0);
      expect(wire.validate.errors?.length).toBeGreaterThan(0);
    }
  });

  it("claims no applicant's grant and stores nothing, and the applicant's enrollment then goes through", async () => {
    const counts = async () => ({ enrollments: await count('enrollments'), keys: await count('idempotency_keys'), claimed: await count('captcha_grants WHERE claimed_by IS NOT NULL') });
    // An applicant's live grant while another instance starts on the same database.
    const applicant = await new Client(app).verified();
    const { app: another } = await makeApp(db);
    try {
      await another.ready();
    } finally {
      await another.close();
    }
    expect(await counts()).toEqual({ enrollments: 0, keys: 0, claimed: 0 });
    expect((await applicant.enroll(enrollment())).body).toBe('success');
    expect(await counts()).toEqual({ enrollments: 1, keys: 1, claimed: 1 });
  });

  it('has kept the form revision of each partner it serves (none enrolled under yet), so the first enrollments do not wait for it', async () => {
    const fresh = await database.open();
    const sent: string[] = [];
    const { app: started } = await makeApp(seenDb(fresh.db, (sql) => sent.push(sql)));
    try {
      await started.ready();
      const served = Object.keys(JSON.parse(readFileSync('generated/revisions.json', 'utf8')) as Record<string, string>);
      const { rows } = await fresh.db.query<{ revision: string }>('SELECT revision FROM form_revisions');
      expect(rows.map((r) => r.revision).sort()).toEqual(served.map(revisionOf).sort());
      // No enrollment yet: each is listed with none.
      expect((await listRevisions(fresh.db)).map((r) => r.enrollments)).toEqual(served.map(() => 0));
      sent.length = 0;
      expect((await (await new Client(started).verified()).enroll(enrollment())).body).toBe('success');
      expect(sent.filter((sql) => sql.includes('form_revisions'))).toEqual([]);
    } finally {
      await started.close();
      await fresh.drop();
    }
  });
});

// PostgreSQL prepares a statement per pooled connection (the warming prepares one); the embedded engine has one.
describe('a server started, on the embedded engine', () => {
  it("has prepared the enrollment's two statements and made the plan each keeps (past the first five, planned per run)", async () => {
    const { db, drop } = await databases[0].open();
    const { app } = await makeApp(db);
    try {
      await app.ready();
      const { rows } = await db.query<{ name: string; generic_plans: number; custom_plans: number }>('SELECT name, generic_plans, custom_plans FROM pg_prepared_statements');
      expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['enroll_check', 'enroll_settle']));
      // PostgreSQL's rule: five runs planned for their values, then a generic plan, kept while it costs no more.
      for (const name of ['enroll_check', 'enroll_settle']) expect(rows.find((r) => r.name === name)).toMatchObject({ custom_plans: 5, generic_plans: 1 });
    } finally {
      await app.close();
      await drop();
    }
  });

  it('still prepares the statements when a revision cannot be kept, says so in its log, and the first enrollment keeps it', async () => {
    const { db, drop } = await databases[0].open();
    let refuse = true;
    const failing = seenDb(db, (sql) => {
      if (refuse && sql.includes('form_revisions')) throw new Error('database busy');
    });
    const { app, logs } = await makeApp(failing);
    try {
      await app.ready();
      const { rows } = await db.query<{ name: string }>('SELECT name FROM pg_prepared_statements');
      expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['enroll_check', 'enroll_settle']));
      expect(logs.text()).toContain('the enrollment warm-up did not complete');
      expect(logs.text()).toContain('database busy');
      refuse = false;
      expect((await (await new Client(app).verified()).enroll(enrollment())).body).toBe('success');
      expect((await db.query('SELECT 1 FROM form_revisions WHERE revision = $1', [revisionOf('standard')])).rows).toHaveLength(1);
    } finally {
      await app.close();
      await drop();
    }
  });
});
