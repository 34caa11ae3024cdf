// @vitest-environment node
/** Slow clients cannot hold the server: a body or headers sent a byte at a time are cut and answered 408, one
 *  address cannot open more than its share of connections, and meanwhile an applicant's calls are answered. Slow
 *  clients come from other loopback addresses (127.0.0.2, 127.0.0.3) than the applicant's (127.0.0.1). */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../src/server/testing';
import { loadConfig } from '../../src/server/config';

const REQUEST_TIMEOUT_MS = 3000;
const PER_CLIENT = 5;
let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startServer({ config: { requestTimeoutMs: REQUEST_TIMEOUT_MS, connectionsPerClient: PER_CLIENT } });
  port = Number(new URL(server.url).port);
});
afterAll(() => server.close());

interface Slow {
  socket: Socket;
  /** What the server answered, once it closed the connection. */
  answer: Promise<string>;
  /** Whether the client still had bytes to send when the server closed. */
  unfinished: () => boolean;
}

/** A client at `from` that sends `head` at once, then `rest` one byte every 400 ms. */
function slowClient(from: string, head: string, rest: string): Slow {
  const socket = connect({ host: '127.0.0.1', port, localAddress: from });
  let received = '';
  let sent = 0;
  socket.on('data', (c) => (received += c));
  socket.on('error', () => undefined);
  socket.once('connect', () => socket.write(head));
  const drip = setInterval(() => {
    if (sent < rest.length && !socket.destroyed) socket.write(rest[sent++]);
  }, 400);
  const answer = new Promise<string>((resolve) =>
    socket.once('close', () => {
      clearInterval(drip);
      resolve(received);
    }),
  );
  return { socket, answer, unfinished: () => sent < rest.length };
}

const body = JSON.stringify({ ssn: '123-45-6789' }).padEnd(60, ' ');
/** A session's token and cookie, so the slow body is one the route would take (a request without them is refused
 *  before its body is read). */
async function session(): Promise<{ csrf: string; cookie: string }> {
  const token = await fetch(`${server.url}/api/v1/enrollment/csrf-token`);
  const cookie = token.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { csrf: ((await token.json()) as { token: string }).token, cookie };
}
const slowBody = (from: string, { csrf, cookie }: { csrf: string; cookie: string }) =>
  slowClient(from, `POST /api/v1/enrollment/verify-ssn HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-CSRF-Token: ${csrf}\r\nCookie: ${cookie}\r\nContent-Length: ${body.length}\r\n\r\n`, body);
const slowHeaders = (from: string) => slowClient(from, 'GET /healthz HTTP/1.1\r\n', 'Host: 127.0.0.1\r\nX-Padding: ' + 'x'.repeat(60) + '\r\n\r\n');

/** An applicant's first calls, from 127.0.0.1: the page, the session's token, a group lookup, the SSN check. */
async function applicant(): Promise<number[]> {
  const page = await fetch(`${server.url}/enrollment`);
  const { csrf, cookie } = await session();
  const group = await fetch(`${server.url}/api/v1/employer/DEMO100`);
  const check = await fetch(`${server.url}/api/v1/enrollment/verify-ssn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie },
    body: JSON.stringify({ ssn: '123-45-6789' }),
  });
  return [page.status, group.status, check.status];
}

describe('slow clients', { timeout: 30_000 }, () => {
  it('a body sent a byte at a time is cut and answered 408 before it is finished, while an applicant is answered', async () => {
    const tokens = await session();
    const slow = Array.from({ length: PER_CLIENT }, () => slowBody('127.0.0.2', tokens));
    await new Promise((r) => setTimeout(r, 500));
    expect(await applicant()).toEqual([200, 200, 200]);
    for (const client of slow) {
      expect(await client.answer).toMatch(/^HTTP\/1\.1 408/);
      expect(client.unfinished()).toBe(true);
    }
  });

  it('headers sent a byte at a time are cut and answered 408 before they are finished', async () => {
    const slow = slowHeaders('127.0.0.2');
    const answer = await slow.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // In our words (errors.ts socketErrorHandler), not the framework's.
    expect(answer.endsWith(JSON.stringify({ message: 'The request took too long to arrive. Please try again.' }))).toBe(true);
    expect(slow.unfinished()).toBe(true);
  });

  it('one address holds at most its share of connections; others, and the applicant, are still served', async () => {
    const tokens = await session();
    const held = Array.from({ length: PER_CLIENT + 3 }, () => slowBody('127.0.0.3', tokens));
    await new Promise((r) => setTimeout(r, 500));
    // The three past the limit were closed at once, with nothing read and nothing answered.
    const closedAtOnce = held.filter((c) => c.socket.destroyed || c.socket.readyState === 'closed');
    expect(closedAtOnce).toHaveLength(3);
    expect(await applicant()).toEqual([200, 200, 200]);
    // Another address is not counted against this one.
    const other = await new Promise<string>((resolve) => {
      const s = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.4' }, () => s.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'));
      let got = '';
      s.on('data', (c) => (got += c));
      s.on('close', () => resolve(got));
    });
    expect(other).toMatch(/^HTTP\/1\.1 200/);
    for (const c of held) c.socket.destroy();
  });
});

describe('REQUEST_TIMEOUT_MS and CONNECTIONS_PER_CLIENT', () => {
  const key = { HSA_DATA_KEY: randomBytes(32).toString('base64') };
  it('default to 2 minutes and 100 connections, and to no connection limit behind a named proxy', () => {
    expect(loadConfig(key)).toMatchObject({ requestTimeoutMs: 120_000, connectionsPerClient: 100 });
    expect(loadConfig({ ...key, TRUST_PROXY: '10.0.0.1' }).connectionsPerClient).toBe(0);
    expect(loadConfig({ ...key, REQUEST_TIMEOUT_MS: '30000', CONNECTIONS_PER_CLIENT: '20' })).toMatchObject({ requestTimeoutMs: 30_000, connectionsPerClient: 20 });
  });
  it.each([
    ['REQUEST_TIMEOUT_MS', '500'],
    ['REQUEST_TIMEOUT_MS', 'soon'],
    ['CONNECTIONS_PER_CLIENT', '-1'],
    ['CONNECTIONS_PER_CLIENT', '2.5'],
  ])('refuses %s=%s with what it takes', (name, value) => {
    expect(() => loadConfig({ ...key, [name]: value })).toThrow(new RegExp(`${name} must be a whole number`));
  });
});
