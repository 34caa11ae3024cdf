// @vitest-environment node
/** No 500 from bad input, ever (issue 15, item 4): over 10,000 generated requests across every route, with rate
 *  limits lifted, no answer is a 5xx, no invalid enrollment is stored, and no error answer echoes the input.
 *  FUZZ_SCALE multiplies the runs (e.g. FUZZ_SCALE=10 for a long hunt). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/server/db/index';
import { Client, databases, enrollment, makeApp } from './harness';

const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
const LIFTED: [number, number, number] = [1e9, 1e9, 1e9];

/** Strings a person, a broken client or an attacker might send, beside fast-check's own. */
const nasty = fc.constantFrom(
  '', ' ', '   ', '\u0000', 'a\u0000b', '\r\n', '\t', '\u202e', '\ud800', '\udfff', '😀', 'é', '\ufeff', "'; DROP TABLE enrollments; --", '<script>alert(1)</script>',
  '%00', '%ff', '../../etc/passwd', '${7*7}', '{{7*7}}', 'null', 'undefined', 'NaN', '-1', '1e309', '0x10', 'x'.repeat(5000),
  '0000-01-01', '20000-01-01', '1958-02-30', '1958-02-29', '2000-02-29', '9999-12-31', '1900-01-01', '1899-12-31', '-0001-01-01', '1958-4-15', '04-15-1958', '1958-04-15T00:00:00Z',
  '123-45-6789', '123456789', '000-00-0000', '666-12-3456', '99999', 'DEMO100', 'demo100', 'DEMO200',
);
const str = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), nasty);
/** A date-shaped string with any year, month and day, most of them impossible. */
const dateish = fc
  .tuple(fc.integer({ min: 0, max: 99999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
  .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
const value: fc.Arbitrary<unknown> = fc.oneof({ weight: 3, arbitrary: str }, { weight: 1, arbitrary: dateish }, { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) });

/** Percent-encodes any string, lone surrogates included (as UTF-8 does: U+FFFD), unlike encodeURIComponent. */
const pct = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`)).join('');

/** Whether YYYY-MM-DD names a day that exists (year 1 to 9999). */
function isRealDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m || +m[1] < 1) return false;
  const d = new Date(Date.UTC(2000, +m[2] - 1, +m[3]));
  d.setUTCFullYear(+m[1]);
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** A valid body with some fields replaced, removed or added. */
const mutate = (base: Record<string, unknown>, values: fc.Arbitrary<unknown> = value) =>
  fc
    .tuple(fc.dictionary(fc.constantFrom(...Object.keys(base), 'extra', '__proto__', 'constructor'), values, { maxKeys: 3 }), fc.subarray(Object.keys(base), { maxLength: Math.min(2, Object.keys(base).length) }))
    .map(([patch, removed]) => {
      const body: Record<string, unknown> = { ...base };
      for (const k of removed) delete body[k];
      for (const [k, v] of Object.entries(patch)) Object.defineProperty(body, k, { value: v, enumerable: true, writable: true, configurable: true });
      return body;
    });

/** Every string in the input long enough to be recognised if an error answer repeated it. */
function leaves(input: unknown, out: string[] = []): string[] {
  if (typeof input === 'string') {
    if (input.trim().length >= 8) out.push(input);
  } else if (Array.isArray(input)) input.forEach((v) => leaves(v, out));
  else if (input && typeof input === 'object') Object.values(input).forEach((v) => leaves(v, out));
  return out;
}

interface Tally {
  requests: number;
  accepted: number;
}

function check(res: LightMyRequestResponse, input: unknown, what: string) {
  expect(res.statusCode, `${what} answered ${res.statusCode}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = res.json() as { message?: unknown };
    expect(typeof body.message, what).toBe('string');
    for (const leaf of leaves(input)) {
      expect(res.body.includes(leaf), `${what} echoed ${JSON.stringify(leaf)}`).toBe(false);
      expect(res.body.includes(JSON.stringify(leaf).slice(1, -1)), `${what} echoed ${JSON.stringify(leaf)}`).toBe(false);
    }
  }
}

const jane = { firstName: 'Jane', middleName: 'A', lastName: 'Sample', dateOfBirth: '1958-04-15', addrLine1: '601 E St NW', city: 'Washington', state: 'DC', zip: '20049', memberId: '1234567890' };

