/** /api/v1/enrollment/*: CSRF token, SSN and membership checks, captcha, and the enrollment itself. */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/index';
import type { DataProtection } from '../crypto';
import { HttpError } from '../errors';
import { describeErrors, field, variantOf, wireRefusal, wireValidators } from '../validation';
import { IdentityProviderError, type IdentityProvider, type MembershipProvider } from '../identity';
import type { captchaService } from '../captcha';
import type { Metrics } from '../metrics';
import { issueGrant, presentedGrant } from '../captchaGrants';
import { ensureSession } from '../session';
import { recordVerification } from '../memberVerifications';
import { checkEnrollment, type EnrollmentFacts } from '../recheck';
import { enrollmentStatements } from '../enrollmentStore';
import { keepRevision, revisionOf } from '../revisions';
import { issueDocumentGrant } from '../documents';
import { withTimeout } from '../../engine/loading';

export interface EnrollmentDeps {
  db: Db;
  protection: DataProtection;
  identity: IdentityProvider;
  membership: MembershipProvider;
  captcha: ReturnType<typeof captchaService>;
  limits: { lookup: object; ssn: object; enroll: object };
  metrics: Metrics;
}

// Bodies follow the shared definitions: the SSN as typed or as sent, the membership request in its wire shape.
const ssnBody = {
  type: 'object',
  additionalProperties: false,
  required: ['ssn'],
  properties: { ssn: { anyOf: [field('ssn'), field('ssn', 'wire')] } },
};

const membershipBody = {
  type: 'object',
  additionalProperties: false,
  required: ['firstName', 'lastName', 'dateOfBirth', 'addrLine1', 'city', 'state', 'zip'],
  properties: {
    firstName: field('name'),
    // Optional: the page sends it empty when none was typed.
    middleName: { anyOf: [field('middleInitial'), { const: '' }] },
    lastName: field('name'),
    dateOfBirth: field('dob', 'wire'),
    addrLine1: field('homeAddressLine'),
    city: field('city'),
    state: field('state'),
    zip: field('zip'),
    memberId: field('memberNumber', 'wire'),
  },
};

// rule-scan: a protocol header's shape, not a field of the form
const IDEMPOTENCY_KEY = /^[A-Za-z0-9-]{16,100}$/;

const digits = (s: string) => s.replace(/\D/g, '');

interface Answer {
  status: number;
  body: string;
}

/** Times the phases of one enrollment: each call closes the phase that ran since the last (metrics.enrollPhases). */
function phaseClock(metrics: Metrics) {
  let since = performance.now();
  return (name: string) => {
    const now = performance.now();
    metrics.enrollPhases.observe({ phase: name }, (now - since) / 1000);
    since = now;
  };
}

