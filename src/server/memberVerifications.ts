/** Successful membership checks, remembered server-side for the session that made them, so enroll can require that
 *  this server verified this member for this session (recheck.ts) and claim the verification (enrollmentStore.ts).
 *  Only a keyed hash of the verified fields is kept. */
import type { DataProtection } from './crypto';
import type { Db } from './db/index';
import type { MembershipRequest } from './identity';
import { verifiedMemberHash } from './memberRoster';

/** Long enough for one application (about ten minutes, the idle timeout resets a longer pause). */
export const MEMBER_VERIFICATION_MS = 60 * 60 * 1000;

export async function recordVerification(db: Db, protection: DataProtection, session: string, r: MembershipRequest): Promise<void> {
  const fields = verifiedMemberHash(protection, { memberId: r.memberId ?? '', firstName: r.firstName, lastName: r.lastName, dob: r.dateOfBirth, zip: r.zip });
  await db.query(
    `WITH expired AS (DELETE FROM member_verifications WHERE expires_at < now() - interval '1 day')
     INSERT INTO member_verifications (session_hash, fields_hash, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')`,
    [session, fields, MEMBER_VERIFICATION_MS],
  );
}
