/** The sandbox membership register: the partner's check answered from the members table, by keyed hash. */
import type { DataProtection } from './crypto';
import type { Db } from './db/index';
import type { MembershipProvider } from './identity';
import { personHash } from './memberRoster';

export function sandboxMembership(db: Db, protection: DataProtection): MembershipProvider {
  return {
    async verify(r) {
      const { rows } = await db.query(`SELECT 1 FROM members WHERE active AND person_hash = $1 AND zip = $2 AND ($3::text IS NULL OR member_id = $3)`, [
        personHash(protection, { firstName: r.firstName, lastName: r.lastName, dob: r.dateOfBirth }),
        r.zip,
        r.memberId ?? null,
      ]);
      return rows.length > 0;
    },
  };
}
