// @vitest-environment node
/** Rate limits count the real client (issue 15 item 3) and hold across instances sharing Redis (issue 12 item 2). */
import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/index';
import { ConfigError, loadConfig, parseRateLimits, parseTrustProxy } from '../../src/server/config';
import { siteMessages } from '../../src/server/validation';

const TOO_MANY_REQUESTS = siteMessages.tooManyRequests;
import { Client, databases, makeApp } from './harness';
import { createMetrics } from '../../src/server/metrics';

const ssnCheck = (client: Client, forwardedFor: string) => client.post('/api/v1/enrollment/verify-ssn', { ssn: '123-45-6789' }, { 'x-forwarded-for': forwardedFor });
const forged = (i: number) => `203.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;

describe.each(databases)('rate limits on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    ({ db, drop } = await database.open());
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop?.();
  });

  const app = async (opts: Parameters<typeof makeApp>[1]) => {
    const made = (await makeApp(db, opts)).app;
    apps.push(made);
    return made;
  };

  it('300 SSN checks with 300 forged X-Forwarded-For addresses are limited as one client: 429 after the limit, with Retry-After and a wait message', async () => {
    const client = await new Client(await app({ rateLimits: [120, 30, 20] })).start();
    const codes: number[] = [];
    let last;
    for (let i = 0; i < 300; i++) {
      last = await ssnCheck(client, forged(i));
      codes.push(last.statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes.slice(30).every((c) => c === 429)).toBe(true);
    expect(last!.json()).toEqual({ message: TOO_MANY_REQUESTS });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('believes X-Forwarded-For only from a proxy named in TRUST_PROXY', async () => {
    const trusting = await app({ rateLimits: [2, 2, 2], config: { trustProxy: ['127.0.0.1/32'] } });
    const lookup = (forwardedFor: string, remoteAddress = '127.0.0.1') =>
      trusting.inject({ method: 'GET', url: '/api/v1/employer/DEMO100', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
    // Through the trusted proxy: each forwarded client has its own limit.
    expect([(await lookup('198.51.100.1')).statusCode, (await lookup('198.51.100.1')).statusCode, (await lookup('198.51.100.1')).statusCode]).toEqual([200, 200, 429]);
    expect((await lookup('198.51.100.2')).statusCode).toBe(200);
    // From anywhere else the header is ignored: the socket's address is the client.
    const direct = [];
    for (let i = 0; i < 3; i++) direct.push((await lookup(forged(i), '192.0.2.7')).statusCode);
    expect(direct).toEqual([200, 200, 429]);
  });

  it('counts in the process\'s own memory while Redis is unreachable: the limit holds, without a 5xx, and the log says so', async () => {
    const made = await makeApp(db, { rateLimits: [2, 2, 2], config: { redisUrl: 'redis://127.0.0.1:1' } });
    apps.push(made.app);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await made.app.inject({ method: 'GET', url: '/api/v1/employer/DEMO100' })).statusCode);
    expect(codes).toEqual([200, 200, 429, 429]);
    expect(made.logs.text()).toContain('rate limits counted in this process alone: Redis cannot be reached');
  });
});

describe('TRUST_PROXY', () => {
  it('is empty by default and takes addresses, CIDR ranges and proxy-addr range names', () => {
    expect(loadConfig({ HSA_DATA_KEY: randomBytes(32).toString('base64') }).trustProxy).toEqual([]);
    expect(parseTrustProxy(' 10.0.0.1, 10.1.0.0/16 ,::1,fd00::/8,loopback')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback']);
  });
  it.each(['true', '*', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/1'])('refuses %s', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(ConfigError);
  });
});

describe('RATE_LIMITS and REDIS_PREFIX', () => {
  it('default to 120 lookups, 30 SSN checks and 20 enrollments a minute under hsa-rate-limit:', () => {
    const config = loadConfig({ HSA_DATA_KEY: randomBytes(32).toString('base64') });
    expect(config.rateLimits).toEqual([120, 30, 20]);
    expect(config.redisPrefix).toBe('hsa-rate-limit:');
    expect(loadConfig({ HSA_DATA_KEY: randomBytes(32).toString('base64'), RATE_LIMITS: ' 600, 5 ,40', REDIS_PREFIX: 'site-b:' })).toMatchObject({ rateLimits: [600, 5, 40], redisPrefix: 'site-b:' });
  });
  it.each(['120,30', '120,30,20,1', '0,30,20', '120,x,20', '1.5,30,20', '-1,30,20'])('refuses RATE_LIMITS=%s', (value) => {
    expect(() => parseRateLimits(value)).toThrow(ConfigError);
  });
});

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
async function redisReachable(): Promise<boolean> {
  const probe = new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const haveRedis = await redisReachable();
if (process.env.CI === 'true' && !haveRedis) throw new Error(`CI=true needs Redis at ${redisUrl}: the shared rate-limit test must run`);

describe.runIf(haveRedis).each(databases)('two instances sharing Redis, on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let one: FastifyInstance;
  let two: FastifyInstance;
  const nameSpace = `hsa-test-${randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    ({ db, drop } = await database.open());
    const opts = { rateLimits: [3, 2, 2] as [number, number, number], rateLimitNamespace: nameSpace, config: { redisUrl } };
    one = (await makeApp(db, opts)).app;
    two = (await makeApp(db, opts)).app;
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    const cleanup = new Redis(redisUrl);
    const keys = await cleanup.keys(`${nameSpace}*`);
    if (keys.length) await cleanup.del(...keys);
    await cleanup.quit();
    await drop?.();
  });

  it('counts one limit across both instances', async () => {
    const lookup = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/v1/employer/DEMO100' });
    const codes = [(await lookup(one)).statusCode, (await lookup(two)).statusCode, (await lookup(one)).statusCode, (await lookup(two)).statusCode];
    expect(codes).toEqual([200, 200, 200, 429]);
    const refused = await lookup(one);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY_REQUESTS });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

