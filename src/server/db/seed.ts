/** Demo data, written into an empty database on first start (listed in README). */
import type { Db } from './index';
import type { DataProtection } from '../crypto';
import { upsertMember } from '../memberRoster';

export async function seedDemoData(db: Db, protection: DataProtection): Promise<boolean> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM employer_groups');
  if (rows[0].n !== '0') return false;
  await db.transaction(async (tx) => {
    await tx.query(`INSERT INTO employer_groups (id, name, status, is_aarp, maint_fee, waive_balance) VALUES
      ('999999', 'Individual (no group)', 'active', false, 3.95, 5000),
      ('DEMO100', 'Demo Employer Inc.', 'active', false, 3.95, 5000),
      ('DEMO200', 'Former Employer LLC', 'inactive', false, 3.95, 5000),
      ('AARP01', 'AARP Members', 'active', true, 2.75, 3000),
      ('OC100', 'Other Channel Group', 'active', false, 2.20, 3000)`);
    await tx.query(`UPDATE employer_groups SET is_oc = true WHERE id = 'OC100'`);
    // The roster keeps names and date of birth only as a keyed hash (memberRoster.ts).
    await upsertMember(tx, protection, { memberId: '1234567890', firstName: 'Jane', lastName: 'Sample', dob: '1958-04-15', zip: '20049', active: true });
  });
  return true;
}
