/** Self-hosted proof-of-work captcha (ALTCHA v2): challenges and one-time verification. What a verified solution
 *  grants (one enrollment of one session) is captchaGrants.ts. */
import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { create as altchaFastify } from 'altcha-lib/frameworks/fastify';
import type { Db } from './db/index';

export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export function captchaService(db: Db, secret: string, cost: number) {
  const keySecret = `${secret}:key`;
  const { verify } = altchaFastify({ hmacSignatureSecret: secret, hmacKeySignatureSecret: keySecret, deriveKey } as never);
  // A solution is good once: the challenge id goes into the database, atomically. The library turns a store's
  // error into 'not verified'; a database that cannot answer must be a 503 instead, so the error is passed on.
  const storeFor = (failures: unknown[]) => ({
    setIfAbsent: async (id: string) => {
      try {
        return (await db.query('INSERT INTO used_captchas (challenge_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING challenge_id', [id])).rows.length === 1;
      } catch (e) {
        failures.push(e);
        throw e;
      }
    },
    get: async () => false,
    set: async () => undefined,
  });
  return {
    challenge: () =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost,
        counter: randomInt(cost * 2, cost),
        deriveKey,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: keySecret,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      } as never),
    async verify(payload: string): Promise<boolean> {
      const failures: unknown[] = [];
      const result = await verify(payload as never, deriveKey, secret, keySecret, storeFor(failures) as never);
      if (failures.length) throw failures[0];
      return !result.error && Boolean(result.verification?.verified);
    },
  };
}
