/** What a log line says about a request: the method, the route, and the path without its query string (an old
 *  client may put an SSN there) and with anything shaped like an SSN or a date masked, cut short. Never the body,
 *  cookies or tokens (redacted in app.ts). */
import type { FastifyRequest } from 'fastify';
import { pathOf } from './paths';

const MAX_PATH = 200;
/** An SSN's shape (nine digits, dashes or not, plain or percent-encoded) or a date's, in an address someone mistyped
 *  or made up: masked, since a log line must never carry either. */
// rule-scan: a log's mask, looser than the SSN field's rule on purpose (any nine digits)
const PERSONAL = /\d{3}(?:-|%2d)?\d{2}(?:-|%2d)?\d{4}|\d{4}(?:-|%2d)\d{2}(?:-|%2d)\d{2}/gi;

export function requestSerializer(request: FastifyRequest) {
  let route: string | undefined;
  let remoteAddress: string | undefined;
  try {
    route = request.routeOptions?.url;
    remoteAddress = request.ip;
  } catch {
    // a request the router refused (a malformed URL) has no route
  }
  const path = pathOf(request.url ?? '').replace(PERSONAL, '[redacted]');
  return {
    method: request.method,
    route,
    path: path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}...` : path,
    remoteAddress,
  };
}
