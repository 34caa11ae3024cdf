// @vitest-environment node
/** The member roster at rest: a roster stored in clear before migration 003 is hashed, and the clear table is gone. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPgliteWorker, type Db } from '../../src/server/db/index';
import { migrate } from '../../src/server/db/migrate';
import { dataProtection } from '../../src/server/crypto';
import { hashClearRoster } from '../../src/server/memberRoster';
import { sandboxMembership } from '../../src/server/membership';

const migrations = join(import.meta.dirname, '../../src/server/migrations');

/** A database as it was before the roster was hashed: 001 and 002 applied, one member in clear. */
async function rosterInClear(db: Db): Promise<void> {
  await db.query('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  for (const name of ['001_initial.sql', '002_session_grants.sql']) {
    for (const statement of readFileSync(join(migrations, name), 'utf8').split(/;\s*$/m).map((s) => s.trim()).filter(Boolean)) await db.query(statement);
    await db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
  }
  await db.query(`INSERT INTO members (member_id, first_name, last_name, birth_date, zip) VALUES ('1112223334', 'Otto', 'Quill', '1949-11-30', '30301')`);
}

describe('member roster migration', () => {
  it('hashes names and dates of birth already stored in clear, then drops them; the check still matches', async () => {
    const db = await openPgliteWorker();
    try {
      await rosterInClear(db);

      const protection = dataProtection(randomBytes(32));
      expect(await migrate(db, { '003_members_hashed.sql': (tx) => hashClearRoster(tx, protection) })).toEqual(expect.arrayContaining(['003_members_hashed.sql', '004_members_clear_dropped.sql']));
      const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM members');
      expect(Object.keys(rows[0]).sort()).toEqual(['active', 'member_id', 'person_hash', 'zip']);
      expect(JSON.stringify(rows)).not.toMatch(/Otto|Quill|1949/i);
      const otto = { firstName: 'Otto', middleName: '', lastName: 'Quill', dateOfBirth: '1949-11-30', addrLine1: '1 A St', city: 'Atlanta', state: 'GA', zip: '30301' };
      expect(await sandboxMembership(db, protection).verify({ ...otto, memberId: '1112223334' })).toBe(true);
      expect(await sandboxMembership(db, protection).verify({ ...otto, lastName: 'Quil' })).toBe(false);
    } finally {
      await db.close();
    }
  });

  it('without the hashing step the migration refuses rather than keep clear data', async () => {
    const db = await openPgliteWorker();
    try {
      await rosterInClear(db);
      await expect(migrate(db)).rejects.toThrow();
    } finally {
      await db.close();
    }
  });
});
