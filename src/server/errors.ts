/** Every error becomes a clear answer with a status and a message: never a stack trace, never input echoed. */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

export const UNAVAILABLE = 'Our enrollment application is currently unavailable, please try at a later time.';

export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const DB_DOWN = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', '57P01', '57P03', '08006', '08001', '08004']);

function isDatabaseDown(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return (err.code !== undefined && DB_DOWN.has(err.code)) || /timeout exceeded when trying to connect|Connection terminated|PGlite is closed/i.test(err.message ?? '');
}

export function installErrorHandling(app: FastifyInstance, metrics?: Metrics): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send({ message: error.message, ...error.extra });
    if (error.validation) return reply.code(400).send({ message: 'The request is not valid.', errors: error.validation.map((v) => ({ path: v.instancePath || '/', message: v.message })) });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'The request is too large.' : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Send JSON.' : error.code?.startsWith('FST_CSRF') ? 'Your session has expired. Reload the page.' : /JSON/i.test(error.message) ? 'The request body is not valid JSON.' : 'The request is not valid.';
      return reply.code(error.statusCode).send({ message });
    }
    if (isDatabaseDown(error)) {
      metrics?.databaseErrors.inc({ kind: 'unavailable' });
      request.log.error({ code: (error as { code?: string }).code }, 'database unavailable');
      return reply.code(503).send({ message: UNAVAILABLE });
    }
    metrics?.databaseErrors.inc({ kind: (error as { code?: string }).code?.match(/^[0-9A-Z]{5}$/) ? 'query' : 'other' });
    request.log.error({ err: { type: error.name, code: error.code } }, 'unhandled error');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again later.' });
  });
}