function send(reply: FastifyReply, answer: Answer, metrics: Metrics) {
  const isText = answer.status === 200;
  metrics.enrollments.inc({ outcome: isText ? answer.body : answer.status === 409 ? 'duplicate' : String(answer.status) });
  return reply.code(answer.status).type(isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8').send(answer.body);
}

const WARM_MS = 2000;

/** PostgreSQL plans a prepared statement's first five runs for their own values, and only at the sixth weighs a
 *  generic plan it then keeps (the same within PL/pgSQL). The warm-up runs each statement this many times, so the
 *  first applicants find that plan made: on the embedded engine the five custom plans had cost the first round of 8
 *  enrollments about 25 ms together (40 ms against 15 ms for every later round). */
const PLANNED_RUNS = 6;

/** What the first enrollment after a start would do for the first time, done as the server starts, so the first
 *  applicants wait no longer than the rest: each wire check's and validator's first run (V8 compiles each then), the
 *  form revision of each partner served kept (or, kept already, looked up: revisions.ts), and the enrollment's two
 *  statements run PLANNED_RUNS times (each is planned, and its function compiled, on its first call: tens of
 *  milliseconds on the embedded engine; its lasting plan is made at the sixth). Keeping a new revision parses its
 *  75 KB of JSON in the database: about 15 ms on the embedded engine, for which the first round of enrollments under
 *  it all waited. The statements name a key no client can send (IDEMPOTENCY_KEY has no '_') and a grant no hash can
 *  be (''), so they claim and store nothing; on PostgreSQL they warm one pooled connection. Each piece goes on its
 *  own, so one that fails leaves the others done. The start waits for all this WARM_MS at most (Fastify fails a start
 *  whose ready hooks take 10 s); what failed or did not finish is logged and left to the first enrollment, which keeps
 *  its revision itself and runs its statements cold (readyz tells the database's state). */
async function warmEnrollment(db: Db, log: FastifyBaseLogger): Promise<void> {
  const wires = await wireValidators();
  for (const wire of Object.values(wires)) if (!wire.passes({})) wire.validate({});
  const { check, settle } = enrollmentStatements(db);
  const key = 'server_start_warm_up';
  const statements = async () => {
    for (let run = 0; run < PLANNED_RUNS; run++) {
      await check({ key, ssn_index: '', group_id: '', token_hash: null, session_hash: null, member_hash: null, member_index: null });
      await settle({ key, fingerprint: '', status: 0, body: '', ssnIndex: '', sealed: '', groupId: '', grant: { tokenHash: '', sessionHash: '' }, verificationId: null, memberIndex: null, revision: '', language: '' });
    }
  };
  // async: a revision this build lacks (revisionOf throws) fails its own piece only.
  const pieces = () => Promise.allSettled([...Object.keys(wires).map(async (variantId) => keepRevision(db, variantId)), statements()]);
  const done = await withTimeout(pieces, WARM_MS).catch(() => null);
  const failed = done?.filter((r) => r.status === 'rejected').map((r) => String((r.reason as Error | undefined)?.message ?? r.reason));
  if (!done || failed?.length) log.warn({ failed: failed ?? [`not finished within ${WARM_MS} ms`] }, 'the enrollment warm-up did not complete: the first enrollment will do the rest');
}

export function enrollmentRoutes(app: FastifyInstance, deps: EnrollmentDeps): void {
  const { db, protection, identity, membership, captcha, limits, metrics } = deps;
  const { check, settle } = enrollmentStatements(db, undefined, (statement, calls) => metrics.enrollBatches.observe({ statement }, calls));

  app.addHook('onReady', () => warmEnrollment(db, app.log));

  app.get('/api/v1/enrollment/csrf-token', { config: { rateLimit: limits.lookup } }, async (_request, reply) => ({ token: reply.generateCsrf() }));

  app.post<{ Body: { ssn: string } }>('/api/v1/enrollment/verify-ssn', { config: { rateLimit: limits.ssn }, schema: { body: ssnBody } }, async (request) => {
    const { rows } = await db.query('SELECT 1 FROM enrollments WHERE ssn_index = $1', [protection.ssnIndex(digits(request.body.ssn))]);
    return rows.length === 0;
  });

  app.post<{ Body: Parameters<MembershipProvider['verify']>[0] }>(
    '/api/v1/enrollment/verify-aarp',
    { config: { rateLimit: limits.lookup }, schema: { body: membershipBody } },
    async (request, reply) => {
      const verified = await membership.verify(request.body);
      // Remembered for this session, so enroll can require it (recheck.ts).
      if (verified) await recordVerification(db, protection, ensureSession(request, reply, protection), request.body);
      return verified;
    },
  );

  app.get('/api/v1/enrollment/captcha-challenge', { config: { rateLimit: limits.lookup } }, async () => captcha.challenge());

  app.post<{ Body: { captcha: string } }>(
    '/api/v1/enrollment/submitCaptcha',
    {
      config: { rateLimit: limits.lookup },
      // rule-scan: the captcha widget's token, not a field of the form
      schema: { body: { type: 'object', additionalProperties: false, required: ['captcha'], properties: { captcha: { type: 'string', minLength: 1, maxLength: 8192 } } } },
    },
    async (request, reply) => {
      const ok = await captcha.verify(request.body.captcha);
      metrics.captcha.inc({ result: ok ? 'verified' : 'failed' });
      // One verified solution, one enrollment: a single-use grant bound to this session (captchaGrants.ts).
      if (ok) await issueGrant(db, protection, ensureSession(request, reply, protection), reply);
      return ok;
    },
  );

  app.post('/api/v1/enrollment/enroll', { config: { rateLimit: limits.enroll } }, async (request, reply) => {
    const phase = phaseClock(metrics);
    const variant = variantOf(request);
    const { messages } = variant;
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) throw new HttpError(400, 'An Idempotency-Key header (16 to 100 letters, digits or dashes) is required.');
    const body = request.body;
    // The variant's wire schema, derived from its step schemas, which the browser checked before sending: decided by
    // the quick check, a refusal listing every error as the browser's validator finds them.
    const refused = wireRefusal((await wireValidators())[variant.id], body);
    if (refused) throw new HttpError(400, messages.enrollmentInvalid, { errors: describeErrors(refused, variant) });
    const payload = body as unknown as EnrollmentFacts & { ssn: string; group: { id: string; name?: string } };
    // The fingerprint binds a key to one request without keeping personal data in clear (a keyed hash).
    const fingerprint = protection.ssnIndex(JSON.stringify(payload));
    const ssnIndex = protection.ssnIndex(payload.ssn);
    phase('validate and hash');

    // One round trip: an earlier answer for this key, whether the SSN is already enrolled, and the re-check's facts.
    const found = await checkEnrollment(check, protection, variant, payload, presentedGrant(request, protection), key, ssnIndex);
    if (found.earlier) {
      if (found.earlier.requestHash !== fingerprint) throw new HttpError(422, 'This Idempotency-Key was used for a different enrollment.');
      return send(reply, found.earlier, metrics);
    }

    // Everything the browser decided, decided again here (read-only; the claims are in settle()).
    const checked = found.recheck();
    phase('check (database)');

    let answer: Answer;
    if (found.duplicate) answer = { status: 409, body: JSON.stringify({ message: messages.duplicateAccount }) };
    else {
      let outcome: Awaited<ReturnType<IdentityProvider['verify']>>;
      try {
        outcome = await identity.verify(payload);
      } catch (e) {
        if (e instanceof IdentityProviderError) throw new HttpError(502, messages.identityUnavailable);
        throw e;
      }
      answer = { status: 200, body: outcome };
    }
    phase('identity verification');
    // The employer's name is the database's, never the body's. The applicant's language is kept for the bank's letters:
    // the one the page sent, else the one the request was made in.
    const record = { ...payload, language: (body as { language?: string }).language ?? variant.language, group: { ...payload.group, id: checked.group.id, name: checked.group.name } };
    // The form revision it was validated under is in the database before the enrollment names it: kept as the server
    // started (warmEnrollment), or here should that have failed (its wait then counts in this request's sealing).
    await keepRevision(db, variant.id);
    const sealed = answer.status === 200 ? protection.encrypt(JSON.stringify(record)) : '';
    phase('seal (encryption)');
    const outcome = await settle({
      key,
      fingerprint,
      status: answer.status,
      body: answer.body,
      ssnIndex,
      sealed,
      groupId: checked.group.id,
      grant: checked.grant,
      verificationId: checked.verificationId,
      memberIndex: checked.memberIndex,
      revision: revisionOf(variant.id),
      language: record.language,
    });
    phase('settle (database)');
    let stored: Answer | null = outcome.claimed ? answer : null;
    if (stored && answer.status === 200 && !outcome.enrollmentId) {
      // Another request for this SSN, or for this member, was stored first (a race past the checks): this one is a
      // duplicate. Until this update lands, a retry with this key reads the accepted answer, which is true of the person.
      const member = checked.memberIndex !== null && (await db.query('SELECT 1 FROM enrollments WHERE ssn_index = $1', [ssnIndex])).rows.length === 0;
      stored = { status: 409, body: JSON.stringify({ message: member ? checked.memberEnrolledMessage() : messages.duplicateAccount }) };
      await db.query('UPDATE idempotency_keys SET status = $2, body = $3 WHERE key = $1', [key, stored.status, stored.body]);
    }
    // Documents needed: this browser alone may upload identity documents for the enrollment just stored (issue 11).
    // Bound to the session whose captcha grant this enrollment claimed.
    if (stored?.body === 'partial' && outcome.enrollmentId) await issueDocumentGrant(reply, db, outcome.enrollmentId, checked.grant.sessionHash);
    if (stored) return send(reply, stored, metrics);
    // A concurrent request with the same key stored its answer first: answer as it did.
    const twin = (await db.query<Answer & { request_hash: string }>('SELECT status, body, request_hash FROM idempotency_keys WHERE key = $1', [key])).rows[0];
    // No answer under this key: the grant (or the membership verification) was spent by another enrollment meanwhile.
    if (!twin) throw new HttpError(403, outcome.granted ? checked.membershipMessage() : messages.captchaRequired);
    if (twin.request_hash !== fingerprint) throw new HttpError(422, 'This Idempotency-Key was used for a different enrollment.');
    return send(reply, twin, metrics);
  });
}
