// @vitest-environment node
/** The server decides (issues 12 and 15): a captcha solution admits one enrollment of its own session, and enroll
 *  re-checks the group and the membership from the database. On PGlite and (with DATABASE_URL) PostgreSQL. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/index';
import { dataProtection } from '../../src/server/crypto';
import { siteMessages } from '../../src/server/validation';
import { TEST_DATA_KEY } from '../../src/server/testing';
import { upsertMember } from '../../src/server/memberRoster';
import { Client, databases, enrollment, makeApp } from './harness';
import { firstOfThisMonth } from '../dates';

const MEMBER_ENROLLED = 'Our records show that this AARP membership already has a Health Savings Account with us. Please contact customer service (at the number provided below) if you have any questions regarding this account.';
const MEMBERSHIP_REQUIRED = /^An active AARP membership is required to open this account\..*call AARP at 1-888-555-0123\.$/;
const PARTNER = { host: 'aarp.localhost:8080' };
// A member enrolls once: each test of the membership has a Jane of its own (the demo's details, a new member number).
let memberId = '1234567890';
const jane = () => ({ firstName: 'Jane', middleName: 'A', lastName: 'Sample', dateOfBirth: '1958-04-15', addrLine1: '601 E St NW', city: 'Washington', state: 'DC', zip: '20049', memberId });
const home = { line1: '601 E St NW', city: 'Washington', state: 'DC', zip: '20049' };
/** Jane's enrollment as the partner's site sends it (a fresh SSN each time). */
const janeEnrollment = (overrides: Record<string, unknown> = {}) =>
  enrollment({
    firstName: 'Jane',
    middleInitial: 'A',
    lastName: 'Sample',
    dob: '1958-04-15',
    aarpNum: memberId,
    group: { id: 'AARP01', coverage: 'I', effectiveDate: firstOfThisMonth('YYYY-MM-DD') },
    homeAddress: home,
    mailingAddress: home,
    tos: { accepted: true, requestElectronic: true, requestWelcomeKit: false, firstName: 'Jane', middleInitial: 'A', lastName: 'Sample' },
    ...overrides,
  });

