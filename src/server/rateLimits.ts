/** Rate limits per client address: in Redis when REDIS_URL is set (several instances count together, a restart
 *  forgets nothing), in the process's memory otherwise. When Redis cannot be reached, each process counts in its own
 *  memory until it can again (a log line and the hsa_rate_limit_store gauge say so): a limit is never off, so an
 *  outage cannot open the 'is this SSN enrolled' check to enumeration. The address is the socket's unless the request
 *  came through a proxy named in TRUST_PROXY (Fastify's trustProxy, set in app.ts). */
import type { FastifyInstance } from 'fastify';
import rateLimit, { type FastifyRateLimitStore as Store } from '@fastify/rate-limit';
// The plugin's own stores (not in its typings): ours chooses between them per request.
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { Redis } from 'ioredis';
import { Gauge } from 'prom-client';
import { HttpError } from './errors';
import { variantOf } from './validation';
import type { Metrics } from './metrics';

type Callback = Parameters<Store['incr']>[1];
type RouteOptions = Parameters<Store['child']>[0];
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/** Whether Redis is counting, shared by every route's store: one log line per change, one gauge. */
class Fallback {
  down = false;
  constructor(
    private readonly say: (down: boolean) => void,
  ) {}
  set(down: boolean) {
    if (down === this.down) return;
    this.down = down;
    this.say(down);
  }
}

/** Counts in Redis; an error there counts the request in this process's memory instead. */
function fallbackStore(redis: Redis, nameSpace: string, fallback: Fallback) {
  return class RedisOrLocal implements Store {
    private readonly remote: Store;
    private readonly local: Store;
    constructor(params: StoreParams, remote?: Store, local?: Store) {
      this.remote = remote ?? new RedisStore(Boolean(params.continueExceeding), Boolean(params.exponentialBackoff), redis, nameSpace);
      this.local = local ?? new LocalStore(Boolean(params.continueExceeding), Boolean(params.exponentialBackoff));
    }
    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      if (redis.status !== 'ready') {
        fallback.set(true);
        return this.local.incr(key, cb, timeWindow, max);
      }
      this.remote.incr(
        key,
        (err, res) => {
          fallback.set(Boolean(err));
          if (err) this.local.incr(key, cb, timeWindow, max);
          else cb(null, res);
        },
        timeWindow,
        max,
      );
    }
    child(routeOptions: RouteOptions): Store {
      return new RedisOrLocal(routeOptions as StoreParams, this.remote.child(routeOptions), this.local.child(routeOptions));
    }
  };
}

export async function registerRateLimits(app: FastifyInstance, { redisUrl, nameSpace = 'hsa-rate-limit:', metrics }: { redisUrl?: string; nameSpace?: string; metrics: Metrics }): Promise<void> {
  let store: ReturnType<typeof fallbackStore> | undefined;
  if (redisUrl) {
    // Fail fast rather than queue: a request must not wait on an unreachable Redis. It reconnects on its own.
    // A Redis that takes the connection but does not answer fails the command (and the request is counted here).
    const redis = new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 500 });
    const gauge = new Gauge({ name: 'hsa_rate_limit_store', help: 'Where rate limits are counted: 1 for the labelled store, 0 otherwise', labelNames: ['store'] as const, registers: [metrics.registry] });
    const showStore = (down: boolean) => {
      gauge.set({ store: 'redis' }, down ? 0 : 1);
      gauge.set({ store: 'memory' }, down ? 1 : 0);
    };
    showStore(false);
    const fallback = new Fallback((down) => {
      showStore(down);
      if (down) app.log.warn('rate limits counted in this process alone: Redis cannot be reached');
      else app.log.info('rate limits counted in Redis again');
    });
    redis.on('error', (e: Error & { code?: string }) => {
      app.log.warn({ code: e.code }, 'rate-limit store (Redis) unavailable');
      fallback.set(true);
    });
    redis.on('ready', () => fallback.set(false));
    await redis.connect().catch(() => undefined);
    store = fallbackStore(redis, nameSpace, fallback);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(store ? { store } : {}),
    // The error handler answers an HttpError with its status and message; Retry-After is already set.
    errorResponseBuilder: (request, context) => new HttpError(context.statusCode, variantOf(request).messages.tooManyRequests),
  });
}
