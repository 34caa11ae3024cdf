/** Every error becomes a clear answer with a status and a message: never a stack trace, never input echoed, never
 *  the framework's own error code; with the security headers and `no-store` of every other answer. */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from './db/unavailable';
import { isApiPath } from './paths';
import type { Metrics } from './metrics';
import { describeErrors, siteMessages as m, variantOf } from './validation';

export const UNAVAILABLE = m.unavailable;

export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The page a browser gets when the database is down on a page route (the fee page). */
const UNAVAILABLE_PAGE = `<!doctype html><html lang="en"><title>We Apologize</title><main><h1>We Apologize</h1><p>${UNAVAILABLE}</p></main></html>`;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The message key of a route's own words for a body of a type it cannot take, where "Send JSON." would be wrong. */
    unsupportedMediaType?: string;
  }
}

/** Fastify's 4xx codes, told in our words (schemas/messages.json); anything else is the request being not valid. */
function clientErrorMessage(error: FastifyError, request: FastifyRequest, m: Record<string, string>): string {
  const code = error.code ?? '';
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return m.requestTooLarge;
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return m[request.routeOptions.config.unsupportedMediaType ?? 'sendJson'];
  if (code.startsWith('FST_CSRF')) return m.sessionExpired;
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (error instanceof SyntaxError && /JSON/i.test(error.message))) return m.invalidJson;
  return m.requestInvalid;
}

export function installErrorHandling(app: FastifyInstance, metrics?: Metrics): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Errors are never cached, whatever the route.
    reply.header('cache-control', 'no-store');
    const variant = variantOf(request);
    const { messages } = variant;
    if (error instanceof HttpError) return reply.code(error.statusCode).send({ message: error.message, ...error.extra });
    if (error.validation) return reply.code(400).send({ message: messages.requestInvalid, errors: describeErrors(error.validation as never, variant) });
    // An expired or missing CSRF token says so by code: the browser takes a new token and tries once more for this
    // 403 alone, never for another refusal (a membership not verified is a 403 too).
    if (error.code?.startsWith('FST_CSRF')) return reply.code(403).send({ message: messages.sessionExpired, code: 'sessionExpired' });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return reply.code(error.statusCode).send({ message: clientErrorMessage(error, request, messages) });
    if (isDatabaseUnavailable(error)) {
      metrics?.databaseErrors.inc({ kind: 'unavailable' });
      request.log.error({ code: (error as { code?: string }).code }, 'database unavailable');
      if (!isApiPath(request.url)) return reply.code(503).type('text/html; charset=utf-8').send(UNAVAILABLE_PAGE);
      return reply.code(503).send({ message: messages.unavailable });
    }
    metrics?.databaseErrors.inc({ kind: (error as { code?: string }).code?.match(/^[0-9A-Z]{5}$/) ? 'query' : 'other' });
    request.log.error({ err: { type: error.name, code: error.code } }, 'unhandled error');
    return reply.code(500).send({ message: messages.serverError });
  });
}

/** Fastify's errors raised before routing (a malformed escape, a parameter past its length), which bypass hooks:
 *  `applyHeaders` gives them the headers the hooks would have. Pass as the `frameworkErrors` option. */
export function frameworkErrorHandler(applyHeaders: (request: FastifyRequest, reply: FastifyReply) => void) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    applyHeaders(request, reply);
    reply.header('cache-control', 'no-store');
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(414).send({ message: m.addressTooLong });
    if (error.code === 'FST_ERR_BAD_URL') return reply.code(400).send({ message: m.addressInvalid });
    request.log.error({ err: { type: error.name, code: error.code } }, 'framework error');
    return reply.code(500).send({ message: m.serverError });
  };
}

/** Requests Node's HTTP parser refuses before there is a request to route (a malformed request line or chunk, headers
 *  past the limit, a request too slow to arrive): answered in our words with `no-store`, and logged by code alone.
 *  Fastify's own handler logs the error whole, and its `rawPacket` holds the request's bytes: cookies, the CSRF
 *  token, a body with an SSN. Pass as the `clientErrorHandler` option. */
export function socketErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, m.requestTimedOut] : error.code === 'HPE_HEADER_OVERFLOW' ? [431, m.requestTooLarge] : [400, m.requestInvalid];
  this.log.debug({ err: { code: error.code } }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `cache-control: no-store\r\nx-content-type-options: nosniff\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
