/** The one statement that settles an enrollment (the function enroll_settle, migrations 011 and 013): claim the captcha
 *  grant (and the membership verification, when the group needs one), claim the Idempotency-Key with the answer,
 *  and for an accepted enrollment store it.
 *
 *  Why this way: a grant is spent exactly when an answer is recorded under an Idempotency-Key (success, partial or
 *  the duplicate-account 409), so one solution admits one enrollment and cannot probe many SSNs, and a retry with the
 *  key gets its first answer from the key (the lookup comes before any claim). Whatever is refused before this
 *  statement (invalid body, inactive group, unverified member, identity provider down: 4xx or 502) claims nothing,
 *  so the applicant can try again with the same grant. Both claims are conditional on each other as far as one
 *  statement allows: the grant is claimed only while the verification is still unclaimed, so only two enrollments
 *  of one session racing for one verification can spend a grant without storing anything (they then redo the
 *  captcha). The SSN's blind index is unique, and so is the member's, so of two requests for one SSN (or one member)
 *  only one row is stored. */
import type { Db } from './db/index';
import type { GrantRef } from './captchaGrants';

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

/** enroll_settle (migrations 011, 013, 014) holds the statement, and the call is a prepared statement: each is planned
 *  once per connection, not per request. */
export async function settle(db: Db, s: Settlement): Promise<Settled> {
  const { rows } = await db.query<{ granted: number; claimed: number; enrollment_id: string | null }>(
    'SELECT granted, claimed, enrollment_id FROM enroll_settle($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)',
    [s.key, s.fingerprint, s.status, s.body, s.ssnIndex, s.sealed, s.groupId, s.grant.tokenHash, s.grant.sessionHash, s.verificationId, s.memberIndex, s.revision, s.language],
    'enroll_settle',
  );
  return { granted: rows[0].granted === 1, claimed: rows[0].claimed === 1, enrollmentId: rows[0].enrollment_id };
}
