/** The sandbox membership register: the partner's check answered from the members table. */
import type { Db } from './db/index';
import type { MembershipProvider } from './identity';

export function sandboxMembership(db: Db): MembershipProvider {
  return {
    async verify(r) {
      const { rows } = await db.query(
        `SELECT 1 FROM members WHERE active AND lower(last_name) = lower($1) AND lower(first_name) = lower($2)
           AND birth_date = $3::date AND zip = $4 AND ($5::text IS NULL OR member_id = $5)`,
        [r.lastName.trim(), r.firstName.trim(), r.dateOfBirth, r.zip, r.memberId ?? null],
      );
      return rows.length > 0;
    },
  };
}
