/** What a log line says about a request: the method, the route, and the path without its query string (an old
 *  client may put an SSN there) and with anything shaped like an SSN or a date masked, cut short. Never the body,
 *  cookies or tokens (redacted in app.ts). */
import type { FastifyRequest } from 'fastify';
import { decodedPath } from './paths';

const MAX_PATH = 200;
/** An SSN's shape or a date's, in an address someone mistyped or made up (a log line must never carry either): six or
 *  more digits in a row, each pair at most one dash, dot, slash or space apart (123-45-6789, 04151958, 04/15/1958, a
 *  member number), or a date with a short part (4-5-58). The run comes first, so a date after other digits is masked
 *  whole (AARP01/04-15-1958). */
// rule-scan: a log's mask, looser than the SSN field's rule on purpose (any run of digits)
const PERSONAL = /\d(?:[-./ ]?\d){5,}|\d{1,4}[-./ ]\d{1,2}[-./ ]\d{2,4}/g;

/** What a log line says of a request's address: its path without the query, decoded as the router reads it (an
 *  encoded digit is masked as a digit), masked, cut short. */
export function loggedPath(url: string): string {
  const path = decodedPath(url).replace(PERSONAL, '[redacted]');
  return path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}...` : path;
}

export function requestSerializer(request: FastifyRequest) {
  let route: string | undefined;
  let remoteAddress: string | undefined;
  try {
    route = request.routeOptions?.url;
    remoteAddress = request.ip;
  } catch {
    // a request the router refused (a malformed URL) has no route
  }
  return { method: request.method, route, path: loggedPath(request.url ?? ''), remoteAddress };
}
