/** Retention: records kept only as long as they do their job, deleted at start-up, hourly, and by `admin prune`.
 *  Every table that holds personal or security data is here but the enrollments themselves (the bank's record):
 *  keys and used captchas past their use, grants and verifications once expired, documents after the period that
 *  DOCUMENT_RETENTION_DAYS sets (config.ts, README). */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from './db/index';
import { CHALLENGE_TTL_MS } from './captcha';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** An Idempotency-Key answers repeats of one enrollment (a reload, a double click, a retry) for a day. */
export const IDEMPOTENCY_KEY_TTL_MS = DAY_MS;
/** A used captcha is remembered until its challenge has expired: after that the solution is refused anyway. */
export const USED_CAPTCHA_TTL_MS = CHALLENGE_TTL_MS;
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

export interface Pruned {
  idempotencyKeys: number;
  usedCaptchas: number;
  captchaGrants: number;
  memberVerifications: number;
  documentGrants: number;
  documents: number;
}

/** Deletes what is past its life; documents once older than `documentRetentionMs`. */
export async function prune(db: Queryable, documentRetentionMs: number): Promise<Pruned> {
  const count = async (sql: string, ms = 0) => (await db.query(`${sql} RETURNING 1`, [`${ms} milliseconds`])).rows.length;
  return {
    idempotencyKeys: await count('DELETE FROM idempotency_keys WHERE created_at < now() - $1::interval', IDEMPOTENCY_KEY_TTL_MS),
    usedCaptchas: await count('DELETE FROM used_captchas WHERE used_at < now() - $1::interval', USED_CAPTCHA_TTL_MS),
    // An expired grant or verification grants nothing: the enroll and upload checks read expires_at.
    captchaGrants: await count('DELETE FROM captcha_grants WHERE expires_at < now() - $1::interval'),
    memberVerifications: await count('DELETE FROM member_verifications WHERE expires_at < now() - $1::interval'),
    documentGrants: await count('DELETE FROM document_grants WHERE expires_at < now() - $1::interval'),
    documents: await count('DELETE FROM enrollment_documents WHERE received_at < now() - $1::interval', documentRetentionMs),
  };
}

/** What a prune did, as `admin prune` prints it. */
export const describePruned = (p: Pruned): string =>
  `pruned ${p.idempotencyKeys} idempotency keys, ${p.usedCaptchas} used captchas, ${p.captchaGrants} captcha grants, ${p.memberVerifications} membership verifications, ${p.documentGrants} document grants and ${p.documents} documents`;

/** Prunes when the server is ready and then every `intervalMs` on a timer that never keeps the process alive. */
export function scheduleRetention(app: FastifyInstance, db: Queryable, documentRetentionMs: number, intervalMs = RETENTION_INTERVAL_MS): void {
  const run = async () => {
    try {
      app.log.info({ pruned: await prune(db, documentRetentionMs) }, 'retention');
    } catch (e) {
      // The next run tries again; a database that is down is reported by /readyz and the routes.
      app.log.warn({ err: { code: (e as { code?: string }).code } }, 'retention failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
