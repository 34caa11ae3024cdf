/** The partner's member roster at rest: names and date of birth only as one keyed hash (HMAC, a key derived from
 *  HSA_DATA_KEY like the SSN blind index), compared as hashes; the roster is never decrypted because it is never
 *  encrypted. Member number and zip stay in clear: they are what the partner prints on a membership card. */
import type { DataProtection } from './crypto';
import type { Queryable } from './db/index';

export interface Person {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dob: string;
}

/** Names compare case-insensitively and without surrounding spaces, as the membership check always did. */
const name = (s: string) => s.trim().toLowerCase();

export const personHash = (protection: DataProtection, p: Person): string => protection.keyedHash('member', JSON.stringify([name(p.firstName), name(p.lastName), p.dob]));

/** The fields a successful membership check vouches for, as one keyed hash (what member_verifications keeps). */
export const verifiedMemberHash = (protection: DataProtection, p: Person & { memberId: string; zip: string }): string =>
  protection.keyedHash('member-verification', JSON.stringify([p.memberId, name(p.firstName), name(p.lastName), p.dob, p.zip]));

export interface RosterRow extends Person {
  memberId: string;
  zip: string;
  active: boolean;
}

export async function upsertMember(q: Queryable, protection: DataProtection, r: RosterRow): Promise<void> {
  await q.query(
    `INSERT INTO members (member_id, person_hash, zip, active) VALUES ($1, $2, $3, $4)
     ON CONFLICT (member_id) DO UPDATE SET person_hash = excluded.person_hash, zip = excluded.zip, active = excluded.active`,
    [r.memberId, personHash(protection, r), r.zip, r.active],
  );
}

/** Migration hook (after 003_members_hashed.sql): hashes a roster stored in clear before 004 drops the clear columns. */
export async function hashClearRoster(tx: Queryable, protection: DataProtection): Promise<void> {
  const { rows } = await tx.query<{ member_id: string; first_name: string; last_name: string; birth_date: string }>(
    'SELECT member_id, first_name, last_name, birth_date::text AS birth_date FROM members WHERE person_hash IS NULL',
  );
  for (const r of rows) {
    await tx.query('UPDATE members SET person_hash = $2 WHERE member_id = $1', [r.member_id, personHash(protection, { firstName: r.first_name, lastName: r.last_name, dob: r.birth_date })]);
  }
}
