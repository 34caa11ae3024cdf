/** The Fastify application: security headers, CSRF, rate limits, the API and the pages, on one origin. */
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { Db } from './db/index';
import { dataProtection } from './crypto';
import { frameworkErrorHandler, installErrorHandling, socketErrorHandler } from './errors';
import { securityHeaders } from './http-headers';
import { guardApiRoutes } from './api-guard';
import { requestSerializer } from './request-log';
import { DAY_MS, scheduleRetention } from './retention';
import { sandboxIdentity, type IdentityProvider, type MembershipProvider } from './identity';
import { sandboxMembership } from './membership';
import { captchaService } from './captcha';
import { employerRoutes } from './routes/employer';
import { enrollmentRoutes } from './routes/enrollment';
import { documentRoutes } from './routes/documents';
import { pageRoutes } from './routes/pages';
import { requestAjv, wireValidators } from './validation';
import { createMetrics, instrument, type Metrics } from './metrics';
import { registerRateLimits } from './rateLimits';
import { limitConnectionsPerClient } from './connectionLimit';

export interface AppOptions {
  db: Db;
  config: Config;
  /** Where log lines go (tests capture them); stdout otherwise. */
  logStream?: DestinationStream;
  identity?: IdentityProvider;
  membership?: MembershipProvider;
  /** Requests per minute per client: [lookups, SSN checks, enrollments, document uploads (30 when not given)];
   *  config.rateLimits (RATE_LIMITS) otherwise. */
  rateLimits?: [number, number, number, number?];
  /** Where the metrics are counted (served by main.ts on METRICS_PORT); a fresh registry otherwise. */
  metrics?: Metrics;
  /** Prune expired records when ready and hourly (default on; off where a test schedules its own). */
  retention?: boolean;
  /** Prefix of the rate-limit keys in Redis (tests keep runs apart); config.redisPrefix (REDIS_PREFIX) otherwise. */
  rateLimitNamespace?: string;
}

/** Never logged: cookies, tokens, and any request or response body (pino redaction; bodies are not serialised).
 *  The multipart parser's trace line carries the request's headers (cookies among them). */
const REDACT = ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'req.headers.authorization', 'res.headers["set-cookie"]', 'body', 'req.body', 'payload', 'busboyOptions'];

export async function buildApp({ db, config, logStream, identity = sandboxIdentity, membership, rateLimits = config.rateLimits, rateLimitNamespace = config.redisPrefix, metrics = createMetrics(), retention = true }: AppOptions): Promise<FastifyInstance> {
  const headers = securityHeaders(config.production);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: { req: requestSerializer },
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: 32 * 1024,
    // X-Forwarded-For only from the proxies named in TRUST_PROXY: otherwise a forged header multiplies every limit.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: socketErrorHandler,
    // A slow body or slow headers (a byte every few seconds) are cut and answered 408, checked every second rather
    // than Node's 30 s, so they cannot hold the process's connections for long.
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: Math.min(10_000, config.requestTimeoutMs / 10), connectionsCheckingInterval: 1000 },
  });
  limitConnectionsPerClient(app.server, config.connectionsPerClient);
  const protection = dataProtection(config.dataKey);

  installErrorHandling(app, metrics);
  instrument(app, metrics);
  if (db.poolStats) metrics.poolState(db.poolStats);
  // Route inputs are checked with our rules and messages, the ones the browser uses.
  app.setValidatorCompiler(({ schema }) => requestAjv.compile(schema));
  await wireValidators();
  // The API takes JSON only: any other body is a 415 before it reaches a route.
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', (request, reply, done) => {
    headers(request, reply);
    done();
  });
  await app.register(cookie, { secret: protection.cookieSecret });
  await app.register(csrf, {
    cookieOpts: { signed: true, httpOnly: true, sameSite: 'strict', path: '/', secure: 'auto' },
    getToken: (request) => request.headers['x-csrf-token'] as string | undefined,
  });
  await registerRateLimits(app, { redisUrl: config.redisUrl, nameSpace: rateLimitNamespace, metrics });
  // Every state-changing API request carries the CSRF token; every API answer is private and not cached.
  guardApiRoutes(app);
  if (retention) scheduleRetention(app, db, config.documentRetentionDays * DAY_MS);

  const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });
  const limits = { lookup: perMinute(rateLimits[0]), ssn: perMinute(rateLimits[1]), enroll: perMinute(rateLimits[2]), upload: perMinute(rateLimits[3] ?? 30) };

  app.get('/healthz', async () => ({ status: 'ok' }));
  // Ready when the tables every request reads answer within the query timeout (a held lock makes it not ready).
  app.get('/readyz', async (_request, reply) => {
    try {
      await db.query('SELECT (SELECT 1 FROM employer_groups LIMIT 1), (SELECT 1 FROM enrollments LIMIT 1), (SELECT 1 FROM idempotency_keys LIMIT 1)');
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });

  employerRoutes(app, db, limits.lookup);
  enrollmentRoutes(app, {
    db,
    protection,
    identity,
    membership: membership ?? sandboxMembership(db, protection),
    captcha: captchaService(db, protection.captchaSecret, config.captchaCost),
    limits,
    metrics,
  });
  await documentRoutes(app, { db, protection, limits, uploadsInFlight: config.uploadsInFlight });
  await pageRoutes(app, db, config.distDir, config.maintenance);
  return app;
}

/** Stops taking connections and waits for the requests in flight, `graceMs` at most: then every connection is closed,
 *  so a browser's open connection (a keep-alive one, or one it opened ahead) cannot hold the stop up. */
export async function closeApp(app: FastifyInstance, graceMs: number): Promise<void> {
  const timer = setTimeout(() => app.server.closeAllConnections(), graceMs);
  timer.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}
