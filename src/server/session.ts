/** The applicant's session: a random id in a signed, http-only cookie, known to the database only as a keyed hash.
 *  Captcha grants, membership verifications and document grants are bound to it, so a cookie copied into another
 *  browser proves nothing there. Set by the first route that binds something to the session (captcha, membership
 *  check); sent to the enrollment's routes and the documents' (SESSION_COOKIE_PATH). */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DataProtection } from './crypto';

export const SESSION_COOKIE = 'hsa_session';
export const ENROLLMENT_COOKIE_PATH = '/api/v1/enrollment';
export const SESSION_COOKIE_PATH = '/api/v1';

/** The session's id from a validly signed cookie, or null. */
function sessionId(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  const cookie = raw ? request.unsignCookie(raw) : null;
  return cookie?.valid && cookie.value ? cookie.value : null;
}

/** The session's keyed hash, or null without a validly signed session cookie. */
export function sessionHash(request: FastifyRequest, protection: DataProtection): string | null {
  const id = sessionId(request);
  return id ? protection.keyedHash('session', id) : null;
}

/** The session's keyed hash; a new session (and its cookie) when the request has none. The cookie is set again at
 *  SESSION_COOKIE_PATH each time, and one left at the enrollment routes' path by an earlier version is cleared, so a
 *  session begun before that change reaches the documents API, and a stale cookie there cannot shadow the new one
 *  (a browser sends the longer path's cookie first). */
export function ensureSession(request: FastifyRequest, reply: FastifyReply, protection: DataProtection): string {
  const id = sessionId(request) ?? randomBytes(32).toString('base64url');
  reply.clearCookie(SESSION_COOKIE, { path: ENROLLMENT_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: 'auto' });
  // A browser-session cookie: it ends with the browser; what is bound to it expires on its own in the database.
  reply.setCookie(SESSION_COOKIE, id, { signed: true, httpOnly: true, sameSite: 'strict', path: SESSION_COOKIE_PATH, secure: 'auto' });
  return protection.keyedHash('session', id);
}
