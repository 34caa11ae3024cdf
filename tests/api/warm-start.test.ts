// @vitest-environment node
/** A server warms the enrollment up as it starts (issue 25): the first enrollment after a start finds the wire
 *  validators run once and, on the embedded engine, the enrollment's statements prepared and their functions compiled,
 *  and the warming claims and stores nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/index';
import { wireValidators } from '../../src/server/validation';
import { Client, databases, enrollment, makeApp } from './harness';

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

  it("has run each partner's wire validator once (its errors are those of an empty enrollment)", async () => {
    for (const wire of Object.values(await wireValidators())) expect(wire.validate.errors?.length).toBeGreaterThan(0);
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
});

// PostgreSQL prepares a statement per pooled connection (the warming prepares one); the embedded engine has one.
describe('a server started, on the embedded engine', () => {
  it("has prepared the enrollment's two statements", async () => {
    const { db, drop } = await databases[0].open();
    const { app } = await makeApp(db);
    try {
      await app.ready();
      const { rows } = await db.query<{ name: string }>('SELECT name FROM pg_prepared_statements');
      expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['enroll_check', 'enroll_settle']));
    } finally {
      await app.close();
      await drop();
    }
  });
});
