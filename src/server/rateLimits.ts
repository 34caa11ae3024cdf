/** Rate limits per client address: in Redis when REDIS_URL is set (several instances count together, a restart
 *  forgets nothing), in the process's memory otherwise. The address is the socket's unless the request came
 *  through a proxy named in TRUST_PROXY (Fastify's trustProxy, set in app.ts). */
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { HttpError } from './errors';
import { variantOf } from './validation';

export async function registerRateLimits(app: FastifyInstance, { redisUrl, nameSpace = 'hsa-rate-limit:' }: { redisUrl?: string; nameSpace?: string }): Promise<void> {
  let redis: Redis | undefined;
  if (redisUrl) {
    // Fail fast rather than queue: a request must not wait on an unreachable Redis.
    redis = new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    redis.on('error', (e: Error & { code?: string }) => app.log.warn({ code: e.code }, 'rate-limit store (Redis) unavailable'));
    await redis.connect().catch(() => undefined);
    const store = redis;
    app.addHook('onClose', async () => {
      await store.quit().catch(() => store.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace } : {}),
    // A Redis outage lets requests through (logged above) rather than take the site down.
    skipOnError: true,
    // The error handler answers an HttpError with its status and message; Retry-After is already set.
    errorResponseBuilder: (request, context) => new HttpError(context.statusCode, variantOf(request).messages.tooManyRequests),
  });
}
