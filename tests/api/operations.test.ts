// @vitest-environment node
/** Maintenance, an unreachable database, rate limits, logs free of personal data, and hostile input at random. */
import { get } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { openPostgres } from '../../src/server/db/index';
import { openDatabase } from '../../src/server/database';
import { startServer, TEST_DATA_KEY } from '../../src/server/testing';
import { Client, enrollment, makeApp } from './harness';

const UNAVAILABLE = 'Our enrollment application is currently unavailable, please try at a later time.';

describe('operations', () => {
  it('in maintenance mode sends pages to /splash and answers the API with 503', async () => {
    const db = await openDatabase({ dataDir: 'data/test', dataKey: TEST_DATA_KEY }, { inMemory: true });
    const { app } = await makeApp(db, { config: { maintenance: true } });
    const page = await app.inject({ method: 'GET', url: '/enrollment/accountholder' });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/splash');
    expect((await app.inject({ method: 'GET', url: '/splash' })).statusCode).toBe(200);
    // Every spelling of the splash page's address comes to it, and the language asked for is kept.
    for (const url of ['/SPLASH', '/splash/', '/Splash?lang=es']) {
      const other = await app.inject({ method: 'GET', url });
      expect(other.statusCode, url).toBe(302);
      expect(other.headers.location, url).toBe(url.endsWith('lang=es') ? '/splash?lang=es' : '/splash');
    }
    // Sent as it is over a socket (an injected request's address is resolved first).
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const dotted = await new Promise<{ status?: number; location?: string }>((resolve, reject) =>
      get({ host: '127.0.0.1', port: new URL(address).port, path: '/%2e%2e/splash' }, (res) => (res.resume(), resolve({ status: res.statusCode, location: res.headers.location }))).on('error', reject),
    );
    expect(dotted).toEqual({ status: 302, location: '/splash' });
    expect((await app.inject({ method: 'GET', url: '/enrollment/accountholder?lang=es' })).headers.location).toBe('/splash?lang=es');
    expect((await app.inject({ method: 'GET', url: '/enrollment?lang=//evil.example' })).headers.location).toBe('/splash');
    const spanish = await app.inject({ method: 'GET', url: '/splash?lang=es' });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.body).toContain('lang="es"');
    const api = await app.inject({ method: 'GET', url: '/api/v1/employer/DEMO100' });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toEqual({ message: UNAVAILABLE });
    await app.close();
    await db.close();
  });

  it('answers 503 quickly when the database is unreachable, and /readyz says so', async () => {
    const db = await openPostgres('postgres://nobody@127.0.0.1:1/none');
    const { app } = await makeApp(db);
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/v1/employer/DEMO100' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: UNAVAILABLE });
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    await app.close();
    await db.close();
  });

  it('limits lookups and enrollments per client (429)', async () => {
    const db = await openDatabase({ dataDir: 'data/test', dataKey: TEST_DATA_KEY }, { inMemory: true });
    const { app } = await makeApp(db, { rateLimits: [3, 2, 1] });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await app.inject({ method: 'GET', url: '/api/v1/employer/DEMO100' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    await app.close();
    await db.close();
  });

  it('logs no SSN, date of birth, name or e-mail over a whole journey on a live server', async () => {
    const server = await startServer({ config: { logLevel: 'debug' } });
    try {
      const base = server.url;
      const csrf = await fetch(`${base}/api/v1/enrollment/csrf-token`);
      const token = ((await csrf.json()) as { token: string }).token;
      const cookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie, ...headers }, body: JSON.stringify(body) });
      await post('/api/v1/enrollment/verify-ssn', { ssn: '321-54-9876' });
      await post('/api/v1/enrollment/verify-aarp', { firstName: 'Zelda', lastName: 'Quixote', dateOfBirth: '1961-07-08', addrLine1: '9 Elm St', city: 'Town', state: 'VA', zip: '22150' });
      await post('/api/v1/enrollment/enroll', enrollment({ ssn: '321549876', firstName: 'Zelda', lastName: 'Quixote', email: 'zelda.q@example.com', remail: 'zelda.q@example.com' }), { 'idempotency-key': 'log-test-00000000000' });
      const logs = server.logs();
      expect(logs).toContain('/api/v1/enrollment/enroll');
      for (const secret of ['321549876', '321-54-9876', '1961-07-08', 'Zelda', 'Quixote', 'zelda.q@example.com', token]) expect(logs).not.toContain(secret);
    } finally {
      await server.close();
    }
  });
  it("answers what the HTTP parser refuses in our words, and logs it by code alone, even at trace", async () => {
    const server = await startServer({ config: { logLevel: 'trace' } });
    try {
      const { hostname, port } = new URL(server.url);
      const csrf = await fetch(`${server.url}/api/v1/enrollment/csrf-token`);
      const token = ((await csrf.json()) as { token: string }).token;
      const cookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = connect(Number(port), hostname, () => socket.end(request));
          let answer = '';
          socket.on('data', (d) => (answer += d)).on('close', () => resolve(answer)).on('error', reject);
        });
      const body = JSON.stringify({ firstName: 'Yolanda', lastName: 'Brightwater', ssn: '236501234', dob: '1969-12-02' });
      const head = `POST /api/v1/enrollment/verify-ssn HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nCookie: ${cookie}\r\nX-CSRF-Token: ${token}\r\n`;
      // A chunk of the body, then a chunk size that is not one.
      const badChunk = await raw(`${head}Transfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n${body}\r\nZZZ\r\n`);
      expect(badChunk).toMatch(/^HTTP\/1.1 400 /);
      expect(badChunk).toMatch(/cache-control: no-store/i);
      expect(badChunk.endsWith(JSON.stringify({ message: 'The request is not valid.' }))).toBe(true);
      const hugeHeader = await raw(`${head}X-Pad: ${'x'.repeat(20_000)}\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      expect(hugeHeader).toMatch(/^HTTP\/1.1 431 /);
      expect(hugeHeader.endsWith(JSON.stringify({ message: 'The request is too large.' }))).toBe(true);
      const logs = server.logs();
      expect(logs).toContain('HPE_INVALID_CHUNK_SIZE');
      expect(logs).toContain('HPE_HEADER_OVERFLOW');
      // Fastify's own handler logged the request's bytes (rawPacket), as a list of numbers a search for text misses.
      expect(logs).not.toContain('rawPacket');
      for (const secret of ['236501234', '1969-12-02', 'Brightwater', token, cookie.split('=')[1]]) expect(logs).not.toContain(secret);
    } finally {
      await server.close();
    }
  });

  it('masks what is shaped like an SSN or a date in a logged address', async () => {
    const server = await startServer();
    try {
      // As typed (a date of birth the way the form asks for it) and as encoded, digit by digit.
      const paths = ['/enrollment/123-45-6789', '/api/v1/employer/123456789', '/x/123%2D45%2D6789', '/enrollment/1969-12-02?lang=es', '/feeschedule/04-15-1958', '/x/04/15/1958', '/x/%31%32%33-45-6780'];
      for (const path of paths) await fetch(`${server.url}${path}`);
      const logs = server.logs();
      expect(logs).toContain('/enrollment/[redacted]');
      expect(logs).toContain('/api/v1/employer/[redacted]');
      expect(logs).toContain('/feeschedule/[redacted]');
      for (const secret of ['123-45-6789', '123456789', '123%2D45%2D6789', '1969-12-02', '04-15-1958', '15/1958', '%31%32%33', '45-6780']) expect(logs).not.toContain(secret);
    } finally {
      await server.close();
    }
  });
});

describe('hostile input, at random', () => {
  it('never answers an enrollment body with a 5xx; every refusal carries a message', async () => {
    const db = await openDatabase({ dataDir: 'data/test', dataKey: TEST_DATA_KEY }, { inMemory: true });
    const { app } = await makeApp(db);
    const client = await new Client(app).verified();
    const base = enrollment();
    const bodies = fc.oneof(
      fc.jsonValue(),
      fc.record({ ...Object.fromEntries(Object.keys(base).map((k) => [k, fc.jsonValue()])) }, { requiredKeys: [] }),
      fc.dictionary(fc.constantFrom(...Object.keys(base)), fc.jsonValue()).map((patch) => ({ ...base, ...patch })),
    );
    let n = 0;
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const res = await client.enroll(body, `fuzz-${n++}-000000000000`);
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode !== 200) expect(typeof res.json().message).toBe('string');
      }),
      { numRuns: 150 },
    );
    await app.close();
    await db.close();
  });

  it('never answers a lookup id with a 5xx', async () => {
    const db = await openDatabase({ dataDir: 'data/test', dataKey: TEST_DATA_KEY }, { inMemory: true });
    const { app } = await makeApp(db);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (id) => {
        const res = await app.inject({ method: 'GET', url: `/api/v1/employer/${encodeURIComponent(id)}` });
        expect(res.statusCode).toBeLessThan(500);
        expect([200, 400, 404]).toContain(res.statusCode);
      }),
      { numRuns: 200 },
    );
    await app.close();
    await db.close();
  });
});