describe.each(databases)('the server decides, on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  const protection = dataProtection(TEST_DATA_KEY);

  beforeAll(async () => {
    ({ db, drop } = await database.open());
    ({ app } = await makeApp(db));
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const count = async () => Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM enrollments')).rows[0].n);
  /** The database's key for the grant this client holds. */
  const grantHash = (client: Client) => protection.keyedHash('captcha-grant', app.unsignCookie(client.cookie('hsa_captcha')!).value!);
  const refused = (res: { statusCode: number; json: () => { message: string } }, status: number, message: string | RegExp) => {
    expect(res.statusCode).toBe(status);
    if (typeof message === 'string') expect(res.json().message).toBe(message);
    else expect(res.json().message).toMatch(message);
  };

  describe('the session cookie', () => {
    it('is set at /api/v1 (the documents API reads it too), and one an earlier version set at /api/v1/enrollment is cleared, the session kept', async () => {
      const client = await new Client(app).start();
      const first = await client.post('/api/v1/enrollment/submitCaptcha', { captcha: await client.solveCaptcha() });
      const sessions = (res: typeof first) => (res.cookies as { name: string; value: string; path?: string; expires?: Date }[]).filter((c) => c.name === 'hsa_session');
      const set = sessions(first);
      expect(set.map((c) => c.path).sort()).toEqual(['/api/v1', '/api/v1/enrollment']);
      expect(set.find((c) => c.path === '/api/v1/enrollment')!.value).toBe('');
      const id = app.unsignCookie(set.find((c) => c.path === '/api/v1')!.value).value;
      // The browser sends the session back (as an old-path cookie would come): the same session is set at /api/v1.
      const again = await client.post('/api/v1/enrollment/submitCaptcha', { captcha: await client.solveCaptcha() });
      expect(app.unsignCookie(sessions(again).find((c) => c.path === '/api/v1')!.value).value).toBe(id);
    });
  });

  describe('single-use captcha grants', () => {
    it('a solved captcha admits one enrollment: a second one with another SSN and a new key on the same cookies is refused (403), nothing stored', async () => {
      const client = await new Client(app).verified();
      expect((await client.enroll(enrollment())).body).toBe('success');
      const before = await count();
      refused(await client.enroll(enrollment()), 403, siteMessages.captchaRequired);
      expect(await count()).toBe(before);
      // A new solution admits the next one.
      await client.grant();
      expect((await client.enroll(enrollment())).body).toBe('success');
    });

    it('a captcha cookie copied into another session is refused (403), with or without a session of its own', async () => {
      const owner = await new Client(app).verified();
      const copied = owner.cookie('hsa_captcha')!;
      const before = await count();
      // A session with no session cookie: only the copied captcha cookie.
      const bare = await new Client(app).start();
      bare.setCookie('hsa_captcha', copied);
      refused(await bare.enroll(enrollment()), 403, siteMessages.captchaRequired);
      // A session of its own (it solved a captcha itself) holding the copied cookie instead of its own.
      const other = await new Client(app).verified();
      other.setCookie('hsa_captcha', copied);
      refused(await other.enroll(enrollment()), 403, siteMessages.captchaRequired);
      expect(await count()).toBe(before);
      // The owner's grant was not spent by those attempts.
      expect((await owner.enroll(enrollment())).body).toBe('success');
    });

    it('a retry with the same Idempotency-Key gets its first answer after the grant is spent, and after it expired', async () => {
      const client = await new Client(app).verified();
      const body = enrollment();
      const first = await client.enroll(body, 'grant-retry-0000000000');
      expect(first.body).toBe('success');
      const before = await count();
      const again = await client.enroll(body, 'grant-retry-0000000000');
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe('success');
      await db.query(`UPDATE captcha_grants SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [grantHash(client)]);
      expect((await client.enroll(body, 'grant-retry-0000000000')).body).toBe('success');
      expect(await count()).toBe(before);
    });

    it('two concurrent enrollments on one grant (different SSNs and keys): one stored, the other refused (403)', async () => {
      const client = await new Client(app).verified();
      const before = await count();
      const both = await Promise.all([client.enroll(enrollment()), client.enroll(enrollment())]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 403]);
      expect(await count()).toBe(before + 1);
    });

    it('a twin request (same key) that checked before the first one settled gets the first answer, not a 403', async () => {
      // Deterministic interleaving: both read the key and the grant (enroll_check) before the first settles; the
      // twin settles after it, finds the grant claimed under its key, and answers with what the first stored. The
      // statements are batches (groupCommit.ts): the calls are counted by their items, and the twins' settlements, made
      // in one turn, may share the first statement, which settles them one after the other.
      let checks = 0;
      let bothChecked!: () => void;
      const checked = new Promise<void>((resolve) => (bothChecked = resolve));
      let firstSettled!: () => void;
      const settled = new Promise<void>((resolve) => (firstSettled = resolve));
      let settles = 0;
      // Gated once the server has started. Its warming (enrollment.ts) runs each statement several times under a key no
      // client sends; should it outlast the start's wait on a loaded machine, its calls are not the twins'.
      let started = false;
      /** `run` sends a statement carrying `items` calls of the statement its SQL names (a batch: several). */
      const gate = async <T>(sql: string, items: number, args: unknown, run: () => Promise<T>): Promise<T> => {
        if (!started || JSON.stringify(args ?? []).includes('server_start_warm_up')) return run();
        if (sql.includes('enroll_check') && (checks += items) === 2) bothChecked();
        if (!sql.includes('enroll_settle')) return run();
        const first = settles === 0;
        settles += items;
        if (!first) {
          await settled;
          return run();
        }
        await checked;
        const result = await run();
        firstSettled();
        return result;
      };
      const gated: Db = {
        ...db,
        query: ((sql: string, params?: unknown[]) => {
          const items = sql.includes('_many(') ? (JSON.parse(String(params?.[0])) as unknown[]).length : /enroll_(check|settle)\(/.test(sql) ? 1 : 0;
          return gate(sql, items, params, () => db.query(sql, params));
        }) as Db['query'],
        ...(db.queryEach && { queryEach: ((sql: string, list: unknown[][], prepared: string) => gate(sql, list.length, list, () => db.queryEach!(sql, list, prepared))) as Db['queryEach'] }),
      };
      const { app: racing } = await makeApp(gated);
      try {
        await racing.ready();
        started = true;
        const client = await new Client(racing).verified();
        const body = enrollment();
        const twins = await Promise.all([client.enroll(body, 'twin-race-00000000000'), client.enroll(body, 'twin-race-00000000000')]);
        expect(twins.map((r) => r.body)).toEqual(['success', 'success']);
        expect([checks, settles]).toEqual([2, 2]);
      } finally {
        await racing.close();
      }
    });

    it('an expired grant is refused (403) and stores nothing', async () => {
      const client = await new Client(app).verified();
      await db.query(`UPDATE captcha_grants SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [grantHash(client)]);
      const before = await count();
      refused(await client.enroll(enrollment()), 403, siteMessages.captchaRequired);
      expect(await count()).toBe(before);
    });

    it('an enrollment refused before it is settled (inactive group, identity provider down) does not spend the grant', async () => {
      const client = await new Client(app).verified();
      refused(await client.enroll(enrollment({ group: { id: 'DEMO200', coverage: 'I', effectiveDate: firstOfThisMonth('YYYY-MM-DD') } })), 422, siteMessages.groupNotFound);
      expect((await client.enroll(enrollment({ ssn: '223459998' }))).statusCode).toBe(502);
      expect((await client.enroll(enrollment())).body).toBe('success');
    });

    it('a duplicate-account answer spends the grant too, so one solution cannot probe many SSNs', async () => {
      const client = await new Client(app).verified();
      const body = enrollment();
      expect((await client.enroll(body)).body).toBe('success');
      const prober = await new Client(app).verified();
      expect((await prober.enroll(body)).statusCode).toBe(409);
      refused(await prober.enroll(enrollment()), 403, siteMessages.captchaRequired);
    });

    it('keeps the grant and the session only as keyed hashes, bound to each other, and short-lived', async () => {
      const client = await new Client(app).verified();
      const token = app.unsignCookie(client.cookie('hsa_captcha')!).value!;
      const session = app.unsignCookie(client.cookie('hsa_session')!).value!;
      const { rows } = await db.query<{ token_hash: string; session_hash: string; minutes: number }>(
        'SELECT token_hash, session_hash, extract(epoch FROM expires_at - now())::float / 60 AS minutes FROM captcha_grants WHERE token_hash = $1',
        [protection.keyedHash('captcha-grant', token)],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].session_hash).toBe(protection.keyedHash('session', session));
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(JSON.stringify(rows)).not.toContain(session);
      expect(rows[0].minutes).toBeGreaterThan(5);
      expect(rows[0].minutes).toBeLessThanOrEqual(10);
    });
  });

  describe('enroll re-checks the group', () => {
    it.each([
      ['an inactive group', 'DEMO200'],
      ['a group that does not exist', 'NOSUCH1'],
    ])('refuses %s with the spec message (422) and stores nothing', async (_what, id) => {
      const client = await new Client(app).verified();
      const before = await count();
      refused(await client.enroll(enrollment({ group: { id, name: 'Anything', coverage: 'I', effectiveDate: firstOfThisMonth('YYYY-MM-DD') } })), 422, siteMessages.groupNotFound);
      expect(await count()).toBe(before);
    });

    it("stores the employer's name from the database, never the body's", async () => {
      const client = await new Client(app).verified();
      const res = await client.enroll(enrollment({ group: { id: 'demo100', name: 'Evil\u0000 Corp\r\n<script>x</script>', coverage: 'I', effectiveDate: firstOfThisMonth('YYYY-MM-DD') } }));
      expect(res.body).toBe('success');
      const { rows } = await db.query<{ payload_enc: string; group_id: string }>('SELECT payload_enc, group_id FROM enrollments ORDER BY id DESC LIMIT 1');
      expect(rows[0].group_id).toBe('DEMO100');
      expect(JSON.parse(protection.decrypt(rows[0].payload_enc)).group).toMatchObject({ id: 'DEMO100', name: 'Demo Employer Inc.' });
    });
  });

  describe('enroll re-checks the membership on the partner site', () => {
    let nextMember = 2000000001;
    beforeEach(async () => {
      memberId = String(nextMember++);
      await upsertMember(db, protection, { memberId, firstName: 'Jane', lastName: 'Sample', dob: '1958-04-15', zip: '20049', active: true });
    });
    const verifyJane = async (client: Client, body: Record<string, unknown> = jane()) => {
      const res = await client.post('/api/v1/enrollment/verify-aarp', body);
      expect(res.statusCode).toBe(200);
      return res.json() as boolean;
    };

    it('enrolls a member this server verified for this session, and claims the verification', async () => {
      const client = await new Client(app, PARTNER).start();
      expect(await verifyJane(client)).toBe(true);
      await client.grant();
      expect((await client.enroll(janeEnrollment())).body).toBe('success');
      // The verification is spent: another enrollment needs a new one.
      await client.grant();
      refused(await client.enroll(janeEnrollment()), 403, MEMBERSHIP_REQUIRED);
    });

    it('admits one enrollment per member: the same member again with another SSN, from another browser, is refused (409) with the partner\'s message, and nothing is stored', async () => {
      const first = await new Client(app, PARTNER).start();
      expect(await verifyJane(first)).toBe(true);
      await first.grant();
      expect((await first.enroll(janeEnrollment())).body).toBe('success');
      const before = await count();
      const again = await new Client(app, PARTNER).start();
      expect(await verifyJane(again)).toBe(true);
      await again.grant();
      refused(await again.enroll(janeEnrollment()), 409, MEMBER_ENROLLED);
      expect(await count()).toBe(before);
      // In Spanish for a Spanish request.
      const spanish = await new Client(app, { ...PARTNER, 'accept-language': 'es' }).start();
      expect(await verifyJane(spanish)).toBe(true);
      await spanish.grant();
      refused(await spanish.enroll(janeEnrollment()), 409, /^Nuestros registros indican que esta membresía de AARP ya tiene/);
      // Only a keyed hash of the member number is stored with the enrollment.
      const { rows } = await db.query<{ member_index: string }>('SELECT member_index FROM enrollments WHERE member_index IS NOT NULL');
      expect(rows.map((r) => r.member_index)).toContain(protection.keyedHash('member-index', memberId));
      expect(JSON.stringify(rows)).not.toContain(memberId);
    });

    it('of two enrollments of one member racing (two browsers, two SSNs), one is stored', async () => {
      const browsers = [await new Client(app, PARTNER).start(), await new Client(app, PARTNER).start()];
      for (const b of browsers) {
        expect(await verifyJane(b)).toBe(true);
        await b.grant();
      }
      const before = await count();
      const answers = await Promise.all(browsers.map((b) => b.enroll(janeEnrollment())));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      // The loser is told it is the member who has an account (its SSN has none).
      expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(MEMBER_ENROLLED);
      expect(await count()).toBe(before + 1);
    });

    it('refuses a member never verified and a made-up member number (403), and no member number (400: the partner requires it), storing nothing', async () => {
      const client = await new Client(app, PARTNER).verified();
      const before = await count();
      refused(await client.enroll(janeEnrollment()), 403, MEMBERSHIP_REQUIRED);
      refused(await client.enroll(janeEnrollment({ aarpNum: '9999999999' })), 403, MEMBERSHIP_REQUIRED);
      refused(await client.enroll(janeEnrollment({ aarpNum: undefined })), 400, 'The enrollment is not valid.');
      expect(await count()).toBe(before);
      // Nothing of that spent the grant.
      expect(await verifyJane(client)).toBe(true);
      expect((await client.enroll(janeEnrollment())).body).toBe('success');
    });

    it.each([
      ['another member number', { aarpNum: '1234567891' }],
      ['another first name', { firstName: 'Joan', tos: { accepted: true, requestElectronic: true, requestWelcomeKit: false, firstName: 'Joan', middleInitial: 'A', lastName: 'Sample' } }],
      ['another date of birth', { dob: '1958-04-16' }],
      ['another zip', { homeAddress: { ...home, zip: '20050' }, mailingAddress: { ...home, zip: '20050' } }],
    ])('refuses an enrollment with %s than the verified one (403)', async (_what, overrides) => {
      const client = await new Client(app, PARTNER).start();
      expect(await verifyJane(client)).toBe(true);
      await client.grant();
      refused(await client.enroll(janeEnrollment(overrides)), 403, MEMBERSHIP_REQUIRED);
    });

    it('refuses a verification made in another session, or one that answered false (403)', async () => {
      const verifier = await new Client(app, PARTNER).start();
      expect(await verifyJane(verifier)).toBe(true);
      const other = await new Client(app, PARTNER).verified();
      refused(await other.enroll(janeEnrollment()), 403, MEMBERSHIP_REQUIRED);
      const wrong = await new Client(app, PARTNER).start();
      expect(await verifyJane(wrong, { ...jane(), dateOfBirth: '1958-04-16' })).toBe(false);
      await wrong.grant();
      refused(await wrong.enroll(janeEnrollment({ dob: '1958-04-16' })), 403, MEMBERSHIP_REQUIRED);
    });

    it("refuses the partner's group from the standard site without a verification, and another group on the partner's site", async () => {
      const standard = await new Client(app).verified();
      // The standard site's wire schema has no membership number at all; without one, the group still needs a member.
      refused(await standard.enroll(janeEnrollment()), 400, 'The enrollment is not valid.');
      refused(await standard.enroll(janeEnrollment({ aarpNum: undefined })), 403, MEMBERSHIP_REQUIRED);
      const partner = await new Client(app, PARTNER).verified();
      refused(await partner.enroll(janeEnrollment({ group: { id: 'DEMO100', coverage: 'I', effectiveDate: firstOfThisMonth('YYYY-MM-DD') } })), 422, siteMessages.groupNotFound);
    });

    it.each(['1958-02-30', '0000-00-00', '2023-13-45'])('answers a date of birth the database could not hold (%s) with a 400, not a 500', async (dateOfBirth) => {
      const client = await new Client(app, PARTNER).start();
      const res = await client.post('/api/v1/enrollment/verify-aarp', { ...jane(), dateOfBirth });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).not.toContain(dateOfBirth);
    });

    it('keeps a verification only as a keyed hash bound to the session', async () => {
      const client = await new Client(app, PARTNER).start();
      expect(await verifyJane(client)).toBe(true);
      const session = app.unsignCookie(client.cookie('hsa_session')!).value!;
      const { rows } = await db.query('SELECT * FROM member_verifications WHERE session_hash = $1', [protection.keyedHash('session', session)]);
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toMatch(/Jane|Sample|1958|20049|1234567890/i);
    });
  });
});