/** Values that break one field of a valid enrollment, whatever else the schema may come to allow. */
function invalidFor(key: string, sample: unknown): fc.Arbitrary<unknown> {
  const wrongType =
    typeof sample === 'string' ? fc.oneof(fc.integer(), fc.constant(null), fc.boolean(), fc.array(fc.string(), { maxLength: 2 }), fc.constant({}))
    : typeof sample === 'boolean' ? fc.oneof(fc.string(), fc.integer(), fc.constant(null))
    : fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }));
  const semantic: Record<string, fc.Arbitrary<unknown>> = {
    // Days that do not exist, dates under 18 years ago, and ages past 120 (real calendar days all the same).
    dob: fc.oneof(
      dateish.filter((d) => !isRealDay(d)),
      fc.constantFrom('20000-01-01', '1958-02-30', '1958-13-01', '1958-00-10', '2999-01-01', '1958-4-15', new Date().toISOString().slice(0, 10), '1800-01-01', '1715-06-23', '1900-01-01'),
    ),
    // SSNs never issued: one digit repeated, area 000, 666 or 9xx, group 00, serial 0000.
    ssn: fc.oneof(fc.string({ maxLength: 8 }), fc.stringMatching(/^\d{10,12}$/), fc.constantFrom('111111111', '12345678a', '123-45-678', '000456789', '666456789', '912456789', '123006789', '123450000')),
    // Only spaces or punctuation, too long, digits, markup, NUL.
    firstName: fc.oneof(fc.constant(''), fc.string({ minLength: 19, maxLength: 40 }), fc.constantFrom('R0b3rt', '<b>', 'a\u0000b', '   ', ' - ', '--')),
    lastName: fc.oneof(fc.constant(''), fc.string({ minLength: 19, maxLength: 40 }), fc.constantFrom('Doe1', 'D\u0000e', '  ', '-')),
    email: fc.constantFrom('not-an-email', '@example.com', 'a@b', `${'a'.repeat(60)}@example.com`),
    homePhone: fc.constantFrom('0123456789', '12345', 'abcdefghij', '20255501431'),
    // HDHP effective dates outside the schema's window (12 months either side of today), and days that do not exist.
    group: fc.constantFrom({}, { id: '' }, { ...enrollment().group, effectiveDate: '2026-02-30' }, { ...enrollment().group, effectiveDate: '1900-01-01' }, { ...enrollment().group, effectiveDate: '9999-01-01' }, { ...enrollment().group, id: 'x'.repeat(10) }, { ...enrollment().group, coverage: 'X' }, { ...enrollment().group, extra: 1 }),
    homeAddress: fc.constantFrom({}, { ...enrollment().homeAddress, zip: 'abcde' }, { ...enrollment().homeAddress, line1: 'x'.repeat(31) }, { ...enrollment().homeAddress, line1: '   ' }, { ...enrollment().homeAddress, city: ' - ' }),
  };
  return semantic[key] ? fc.oneof(wrongType, semantic[key]) : wrongType;
}

