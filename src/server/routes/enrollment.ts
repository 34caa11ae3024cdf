/** /api/v1/enrollment/*: CSRF token, SSN and membership checks, captcha, and the enrollment itself. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index';
import type { DataProtection } from '../crypto';
import { HttpError } from '../errors';
import { describeErrors, validateEnrollment } from '../validation';
import { IdentityProviderError, type IdentityProvider, type MembershipProvider } from '../identity';
import { CAPTCHA_COOKIE, CAPTCHA_VALID_MS, type captchaService } from '../captcha';

export const DUPLICATE_ACCOUNT =
  'Our records show that you already have a Health Savings Account with us. Please contact customer service (at the number provided below) if you have any questions regarding this account.';

export interface EnrollmentDeps {
  db: Db;
  protection: DataProtection;
  identity: IdentityProvider;
  membership: MembershipProvider;
  captcha: ReturnType<typeof captchaService>;
  limits: { lookup: object; ssn: object; enroll: object };
}

const ssnBody = {
  type: 'object',
  additionalProperties: false,
  required: ['ssn'],
  properties: { ssn: { type: 'string', pattern: '^(\\d{3}-\\d{2}-\\d{4}|\\d{9})$' } },
};

// Checked before the database sees them: text without control characters (PostgreSQL refuses NUL), and a date of
// birth that is a real calendar day (format 'date') in years the database and the sandbox register can hold.
const text = (maxLength: number) => ({ type: 'string', maxLength, pattern: '^[^\\x00-\\x1f\\x7f]*$' });

const membershipBody = {
  type: 'object',
  additionalProperties: false,
  required: ['firstName', 'lastName', 'dateOfBirth', 'addrLine1', 'city', 'state', 'zip'],
  properties: {
    firstName: text(18),
    middleName: text(18),
    lastName: text(18),
    dateOfBirth: { type: 'string', format: 'date', pattern: '^(19|20)\\d{2}-\\d{2}-\\d{2}$' },
    addrLine1: text(30),
    city: text(22),
    state: text(2),
    zip: { type: 'string', pattern: '^\\d{5}$' },
    memberId: { type: 'string', pattern: '^\\d{1,13}$' },
  },
};

const IDEMPOTENCY_KEY = /^[A-Za-z0-9-]{16,100}$/;

const digits = (s: string) => s.replace(/\D/g, '');

function requireCaptcha(request: FastifyRequest): void {
  const raw = request.cookies[CAPTCHA_COOKIE];
  const cookie = raw ? request.unsignCookie(raw) : null;
  if (!cookie?.valid || Number(cookie.value) < Date.now()) throw new HttpError(403, 'Please complete the verification before you submit.');
}

interface Answer {
  status: number;
  body: string;
}

function send(reply: FastifyReply, answer: Answer) {
  const isText = answer.status === 200;
  return reply.code(answer.status).type(isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8').send(answer.body);
}

export function enrollmentRoutes(app: FastifyInstance, deps: EnrollmentDeps): void {
  const { db, protection, identity, membership, captcha, limits } = deps;

  app.get('/api/v1/enrollment/csrf-token', { config: { rateLimit: limits.lookup } }, async (_request, reply) => ({ token: reply.generateCsrf() }));

  app.post<{ Body: { ssn: string } }>('/api/v1/enrollment/verify-ssn', { config: { rateLimit: limits.ssn }, schema: { body: ssnBody } }, async (request) => {
    const { rows } = await db.query('SELECT 1 FROM enrollments WHERE ssn_index = $1', [protection.ssnIndex(digits(request.body.ssn))]);
    return rows.length === 0;
  });

  app.post<{ Body: Parameters<MembershipProvider['verify']>[0] }>(
    '/api/v1/enrollment/verify-aarp',
    { config: { rateLimit: limits.lookup }, schema: { body: membershipBody } },
    async (request) => membership.verify(request.body),
  );

  app.get('/api/v1/enrollment/captcha-challenge', { config: { rateLimit: limits.lookup } }, async () => captcha.challenge());

  app.post<{ Body: { captcha: string } }>(
    '/api/v1/enrollment/submitCaptcha',
    {
      config: { rateLimit: limits.lookup },
      schema: { body: { type: 'object', additionalProperties: false, required: ['captcha'], properties: { captcha: { type: 'string', minLength: 1, maxLength: 8192 } } } },
    },
    async (request, reply) => {
      const ok = await captcha.verify(request.body.captcha);
      if (ok) reply.setCookie(CAPTCHA_COOKIE, String(Date.now() + CAPTCHA_VALID_MS), { signed: true, httpOnly: true, sameSite: 'strict', path: '/api/v1/enrollment', secure: 'auto' });
      return ok;
    },
  );

  app.post('/api/v1/enrollment/enroll', { config: { rateLimit: limits.enroll } }, async (request, reply) => {
    requireCaptcha(request);
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) throw new HttpError(400, 'An Idempotency-Key header (16 to 100 letters, digits or dashes) is required.');
    const body = request.body;
    if (!validateEnrollment(body)) throw new HttpError(400, 'The enrollment is not valid.', { errors: describeErrors(validateEnrollment.errors) });
    const payload = body as { ssn: string; firstName: string; lastName: string; dob: string; group: { id: string } };
    // The fingerprint binds a key to one request without keeping personal data in clear (a keyed hash).
    const fingerprint = protection.ssnIndex(JSON.stringify(payload));
    const ssnIndex = protection.ssnIndex(payload.ssn);

    // One round trip: an earlier answer for this key, and whether the SSN is already enrolled.
    const { rows } = await db.query<{ status: number | null; body: string | null; request_hash: string | null; duplicate: boolean }>(
      `SELECT k.status, k.body, k.request_hash, EXISTS (SELECT 1 FROM enrollments WHERE ssn_index = $2) AS duplicate
         FROM (SELECT 1) AS one LEFT JOIN idempotency_keys k ON k.key = $1`,
      [key, ssnIndex],
    );
    const earlier = rows[0];
    if (earlier.status !== null) {
      if (earlier.request_hash !== fingerprint) throw new HttpError(422, 'This Idempotency-Key was used for a different enrollment.');
      return send(reply, { status: earlier.status, body: earlier.body ?? '' });
    }

    let answer: Answer;
    if (earlier.duplicate) answer = { status: 409, body: JSON.stringify({ message: DUPLICATE_ACCOUNT }) };
    else {
      let outcome: Awaited<ReturnType<IdentityProvider['verify']>>;
      try {
        outcome = await identity.verify(payload);
      } catch (e) {
        if (e instanceof IdentityProviderError) throw new HttpError(502, 'We could not verify your identity right now. Please try again later.');
        throw e;
      }
      answer = { status: 200, body: outcome };
    }
    // One atomic statement: claim the key and, for an accepted enrollment, store it. The SSN's blind index is unique,
    // so of two requests for one SSN (under different keys) only one row is stored.
    const { rows: outcome } = await db.query<{ claimed: number; stored: number }>(
      `WITH claimed AS (
         INSERT INTO idempotency_keys (key, request_hash, status, body) VALUES ($1, $2, $3, $4)
         ON CONFLICT (key) DO NOTHING RETURNING key
       ), stored AS (
         INSERT INTO enrollments (ssn_index, payload_enc, group_id, outcome)
         SELECT $5, $6, $7, $4 FROM claimed WHERE $3 = 200
         ON CONFLICT (ssn_index) DO NOTHING RETURNING id
       )
       SELECT (SELECT count(*) FROM claimed)::int AS claimed, (SELECT count(*) FROM stored)::int AS stored`,
      [key, fingerprint, answer.status, answer.body, ssnIndex, answer.status === 200 ? protection.encrypt(JSON.stringify(payload)) : '', payload.group.id.toUpperCase()],
    );
    let stored: Answer | null = outcome[0].claimed === 1 ? answer : null;
    if (stored && answer.status === 200 && outcome[0].stored === 0) {
      // Another request for this SSN was stored first (a race past the duplicate check): this one is a duplicate.
      // Until this update lands, a retry with this key reads the accepted answer, which is true of the person.
      stored = { status: 409, body: JSON.stringify({ message: DUPLICATE_ACCOUNT }) };
      await db.query('UPDATE idempotency_keys SET status = $2, body = $3 WHERE key = $1', [key, stored.status, stored.body]);
    }
    if (stored) return send(reply, stored);
    // A concurrent request with the same key stored its answer first: answer as it did.
    const twin = (await db.query<Answer & { request_hash: string }>('SELECT status, body, request_hash FROM idempotency_keys WHERE key = $1', [key])).rows[0];
    if (twin.request_hash !== fingerprint) throw new HttpError(422, 'This Idempotency-Key was used for a different enrollment.');
    return send(reply, twin);
  });
}
