// @vitest-environment node
/** Edges an attacker probes on the wire: spellings of API paths, the framework's own errors, headers on every
 *  answer, and what the log keeps of a URL. Raw HTTP on a listening server, so paths arrive byte for byte. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/index';
import { Client, databases, enrollment, makeApp, rawRequest } from './harness';

const STATE_CHANGING = ['/api/v1/enrollment/verify-ssn', '/api/v1/enrollment/verify-aarp', '/api/v1/enrollment/submitCaptcha', '/api/v1/enrollment/enroll'];

/** Spellings of one API path that a router or a proxy might take for it. */
function variants(path: string): string[] {
  const rest = path.slice('/api/'.length);
  const last = path.lastIndexOf('/');
  return [
    `/%61pi/${rest}`,
    `/%61%70%69/${rest}`,
    `/%41PI/${rest}`,
    `/API/${rest}`,
    `/Api/${rest.toUpperCase()}`,
    `/api%2F${rest}`,
    `/api%2f${rest.replace(/\//g, '%2f')}`,
    `/%2561pi/${rest}`,
    `//api/${rest}`,
    `/api//${rest}`,
    `${path}/`,
    `/api/./${rest}`,
    `/api/x/../${rest}`,
    `/x/../api/${rest}`,
    `/api\\${rest}`,
    `${path.slice(0, last + 1)}%${path.charCodeAt(last + 1).toString(16)}${path.slice(last + 2)}`,
    `${path};x=1`,
    `${path}?x=1`,
    `${path}#x`,
  ];
}

const SECURITY_HEADERS = ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy'];

function expectOurHeaders(res: { headers: Record<string, string | string[] | undefined> }) {
  for (const h of SECURITY_HEADERS) expect(res.headers[h], h).toBeTruthy();
  expect(res.headers['cache-control']).toBe('no-store');
}

