/**
 * Prometheus metrics (prom-client) for operators: request latency by route, enrollments by outcome, captcha results,
 * rate-limited requests, database errors and pool state, process metrics. Served on their own listener
 * (METRICS_PORT), never on the public port. Labels are routes, methods, status codes and outcomes: never personal data.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  enrollments: Counter<'outcome'>;
  captcha: Counter<'result'>;
  databaseErrors: Counter<'kind'>;
  /** Where an enrollment's time goes, by phase (enrollPhases): what the operator and the bench read to see what to
   *  make faster next. */
  enrollPhases: Histogram<'phase'>;
  /** Enrollments per database statement sent, by statement: how much group commit saves (PostgreSQL; the embedded
   *  database sends each on its own and reports none). */
  enrollBatches: Histogram<'statement'>;
  /** Reports the pool's clients when read (PostgreSQL); absent for the embedded database. */
  poolState: (read: () => { total: number; idle: number; waiting: number }) => void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let readPool: (() => { total: number; idle: number; waiting: number }) | null = null;
  new Gauge({
    name: 'hsa_db_pool_clients',
    help: 'Database pool clients by state',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!readPool) return;
      const s = readPool();
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  return {
    registry,
    enrollments: new Counter({ name: 'hsa_enrollments_total', help: 'Enrollment answers by outcome', labelNames: ['outcome'] as const, registers: [registry] }),
    captcha: new Counter({ name: 'hsa_captcha_verifications_total', help: 'Captcha solutions checked, by result', labelNames: ['result'] as const, registers: [registry] }),
    databaseErrors: new Counter({ name: 'hsa_db_errors_total', help: 'Database errors, by kind', labelNames: ['kind'] as const, registers: [registry] }),
    enrollPhases: new Histogram({
      name: 'hsa_enroll_phase_seconds',
      help: 'Time an enrollment spends in each phase of its handler',
      labelNames: ['phase'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
      registers: [registry],
    }),
    enrollBatches: new Histogram({
      name: 'hsa_enroll_batch_calls',
      help: 'Enrollment calls carried by each database statement sent, by statement (group commit)',
      labelNames: ['statement'] as const,
      buckets: [1, 2, 3, 4, 6, 8, 12, 16, 32],
      registers: [registry],
    }),
    poolState: (read) => {
      readPool = read;
    },
  };
}

/** Request latency and rate limiting, by the route's pattern (never the raw URL, which may carry an id). */
export function instrument(app: FastifyInstance, metrics: Metrics): void {
  const latency = new Histogram({
    name: 'hsa_http_request_duration_seconds',
    help: 'Request latency by route',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics.registry],
  });
  const limited = new Counter({ name: 'hsa_rate_limited_total', help: 'Requests refused by a rate limit, by route', labelNames: ['route'] as const, registers: [metrics.registry] });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    latency.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) limited.inc({ route });
  });
}

/** The metrics listener, on its own port and address. */
export async function serveMetrics(metrics: Metrics, port: number, host: string): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) => reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()));
  await server.listen({ port, host });
  return server;
}
