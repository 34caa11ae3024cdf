// @vitest-environment node
/** The operations command: imports all or nothing with clear row errors; export decrypts. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/database';
import type { Db } from '../../src/server/db/index';
import { AdminError, exportEnrollments, importGroups, importMembers } from '../../src/server/admin';
import { dataProtection } from '../../src/server/crypto';
import { sandboxMembership } from '../../src/server/membership';

let db: Db;
const dataKey = randomBytes(32);
const dir = mkdtempSync(join(tmpdir(), 'admin-'));
const csv = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

beforeEach(async () => {
  db = await openDatabase({ dataDir: dir, dataKey }, { inMemory: true });
});
afterEach(async () => db.close());

describe('admin', () => {
  it('imports employer groups and updates existing ones', async () => {
    expect(await importGroups(db, csv('g.csv', 'id,name,status,maint_fee\nacme1,Acme Corp,active,2.50\nDEMO200,Former Employer LLC,active,\n'))).toBe(2);
    const { rows } = await db.query<{ id: string; status: string; maint_fee: string }>("SELECT id, status, maint_fee FROM employer_groups WHERE id IN ('ACME1', 'DEMO200') ORDER BY id");
    expect(rows).toEqual([
      { id: 'ACME1', status: 'active', maint_fee: '2.50' },
      { id: 'DEMO200', status: 'active', maint_fee: '3.95' },
    ]);
  });

  it('imports nothing when one row is bad, and names the rows', async () => {
    const file = csv('bad.csv', 'id,name,status\nGOOD1,Good,active\nBAD-ID,Bad,active\nOK2,,dormant\n');
    await expect(importGroups(db, file)).rejects.toThrow(AdminError);
    await expect(importGroups(db, file)).rejects.toThrow(/row 3: id must be 1 to 9 letters or digits[\s\S]*row 4: missing name[\s\S]*row 4: status must be 'active' or 'inactive'/);
    expect((await db.query("SELECT 1 FROM employer_groups WHERE id = 'GOOD1'")).rows).toHaveLength(0);
  });

  it('imports members as keyed hashes: no name or date of birth in clear, and the membership check still matches', async () => {
    const protection = dataProtection(dataKey);
    expect(await importMembers(db, csv('m.csv', 'member_id,first_name,last_name,birth_date,zip\n2345678901,Ann,Lee,1950-02-03,10001\n'), protection)).toBe(1);
    const { rows } = await db.query<Record<string, unknown>>("SELECT * FROM members WHERE member_id = '2345678901'");
    expect(Object.keys(rows[0]).sort()).toEqual(['active', 'member_id', 'person_hash', 'zip']);
    expect(JSON.stringify(rows)).not.toMatch(/Ann|Lee|1950|02-03/i);
    const check = sandboxMembership(db, protection);
    const ann = { firstName: ' ann ', middleName: '', lastName: 'LEE', dateOfBirth: '1950-02-03', addrLine1: '1 A St', city: 'Town', state: 'NY', zip: '10001' };
    expect(await check.verify({ ...ann, memberId: '2345678901' })).toBe(true);
    expect(await check.verify({ ...ann, dateOfBirth: '1950-02-04' })).toBe(false);
    // The demo member is hashed too.
    expect(JSON.stringify((await db.query('SELECT * FROM members')).rows)).not.toMatch(/Jane|Sample|1958/i);
  });

  it('rejects malformed and impossible birth dates', async () => {
    const protection = dataProtection(dataKey);
    await expect(importMembers(db, csv('m2.csv', 'member_id,first_name,last_name,birth_date,zip\n2345678901,Ann,Lee,02-03-1950,10001\n'), protection)).rejects.toThrow(/row 2: birth_date must be a date as YYYY-MM-DD/);
    await expect(importMembers(db, csv('m3.csv', 'member_id,first_name,last_name,birth_date,zip\n2345678901,Ann,Lee,1950-02-30,10001\n'), protection)).rejects.toThrow(/row 2: birth_date is not a calendar date/);
  });

  it('exports enrollments as JSON Lines, decrypted', async () => {
    const key = randomBytes(32);
    const p = dataProtection(key);
    await db.query("INSERT INTO enrollments (ssn_index, payload_enc, group_id, outcome) VALUES ('x', $1, 'DEMO100', 'success')", [p.encrypt(JSON.stringify({ ssn: '123456789', firstName: 'Pat' }))]);
    const lines: string[] = [];
    expect(await exportEnrollments(db, key, (l) => lines.push(l))).toBe(1);
    expect(JSON.parse(lines[0])).toMatchObject({ id: 1, outcome: 'success', enrollment: { ssn: '123456789', firstName: 'Pat' } });
  });
});

describe('configuration', () => {
  it('refuses to start in production without HSA_DATA_KEY, and refuses a key of the wrong size', async () => {
    const { loadConfig } = await import('../../src/server/config');
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(/HSA_DATA_KEY is required when NODE_ENV=production/);
    expect(() => loadConfig({ HSA_DATA_KEY: Buffer.alloc(16).toString('base64'), DATA_DIR: dir })).toThrow(/32 bytes/);
    const warnings: string[] = [];
    const dev = loadConfig({ DATA_DIR: join(dir, 'dev') }, (m) => warnings.push(m));
    expect(dev.dataKey).toHaveLength(32);
    expect(warnings).toHaveLength(1);
    expect(loadConfig({ DATA_DIR: join(dir, 'dev') }, (m) => warnings.push(m)).dataKey).toEqual(dev.dataKey);
    expect(warnings).toHaveLength(1);
  });
});
