/** The one statement that settles an enrollment (the function enroll_settle, migrations 011, 013 and 014; in a
 *  batch, enroll_settle_many, 015 and 017): claim the captcha grant (and the membership verification, when the
 *  group needs one), claim the Idempotency-Key with the answer, and for an accepted enrollment store it.
 *
 *  Why this way: a grant is spent exactly when an answer is recorded under an Idempotency-Key (success, partial or
 *  the duplicate-account 409), so one solution admits one enrollment and cannot probe many SSNs, and a retry with the
 *  key gets its first answer from the key (the lookup comes before any claim). Whatever is refused before this
 *  statement (invalid body, inactive group, unverified member, identity provider down: 4xx or 502) claims nothing,
 *  so the applicant can try again with the same grant. Both claims are conditional on each other as far as one
 *  statement allows: the grant is claimed only while the verification is still unclaimed, so only two enrollments
 *  of one session racing for one verification can spend a grant without storing anything (they then redo the
 *  captcha). The SSN's blind index is unique, and so is the member's, so of two requests for one SSN (or one member)
 *  only one row is stored. Concurrent enrollments' calls go as one batch (group commit, migration 015; on PGlite
 *  Db.queryEach), each call settled as its own statement would be, one after the other. */
import type { Db } from './db/index';
import type { GrantRef } from './captchaGrants';
import { grouped, type GroupOptions } from './db/groupCommit';
import { isDatabaseUnavailable } from './db/unavailable';

export interface Settlement {
  key: string;
  /** A keyed hash of the request body, binding the key to one enrollment. */
  fingerprint: string;
  status: number;
  body: string;
  ssnIndex: string;
  /** The sealed enrollment ('' unless accepted). */
  sealed: string;
  groupId: string;
  grant: GrantRef;
  verificationId: string | null;
  /** The member's index when the group admits members only (a member enrolls once), else null. */
  memberIndex: string | null;
  /** The form revision (revisions.ts) and the language the enrollment was validated under. */
  revision: string;
  language: string;
}

export interface Settled {
  /** The grant was claimed by this request. */
  granted: boolean;
  /** The Idempotency-Key was claimed by this request (its answer is recorded). */
  claimed: boolean;
  /** The stored enrollment's id, or null when none was stored (refused, or another request stored this SSN). */
  enrollmentId: string | null;
}

/** The row enroll_check (migrations 011, 013) reads for one enrollment. */
export interface CheckRow {
  status: number | null;
  body: string | null;
  request_hash: string | null;
  duplicate: boolean;
  group_name: string | null;
  group_status: string | null;
  is_aarp: boolean | null;
  grant_live: boolean;
  verification_id: string | null;
  member_enrolled: boolean;
}

/** enroll_check's arguments, by the names enroll_check_many (migration 015) reads them. */
export interface CheckArgs {
  key: string;
  ssn_index: string;
  group_id: string;
  token_hash: string | null;
  session_hash: string | null;
  member_hash: string | null;
  member_index: string | null;
}

export interface EnrollmentStatements {
  check(args: CheckArgs): Promise<CheckRow>;
  settle(s: Settlement): Promise<Settled>;
}

/** A batch that failed on one of its calls (a deadlock with another instance's batch, a row the statement refuses)
 *  is run again call by call; one the database could not serve at all (gone, past its time limit) is not asked again. */
const oneCallsError = (e: unknown) => !isDatabaseUnavailable(e) || ['40P01', '40001'].includes(String((e as { code?: unknown }).code));

/** An enrollment's two statements on `db`: enroll_check before the identity check, enroll_settle after it. Each
 *  call is grouped with the same statement of concurrent enrollments (groupCommit.ts); `options` set the grouping,
 *  and `onBatch` hears how many calls each batch of a statement carried. The calls are prepared statements: each is
 *  planned once per connection, not per request. */
export function enrollmentStatements(db: Db, options: GroupOptions = {}, onBatch?: (statement: 'check' | 'settle', calls: number) => void): EnrollmentStatements {
  options = { alone: oneCallsError, ...options };
  const told = (statement: 'check' | 'settle'): GroupOptions => (onBatch ? { ...options, onBatch: (calls) => onBatch(statement, calls) } : options);
  const inOrder = <R extends { n: string | number }>(rows: R[], count: number): R[] => {
    const out = new Array<R>(count);
    for (const row of rows) out[Number(row.n) - 1] = row;
    return out;
  };
  // Where the database runs one statement for each call in one message (PGlite), a batch is the single call's
  // statement run for each; elsewhere, a statement that takes the calls as JSON.
  const each = db.queryEach?.bind(db);
  const check = grouped(async (items: CheckArgs[]) => {
    if (each) return (await each<CheckRow>(CHECK_ONE, items.map(checkParams), 'enroll_check')).map(([row]) => row);
    const { rows } = await db.query<CheckRow & { n: string }>('SELECT * FROM enroll_check_many($1)', [JSON.stringify(items)], 'enroll_check_many');
    return inOrder(rows, items.length);
  }, told('check'));
  const settle = grouped(async (items: Settlement[]) => {
    if (each) return (await each<SettleRow>(SETTLE_ONE, items.map(settleParams), 'enroll_settle')).map(([row]) => settled(row));
    const { rows } = await db.query<SettleRow & { n: string }>('SELECT * FROM enroll_settle_many($1)', [JSON.stringify(items.map(settleArgs))], 'enroll_settle_many');
    return inOrder(rows, items.length).map(settled);
  }, told('settle'));
  return { check, settle };
}

/** The single call of each statement, and its parameters in order (a batch on PGlite). */
const CHECK_ONE = 'SELECT * FROM enroll_check($1, $2, $3, $4, $5, $6, $7)';
const checkParams = (a: CheckArgs) => [a.key, a.ssn_index, a.group_id, a.token_hash, a.session_hash, a.member_hash, a.member_index];
const SETTLE_ONE = 'SELECT * FROM enroll_settle($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)';
const settleParams = (s: Settlement) => Object.values(settleArgs(s));

/** enroll_settle's arguments, by the names enroll_settle_many (migration 015) reads them and in its order. */
const settleArgs = (s: Settlement) => ({
  key: s.key,
  fingerprint: s.fingerprint,
  status: s.status,
  body: s.body,
  ssn_index: s.ssnIndex,
  sealed: s.sealed,
  group_id: s.groupId,
  token_hash: s.grant.tokenHash,
  session_hash: s.grant.sessionHash,
  verification_id: s.verificationId,
  member_index: s.memberIndex,
  revision: s.revision,
  language: s.language,
});

interface SettleRow {
  granted: number;
  claimed: number;
  enrollment_id: string | null;
}

const settled = (r: SettleRow): Settled => ({ granted: r.granted === 1, claimed: r.claimed === 1, enrollmentId: r.enrollment_id });
