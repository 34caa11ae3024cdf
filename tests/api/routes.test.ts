// @vitest-environment node
/** Every route and every error path of the API, on PGlite and (with DATABASE_URL) PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/index';
import { dataProtection } from '../../src/server/crypto';
import { Client, databases, DUPLICATE, enrollment, makeApp } from './harness';

describe.each(databases)('API on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let key: Buffer;

  beforeAll(async () => {
    ({ db, drop } = await database.open());
    const made = await makeApp(db);
    app = made.app;
    key = made.config.dataKey;
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const count = async () => Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM enrollments')).rows[0].n);

  describe('CSRF', () => {
    it('gives a token and a signed, http-only, same-site cookie', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/v1/enrollment/csrf-token' });
      expect(res.statusCode).toBe(200);
      expect(typeof res.json().token).toBe('string');
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
    });

    it.each(['/api/v1/enrollment/verify-ssn', '/api/v1/enrollment/verify-aarp', '/api/v1/enrollment/submitCaptcha', '/api/v1/enrollment/enroll'])(
      'refuses a POST to %s without a valid token (403)',
      async (url) => {
        const none = await app.inject({ method: 'POST', url, payload: { ssn: '123-45-6789' } });
        expect(none.statusCode).toBe(403);
        expect(typeof none.json().message).toBe('string');
        const client = await new Client(app).start();
        client.token = 'forged';
        const wrong = await client.post(url, { ssn: '123-45-6789' });
        expect(wrong.statusCode).toBe(403);
      },
    );
  });

  describe('employer lookup', () => {
    it.each([
      ['DEMO100', { name: 'Demo Employer Inc.', employerStatus: 'active' }],
      ['demo100', { name: 'Demo Employer Inc.', employerStatus: 'active' }],
      ['DEMO200', { name: 'Former Employer LLC', employerStatus: 'inactive' }],
    ])('%s -> 200', async (id, body) => {
      const res = await app.inject({ method: 'GET', url: `/api/v1/employer/${id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(body);
    });

    it('unknown -> 404 Employer not found', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/v1/employer/NOPE1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Employer not found' });
    });

    it.each(['%3Cscript%3E', 'ABCDEFGHIJ', '%00', 'A%20B', "1'%20OR%201=1"])('bad id %s -> 400', async (id) => {
      const res = await app.inject({ method: 'GET', url: `/api/v1/employer/${id}` });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
      expect(res.body).not.toMatch(/at .*\.(js|ts):\d+/);
    });
  });

  describe('SSN check', () => {
    it('answers true for a new SSN, false once enrolled; never puts the SSN in the URL', async () => {
      const client = await new Client(app).verified();
      const body = enrollment({}, 4321);
      expect((await client.post('/api/v1/enrollment/verify-ssn', { ssn: '123-45-4321' })).json()).toBe(true);
      expect((await client.enroll(body)).body).toBe('success');
      expect((await client.post('/api/v1/enrollment/verify-ssn', { ssn: '123-45-4321' })).json()).toBe(false);
      expect((await client.post('/api/v1/enrollment/verify-ssn', { ssn: '123454321' })).json()).toBe(false);
    });

    it.each([[{}], [{ ssn: '12345' }], [{ ssn: 123456789 }], [{ ssn: '123-45-6789', extra: 1 }], [[]]])('bad body %j -> 400', async (body) => {
      const client = await new Client(app).start();
      const res = await client.post('/api/v1/enrollment/verify-ssn', body);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    });
  });

  describe('membership check', () => {
    const jane = { firstName: 'Jane', middleName: 'A', lastName: 'Sample', dateOfBirth: '1958-04-15', addrLine1: '601 E St NW', city: 'Washington', state: 'DC', zip: '20049' };
    it.each([
      [jane, true],
      [{ ...jane, memberId: '1234567890' }, true],
      // The middle initial is optional (spec section 5): the page sends it empty when none was typed.
      [{ ...jane, middleName: '', memberId: '1234567890' }, true],
      [{ ...jane, firstName: 'JANE', lastName: 'sample' }, true],
      [{ ...jane, memberId: '1234567891' }, false],
      [{ ...jane, dateOfBirth: '1958-04-16' }, false],
      [{ ...jane, lastName: 'Other' }, false],
    ])('%j -> %s', async (body, expected) => {
      const client = await new Client(app).start();
      const res = await client.post('/api/v1/enrollment/verify-aarp', body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(expected);
    });
    it.each([[{ ...jane, zip: 'abc' }], [{ ...jane, dateOfBirth: '04-15-1958' }], [{ ...jane, extra: true }], [{ firstName: 'Jane' }]])('bad body -> 400', async (body) => {
      const client = await new Client(app).start();
      expect((await client.post('/api/v1/enrollment/verify-aarp', body)).statusCode).toBe(400);
    });
  });

  describe('captcha', () => {
    it('verifies a solution once and refuses its replay', async () => {
      const client = await new Client(app).start();
      const captcha = await client.solveCaptcha();
      const first = await client.post('/api/v1/enrollment/submitCaptcha', { captcha });
      expect(first.json()).toBe(true);
      expect(String(first.headers['set-cookie'])).toContain('hsa_captcha=');
      expect((await client.post('/api/v1/enrollment/submitCaptcha', { captcha })).json()).toBe(false);
    });
    it.each(['garbage', Buffer.from('{"challenge":1}').toString('base64'), 'e30='])('answers false for %s', async (captcha) => {
      const client = await new Client(app).start();
      const res = await client.post('/api/v1/enrollment/submitCaptcha', { captcha });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(false);
    });
  });

  describe('enroll', () => {
    it('needs a captcha-verified session', async () => {
      const client = await new Client(app).start();
      const res = await client.enroll(enrollment());
      expect(res.statusCode).toBe(403);
    });

    it('needs an Idempotency-Key', async () => {
      const client = await new Client(app).verified();
      const res = await client.post('/api/v1/enrollment/enroll', enrollment());
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Idempotency-Key/);
    });

    it('stores a valid enrollment once, encrypted, and answers success as text', async () => {
      const client = await new Client(app).verified();
      const before = await count();
      const body = enrollment({}, 5555);
      const res = await client.enroll(body, 'first-key-0000000000');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('success');
      const again = await client.enroll(body, 'first-key-0000000000');
      expect(again.body).toBe('success');
      expect(await count()).toBe(before + 1);
      const { rows } = await db.query<{ payload_enc: string }>('SELECT payload_enc FROM enrollments ORDER BY id DESC LIMIT 1');
      // Looked for in the sealed bytes, not in their base64, where three letters turn up by chance now and then.
      const sealed = Buffer.concat(rows[0].payload_enc.split('.').slice(1).map((part) => Buffer.from(part, 'base64')));
      expect(sealed.includes('123455555')).toBe(false);
      expect(sealed.includes('Doe')).toBe(false);
      expect(JSON.parse(dataProtection(key).decrypt(rows[0].payload_enc))).toMatchObject({ ssn: '123455555', lastName: 'Doe' });
    });

    it('refuses the same key with a different enrollment (422)', async () => {
      const client = await new Client(app).verified();
      await client.enroll(enrollment(), 'reused-key-000000000');
      const res = await client.enroll(enrollment(), 'reused-key-000000000');
      expect(res.statusCode).toBe(422);
    });

    it('answers 409 with the duplicate-account message for an SSN already enrolled', async () => {
      const client = await new Client(app).verified();
      expect((await client.enroll(enrollment({}, 6001))).body).toBe('success');
      await client.grant();
      const res = await client.enroll(enrollment({}, 6001));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: DUPLICATE });
    });

    it('follows the sandbox identity provider: 9999 partial, 9998 502', async () => {
      const client = await new Client(app).verified();
      expect((await client.enroll(enrollment({}, 9999))).body).toBe('partial');
      await client.grant();
      const failed = await client.enroll(enrollment({ ssn: '223459998' }));
      expect(failed.statusCode).toBe(502);
      expect(typeof failed.json().message).toBe('string');
    });

    it('stores one row for two concurrent identical requests, and one for two keys with one SSN', async () => {
      const client = await new Client(app).verified();
      const before = await count();
      const body = enrollment({}, 7001);
      const twins = await Promise.all([client.enroll(body, 'twin-key-00000000000'), client.enroll(body, 'twin-key-00000000000')]);
      expect(twins.map((r) => r.body)).toEqual(['success', 'success']);
      // Two sessions (a captcha grant admits one enrollment), one SSN.
      const [a, b] = await Promise.all([new Client(app).verified(), new Client(app).verified()]);
      const rivals = await Promise.all([a.enroll(enrollment({}, 7002), 'rival-a-000000000000'), b.enroll(enrollment({}, 7002), 'rival-b-000000000000')]);
      expect(rivals.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await count()).toBe(before + 2);
    });

    it('answers 400 with the schema messages, without echoing the values', async () => {
      const client = await new Client(app).verified();
      const res = await client.enroll(enrollment({ ssn: '111111111', firstName: 'R0b3rt', tos: { ...enrollment().tos, firstName: 'Someone' } }));
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { path: '/ssn', message: 'Please enter a valid SSN.' },
          { path: '/firstName', message: 'Please enter a valid Name.' },
          { path: '/tos/firstName', message: "Must match applicant's First Name." },
        ]),
      );
      expect(res.body).not.toContain('111111111');
      expect(res.body).not.toContain('R0b3rt');
    });

    it.each([
      ['malformed JSON', '{"firstName":', 400],
      ['an array', '[]', 400],
      ['extra fields', JSON.stringify({ ...enrollment(), admin: true }), 400],
      ['wrong types', JSON.stringify({ ...enrollment(), individualEnrollment: 'yes' }), 400],
      ['an oversized body', JSON.stringify({ ...enrollment(), pad: 'x'.repeat(40_000) }), 413],
    ])('refuses %s with a message and stores nothing', async (_what, raw, status) => {
      const client = await new Client(app).verified();
      const before = await count();
      const res = await client.post('/api/v1/enrollment/enroll', raw, { 'idempotency-key': `bad-${status}-${raw.length}-0000000000` });
      expect(res.statusCode).toBe(status);
      expect(typeof res.json().message).toBe('string');
      expect(await count()).toBe(before);
    });
  });

  describe('pages and headers', () => {
    it('redirects / to /enrollment', async () => {
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/enrollment');
    });
    it('answers unknown pages with 404 HTML and unknown API paths with 404 JSON', async () => {
      const page = await app.inject({ method: 'GET', url: '/no/such/page' });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      const api = await app.inject({ method: 'GET', url: '/api/v1/nothing' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toHaveProperty('message');
    });
    it("serves nothing of the analysts' studio (issue 24): its pages, code and API are the studio's own server's", async () => {
      for (const url of ['/src/studio/app/index.html', '/src/studio/app/main.tsx', '/studio-api/overview', '/studio-api/save', '/src/studio/server.ts']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('Studio');
      }
      expect((await app.inject({ method: 'POST', url: '/studio-api/save', payload: {} })).statusCode).toBeGreaterThanOrEqual(400);
    });
    it("shows the host's partner's own fees at /feeschedule with no group in the address", async () => {
      const partner = await app.inject({ method: 'GET', url: '/feeschedule', headers: { host: 'aarp.localhost' } });
      expect(partner.statusCode).toBe(200);
      // The partner's group's monthly fee (AARP01: $2.75), not the standard one (999999: $3.95).
      expect(partner.body).toContain('2.75');
      expect(partner.body).not.toContain('3.95');
      const standard = await app.inject({ method: 'GET', url: '/feeschedule' });
      expect(standard.body).toContain('3.95');
    });
    it("answers an address under /enrollment that is no step of the host's partner with 404, and each step with 200", async () => {
      for (const url of ['/enrollment/nothing', '/enrollment/accountholder/extra', '/enrollment/thankyou2']) expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      for (const url of ['/enrollment/accountholder', '/enrollment/additionalcardholder', '/enrollment/verify', '/enrollment/terms', '/enrollment/thankyou?lang=es']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
      }
      // A partner with its own step list is judged by its own routes.
      expect((await app.inject({ method: 'GET', url: '/enrollment/about-you', headers: { host: 'renamed.localhost' } })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/enrollment/accountholder', headers: { host: 'renamed.localhost' } })).statusCode).toBe(404);
    });
    it('sends a strict CSP, HSTS and no-store on the API', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/v1/employer/DEMO100' });
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '))!;
      expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
      for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(d);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['cache-control']).toBe('no-store');
    });
    it('reports health and readiness', async () => {
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    });
    it("writes the settings of the host's variant into the page, the only ones its script reads", async () => {
      const written = async (host: string) => {
        const html = (await app.inject({ method: 'GET', url: '/enrollment', headers: { host } })).body;
        return JSON.parse(/<script type="application\/json" id="hsa-variant">(.*?)<\/script>/.exec(html)![1]) as Record<string, unknown>;
      };
      expect(await written('localhost')).toMatchObject({ id: 'standard', fallback: true });
      expect(await written('hsa.aarp.localhost')).toMatchObject({ id: 'aarp', brand: { partnerName: 'AARP' }, flags: { csrMode: true } });
    });
    it('writes the fee data of a known group into the root element, escaped', async () => {
      const res = await app.inject({ method: 'GET', url: '/feeschedule/DEMO100' });
      expect(res.body).toMatch(/<div id="root" data-fees="\{&quot;isAARP&quot;:false/);
      const hostile = await app.inject({ method: 'GET', url: `/feeschedule/${encodeURIComponent('"><script>alert(1)</script>')}` });
      expect(hostile.body).not.toContain('data-fees');
      expect(hostile.body).not.toContain('<script>alert');
    });
  });
});