describe.each(databases)('edges on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let base: string;
  let logs: () => string;

  beforeAll(async () => {
    ({ db, drop } = await database.open());
    const made = await makeApp(db, { config: { logLevel: 'info' } });
    app = made.app;
    logs = made.logs.text;
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const count = async () => Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM enrollments')).rows[0].n);

  describe('CSRF and no-store on every spelling of a state-changing path', () => {
    it.each(STATE_CHANGING)('no spelling of %s reaches its handler without the token', async (path) => {
      // A captcha-verified session with its cookies (CSRF secret and captcha grant), but no token: only CSRF stands.
      const client = await new Client(app).verified();
      const before = await count();
      const body = JSON.stringify(path.endsWith('enroll') ? enrollment() : path.endsWith('verify-ssn') ? { ssn: '123-45-6789' } : path.endsWith('submitCaptcha') ? { captcha: await client.solveCaptcha() } : { firstName: 'Jane', lastName: 'Sample', dateOfBirth: '1958-04-15', addrLine1: '1 A St', city: 'Town', state: 'DC', zip: '20049' });
      let n = 0;
      for (const spelling of variants(path)) {
        for (const cookie of [client.cookieHeader, '']) {
          const res = await rawRequest(base, 'POST', spelling, { 'content-type': 'application/json', cookie, 'idempotency-key': `csrf-variant-${n++}-000000000000` }, body);
          expect([400, 403, 404], `${spelling} ${cookie ? 'with' : 'without'} cookies: ${res.status}`).toContain(res.status);
          expect(res.headers['cache-control'], spelling).toBe('no-store');
          expect(typeof JSON.parse(res.body).message).toBe('string');
        }
      }
      expect(await count()).toBe(before);
    });

    it('the genuine path with the token still works, so the refusals above are CSRF and routing', async () => {
      const client = await new Client(app).start();
      const res = await rawRequest(base, 'POST', '/%61pi/v1/enrollment/verify-ssn', { 'content-type': 'application/json', cookie: client.cookieHeader, 'x-csrf-token': client.token }, '{"ssn":"123-45-6789"}');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it.each(['/api/v1/employer/DEMO100', '/%61pi/v1/employer/DEMO100', '/api/v1/enrollment/csrf-token', '/%61pi/v1/enrollment/captcha-challenge', '/API/v1/employer/DEMO100', '/api/v1/nothing'])('GET %s is not cached', async (path) => {
      const res = await rawRequest(base, 'GET', path);
      expectOurHeaders(res);
    });
  });

  describe("the framework's own errors, in our words", () => {
    const hostile = '<script>alert(1)</script>';
    it.each([
      ['a malformed escape', 'GET', '/api/v1/employer/%ff', 400],
      ['a malformed escape in a page', 'GET', '/feeschedule/%ff%3Cscript%3E', 400],
      ['a malformed escape in a POST', 'POST', '/api/v1/enrollment/verify-ssn%E0%A4%A', 400],
      ['a parameter past its length', 'GET', `/api/v1/employer/${'A'.repeat(150)}${encodeURIComponent(hostile)}`, 414],
      ['a page parameter past its length', 'GET', `/feeschedule/${'B'.repeat(150)}${encodeURIComponent(hostile)}`, 414],
      ['an id with a script', 'GET', `/api/v1/employer/${encodeURIComponent(hostile)}`, 400],
      ['an unknown API path with a script', 'GET', `/api/v1/${encodeURIComponent(hostile)}`, 404],
      ['an unknown encoded API path', 'GET', `/%61pi/v1/nothing${encodeURIComponent(hostile)}`, 404],
    ])('%s: JSON {message}, no echo, no framework code, our headers', async (_what, method, path, status) => {
      const res = await rawRequest(base, method, path, method === 'POST' ? { 'content-type': 'application/json' } : {}, method === 'POST' ? '{}' : undefined);
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(res.body);
      expect(Object.keys(body).filter((k) => k !== 'errors')).toEqual(['message']);
      for (const echo of ['script', 'alert', '%ff', '\ufffd', 'AAAAAAAAAA', 'BBBBBBBBBB', 'FST_', 'statusCode', 'Bad Request', 'url component', 'max param']) expect(res.body).not.toContain(echo);
      expectOurHeaders(res);
    });

    it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', `application/${'x'.repeat(300)}<script>`])('a body of type %s: 415 in our words', async (type) => {
      const client = await new Client(app).start();
      const res = await rawRequest(base, 'POST', '/api/v1/enrollment/verify-ssn', { 'content-type': type, cookie: client.cookieHeader, 'x-csrf-token': client.token }, 'ssn=123-45-6789');
      expect(res.status).toBe(415);
      expect(JSON.parse(res.body)).toEqual({ message: 'Send JSON.' });
      expect(res.body).not.toMatch(/script|xxxx|123-45-6789|FST_/);
      expectOurHeaders(res);
    });

    it('malformed JSON with a script in it: 400, no echo', async () => {
      const client = await new Client(app).start();
      const res = await rawRequest(base, 'POST', '/api/v1/enrollment/verify-ssn', { 'content-type': 'application/json', cookie: client.cookieHeader, 'x-csrf-token': client.token }, '{"ssn": <script>alert(1)</script>');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ message: 'The request body is not valid JSON.' });
      expect(res.body).not.toMatch(/script|alert|position|Unexpected/);
      expectOurHeaders(res);
    });
  });

  describe('Permissions-Policy', () => {
    it.each(['/enrollment', '/api/v1/employer/DEMO100', '/no/such/page', '/api/v1/employer/%ff', '/feeschedule/DEMO100'])('%s denies what the site does not use', async (path) => {
      const policy = String((await rawRequest(base, 'GET', path)).headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(policy).toContain(`${feature}=()`);
    });
    it('the vetting page alone may use the camera, for its own origin', async () => {
      const policy = String((await rawRequest(base, 'GET', '/vetting/standard')).headers['permissions-policy']);
      expect(policy).toContain('camera=(self)');
      expect(policy).toContain('microphone=()');
    });
  });

  describe('logs', () => {
    it('record the route and the path, never the query string', async () => {
      await rawRequest(base, 'GET', '/api/v1/employer/DEMO100?ssn=123-45-6789&dob=1958-04-15');
      await rawRequest(base, 'GET', '/feeschedule/DEMO100?ssn=987654321');
      const text = logs();
      const lines = text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { req?: { route?: string; path?: string } });
      expect(lines.some((l) => l.req?.route === '/api/v1/employer/:id' && l.req.path === '/api/v1/employer/DEMO100')).toBe(true);
      expect(lines.some((l) => l.req?.route === '/feeschedule/:group' && l.req.path === '/feeschedule/DEMO100')).toBe(true);
      for (const secret of ['?ssn', 'ssn=', '123-45-6789', '987654321', '1958-04-15', 'dob=']) expect(text).not.toContain(secret);
    });
  });
});
