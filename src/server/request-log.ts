/** What a log line says about a request: the method, the route, and the path without its query string (an old
 *  client may put an SSN there), cut short. Never the body, cookies or tokens (redacted in app.ts). */
import type { FastifyRequest } from 'fastify';
import { pathOf } from './paths';

const MAX_PATH = 200;

export function requestSerializer(request: FastifyRequest) {
  let route: string | undefined;
  let remoteAddress: string | undefined;
  try {
    route = request.routeOptions?.url;
    remoteAddress = request.ip;
  } catch {
    // a request the router refused (a malformed URL) has no route
  }
  const path = pathOf(request.url ?? '');
  return {
    method: request.method,
    route,
    path: path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}...` : path,
    remoteAddress,
  };
}
