/** The Fastify application: security headers, CSRF, rate limits, the API and the pages, on one origin. */
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import helmet from '@fastify/helmet';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { Db } from './db/index';
import { dataProtection } from './crypto';
import { installErrorHandling } from './errors';
import { sandboxIdentity, type IdentityProvider, type MembershipProvider } from './identity';
import { sandboxMembership } from './membership';
import { captchaService } from './captcha';
import { employerRoutes } from './routes/employer';
import { enrollmentRoutes } from './routes/enrollment';
import { pageRoutes } from './routes/pages';
import { registerRateLimits } from './rateLimits';

export interface AppOptions {
  db: Db;
  config: Config;
  /** Where log lines go (tests capture them); stdout otherwise. */
  logStream?: DestinationStream;
  identity?: IdentityProvider;
  membership?: MembershipProvider;
  /** Requests per minute per client: [lookups, SSN checks, enrollments]. */
  rateLimits?: [number, number, number];
  /** Prefix of the rate-limit keys in Redis (tests keep runs apart). */
  rateLimitNamespace?: string;
}

/** Never logged: cookies, tokens, and any request or response body (pino redaction; bodies are not serialised). */
const REDACT = ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'req.headers.authorization', 'res.headers["set-cookie"]', 'body', 'req.body', 'payload'];

export async function buildApp({ db, config, logStream, identity = sandboxIdentity, membership, rateLimits = [120, 30, 20], rateLimitNamespace }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' }, ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: 32 * 1024,
    // X-Forwarded-For only from the proxies named in TRUST_PROXY: otherwise a forged header multiplies every limit.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true } },
    return503OnClosing: true,
  });
  const protection = dataProtection(config.dataKey);

  installErrorHandling(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The captcha widget injects its own styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    hsts: { maxAge: 63072000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie, { secret: protection.cookieSecret });
  await app.register(csrf, {
    cookieOpts: { signed: true, httpOnly: true, sameSite: 'strict', path: '/', secure: 'auto' },
    getToken: (request) => request.headers['x-csrf-token'] as string | undefined,
  });
  await registerRateLimits(app, { redisUrl: config.redisUrl, nameSpace: rateLimitNamespace });

  // Every POST to the API carries the CSRF token; every API answer is private and not cached.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    reply.header('cache-control', 'no-store');
    if (request.method === 'POST') await new Promise<void>((resolve, reject) => app.csrfProtection(request, reply, (err?: Error) => (err ? reject(err) : resolve())));
  });

  const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });
  const limits = { lookup: perMinute(rateLimits[0]), ssn: perMinute(rateLimits[1]), enroll: perMinute(rateLimits[2]) };

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await db.query('SELECT 1');
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
  });
  await pageRoutes(app, db, config.distDir, config.maintenance);
  return app;
}
