/** CSRF and `Cache-Control: no-store`, attached to every API route when it is declared. The raw URL is never
 *  consulted, so an encoded, re-cased or re-slashed spelling that the router still matches gets the same checks. */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { isApiPath } from './paths';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Call before the API's routes are declared; `app` must have @fastify/csrf-protection registered. */
export function guardApiRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url ?? route.path)) return;
    const guard: onRequestHookHandler = (request, reply, done) => {
      reply.header('cache-control', 'no-store');
      // Every state-changing request carries the CSRF token (signed double-submit cookie).
      if (SAFE_METHODS.has(request.method)) done();
      else app.csrfProtection(request, reply, done);
    };
    const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [guard, ...own];
  });
}