/** A way to Redis that a test can cut and restore, as an outage would (the shared Redis itself stays up). */
function redisLine(target: URL) {
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  return {
    open,
    url: () => `redis://127.0.0.1:${port}`,
    cut: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server!.close(() => resolve());
      }),
  };
}

describe.runIf(haveRedis).each(databases)('Redis lost mid-run, on $name', (database) => {
  it('each process counts in its own memory while Redis is away (a log line and a metric), and in Redis again once it is back', async () => {
    const { db, drop } = await database.open();
    const line = redisLine(new URL(redisUrl));
    await line.open();
    const metrics = createMetrics();
    const nameSpace = `hsa-test-${randomBytes(6).toString('hex')}:`;
    const { app, logs } = await makeApp(db, { rateLimits: [3, 3, 3], rateLimitNamespace: nameSpace, metrics, config: { redisUrl: line.url() } });
    const store = async () => (await metrics.registry.getSingleMetricAsString('hsa_rate_limit_store')).split('\n').filter((l) => l.endsWith(' 1'))[0];
    const lookup = async () => (await app.inject({ method: 'GET', url: '/api/v1/employer/DEMO100' })).statusCode;
    try {
      expect([await lookup(), await lookup()]).toEqual([200, 200]);
      expect(await store()).toBe('hsa_rate_limit_store{store="redis"} 1');
      await line.cut();
      // Redis is away: the limit still holds, counted in this process from nothing.
      const away = [];
      for (let i = 0; i < 5; i++) away.push(await lookup());
      expect(away).toEqual([200, 200, 200, 429, 429]);
      expect(logs.text()).toContain('rate limits counted in this process alone: Redis cannot be reached');
      expect(await store()).toBe('hsa_rate_limit_store{store="memory"} 1');
      // Back: counted in Redis again, where the two earlier lookups still stand.
      await line.open();
      await expect.poll(() => store(), { timeout: 15_000 }).toBe('hsa_rate_limit_store{store="redis"} 1');
      expect(logs.text()).toContain('rate limits counted in Redis again');
      expect([await lookup(), await lookup()]).toEqual([200, 429]);
    } finally {
      await app.close();
      await line.cut().catch(() => undefined);
      const cleanup = new Redis(redisUrl);
      const keys = await cleanup.keys(`${nameSpace}*`);
      if (keys.length) await cleanup.del(...keys);
      await cleanup.quit();
      await drop();
    }
  });
});
