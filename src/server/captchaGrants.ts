/** Single-use captcha grants. A verified solution records one grant in the database, bound to the session and
 *  short-lived; the enrollment that uses it claims it in the statement that stores its answer (enrollmentStore.ts).
 *  The browser holds only a random grant token in a signed cookie: alone, in another session, it grants nothing. */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DataProtection } from './crypto';
import type { Db } from './db/index';
import { ENROLLMENT_COOKIE_PATH, sessionHash } from './session';

export const CAPTCHA_COOKIE = 'hsa_captcha';
/** As long as the widget's challenge lives (captcha.ts), so the widget asks again before a grant runs out. */
export const CAPTCHA_GRANT_MS = 10 * 60 * 1000;
export interface GrantRef {
  tokenHash: string;
  sessionHash: string;
}

/** Records a grant for this session and hands the browser its token. Old grants are cleared on the way. */
export async function issueGrant(db: Db, protection: DataProtection, session: string, reply: FastifyReply): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `WITH expired AS (DELETE FROM captcha_grants WHERE expires_at < now() - interval '1 day')
     INSERT INTO captcha_grants (token_hash, session_hash, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')`,
    [protection.keyedHash('captcha-grant', token), session, CAPTCHA_GRANT_MS],
  );
  reply.setCookie(CAPTCHA_COOKIE, token, { signed: true, httpOnly: true, sameSite: 'strict', path: ENROLLMENT_COOKIE_PATH, secure: 'auto', maxAge: CAPTCHA_GRANT_MS / 1000 });
}

/** The grant this request presents, with its session; null when either cookie is missing or forged. Whether the
 *  grant is live (unclaimed, unexpired, of this session) is the database's to say. */
export function presentedGrant(request: FastifyRequest, protection: DataProtection): GrantRef | null {
  const raw = request.cookies[CAPTCHA_COOKIE];
  const cookie = raw ? request.unsignCookie(raw) : null;
  const session = sessionHash(request, protection);
  if (!cookie?.valid || !cookie.value || !session) return null;
  return { tokenHash: protection.keyedHash('captcha-grant', cookie.value), sessionHash: session };
}