describe.each(databases)('no 500 from bad input, on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let client: Client;
  const tally: Tally = { requests: 0, accepted: 0 };
  let storedBefore = 0;

  const count = async () => Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM enrollments')).rows[0].n);

  beforeAll(async () => {
    ({ db, drop } = await database.open());
    ({ app } = await makeApp(db, { rateLimits: LIFTED, config: { logLevel: 'silent' } }));
    client = await new Client(app).verified();
    storedBefore = await count();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const property = <T>(arb: fc.Arbitrary<T>, n: number, send: (input: T) => Promise<void>) => fc.assert(fc.asyncProperty(arb, send), { numRuns: runs(n) });

  it('employer lookup: any id', async () => {
    await property(str, 1200, async (id) => {
      const res = await client.get(`/api/v1/employer/${pct(id)}`);
      tally.requests++;
      check(res, id, 'lookup');
      expect([200, 400, 404, 414]).toContain(res.statusCode);
    });
  });

  it('fee page: any group and second segment', async () => {
    await property(fc.tuple(str, fc.option(str)), 600, async ([group, second]) => {
      const res = await client.get(`/feeschedule/${pct(group)}${second === null ? '' : `/${pct(second)}`}`);
      tally.requests++;
      expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
      for (const leaf of leaves([group, second])) expect(res.body.includes(leaf), `fee page echoed ${JSON.stringify(leaf)}`).toBe(false);
    });
  });

  it('SSN check: any body', async () => {
    await property(fc.oneof(value, fc.record({ ssn: value }), mutate({ ssn: '123-45-6789' })), 1500, async (body) => {
      const res = await client.post('/api/v1/enrollment/verify-ssn', body === undefined ? 'null' : JSON.stringify(body));
      tally.requests++;
      check(res, body, 'verify-ssn');
      if (res.statusCode === 200) expect(typeof res.json()).toBe('boolean');
    });
  });

  it.each([
    ['dateOfBirth', '0000-01-01'],
    ['dateOfBirth', '20000-01-01'],
    ['dateOfBirth', '1958-02-30'],
    ['dateOfBirth', '1899-12-31'],
    ['firstName', 'Ja\u0000ne'],
    ['city', 'Wash\u0000'],
  ])('membership check refuses %s %j with a 400 before the database sees it', async (field, bad) => {
    const res = await client.post('/api/v1/enrollment/verify-aarp', { ...jane, [field]: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request is not valid.');
    expect(res.body).not.toContain(bad);
  });

  it('membership check: any body, any date of birth', async () => {
    const bodies = fc.oneof(
      { weight: 1, arbitrary: value },
      { weight: 3, arbitrary: mutate(jane) },
      { weight: 3, arbitrary: fc.oneof(dateish, str).map((dateOfBirth) => ({ ...jane, dateOfBirth })) },
      { weight: 2, arbitrary: fc.record({ firstName: str, lastName: str, addrLine1: str, city: str, state: str }).map((patch) => ({ ...jane, ...patch })) },
    );
    await property(bodies, 2500, async (body) => {
      const res = await client.post('/api/v1/enrollment/verify-aarp', body === undefined ? 'null' : JSON.stringify(body));
      tally.requests++;
      check(res, body, 'verify-aarp');
      if (res.statusCode === 200) expect(typeof res.json()).toBe('boolean');
    });
  });

  it('captcha: any solution', async () => {
    const challenge = (await client.get('/api/v1/enrollment/captcha-challenge')).json();
    const forged = fc
      .record({ challenge: fc.oneof(fc.constant(challenge), mutate(challenge), value), solution: fc.oneof(value, fc.record({ counter: fc.integer(), derivedKey: fc.string() })) }, { requiredKeys: [] })
      .map((p) => Buffer.from(JSON.stringify(p)).toString('base64'));
    const captchas = fc.oneof(str, value, forged, value.map((v) => Buffer.from(JSON.stringify(v ?? null)).toString('base64')));
    await property(fc.oneof(fc.record({ captcha: captchas }), mutate({ captcha: 'e30=' })), 1000, async (body) => {
      const res = await client.post('/api/v1/enrollment/submitCaptcha', JSON.stringify(body));
      tally.requests++;
      check(res, body, 'submitCaptcha');
      if (res.statusCode === 200) expect(res.json()).toBe(false);
    });
  });

  it('enroll: a valid enrollment with one field broken is refused and stores nothing', async () => {
    const base = enrollment() as Record<string, unknown>;
    const broken = fc.constantFrom(...Object.keys(base)).chain((key) => invalidFor(key, base[key]).map((v) => ({ ...base, ssn: base.ssn, [key]: v })));
    let n = 0;
    await property(broken, 1500, async (body) => {
      const before = await count();
      const res = await client.enroll(body, `fuzz-broken-${n++}-00000000`);
      tally.requests++;
      check(res, body, 'enroll (broken)');
      expect(res.statusCode, `stored an invalid enrollment: ${res.body}`).not.toBe(200);
      expect(await count()).toBe(before);
    });
  });

  it('enroll: any body at all', async () => {
    const base = enrollment() as Record<string, unknown>;
    let n = 0;
    await property(fc.oneof(value, mutate(base), fc.record(Object.fromEntries(Object.keys(base).map((k) => [k, value])), { requiredKeys: [] })), 1500, async (body) => {
      const res = await client.enroll(body ?? null, `fuzz-any-${n++}-000000000000`);
      tally.requests++;
      check(res, body, 'enroll (any)');
      if (res.statusCode === 200) tally.accepted++;
    });
  });

  it('enroll: a value another field must match (sameText) that is an object or array answers 400, not 500', async () => {
    const base = enrollment() as Record<string, unknown>;
    const odd: unknown[] = [{ toString: '' }, [{ toString: '' }], { valueOf: 1 }, ['Pat']];
    for (const [n, v] of odd.entries()) {
      for (const body of [{ email: v, remail: '' }, { ...base, email: v }, { ...base, firstName: v }]) {
        const res = await client.enroll(body, `fuzz-same-${n}-${JSON.stringify(Object.keys(body)).length}-00000000`);
        check(res, body, 'enroll (sameText)');
        expect(res.statusCode).toBe(400);
      }
    }
  });

  it('any method, path and body under the API', async () => {
    const paths = ['/api/v1/employer/DEMO100', '/api/v1/enrollment/csrf-token', '/api/v1/enrollment/captcha-challenge', '/api/v1/enrollment/verify-ssn', '/api/v1/enrollment/verify-aarp', '/api/v1/enrollment/submitCaptcha', '/api/v1/enrollment/enroll', '/feeschedule', '/readyz', '/healthz'];
    const requests = fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
      path: fc.constantFrom(...paths),
      suffix: fc.oneof(fc.constant(''), str.map((s) => `/${pct(s)}`), str.map((s) => `?q=${pct(s)}`)),
      type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', ''),
      body: fc.oneof(str, value.map((v) => JSON.stringify(v) ?? 'null')),
    });
    await property(requests, 1000, async ({ method, path, suffix, type, body }) => {
      const withBody = !['GET', 'HEAD', 'OPTIONS'].includes(method);
      const res = await app.inject({
        method: method as 'GET',
        url: `${path}${suffix}`,
        headers: { cookie: client.cookieHeader, 'x-csrf-token': client.token, ...(withBody && type ? { 'content-type': type } : {}) },
        ...(withBody ? { payload: body } : {}),
      });
      tally.requests++;
      expect(res.statusCode, `${method} ${path}${suffix}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    });
  });

  it('in all: at least 10,000 requests, and only accepted enrollments stored', async () => {
    if (SCALE >= 1) expect(tally.requests).toBeGreaterThanOrEqual(10_000);
    expect(await count()).toBe(storedBefore + tally.accepted);
  });
});
