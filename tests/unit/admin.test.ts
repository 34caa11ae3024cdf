// @vitest-environment node
/** The operations command: imports all or nothing with clear row errors; export decrypts. */
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../api/harness';
import { openDatabase } from '../../src/server/database';
import type { Db } from '../../src/server/db/index';
import { AdminError, exportEnrollments, exportEnrollmentsToFile, importGroups, importMembers } from '../../src/server/admin';
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

describe('admin', () => {
  beforeEach(async () => {
    db = await openDatabase({ dataDir: dir, dataKey }, { inMemory: true });
  });
  afterEach(async () => db.close());

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
    await expect(importGroups(db, file)).rejects.toThrow(/row 3: id: Please enter a Group number\.[\s\S]*row 4: name: is missing[\s\S]*row 4: status: must be 'active' or 'inactive'/);
    expect((await db.query("SELECT 1 FROM employer_groups WHERE id = 'GOOD1'")).rows).toHaveLength(0);
  });

  it('imports members as keyed hashes: no name or date of birth in clear, and the membership check still matches', async () => {
    const protection = dataProtection(dataKey);
    expect(await importMembers(db, csv('m.csv', 'member_id,first_name,last_name,birth_date,zip\n2345678901,Ann,Lee,1950-02-03,10001\n'), protection)).toBe(1);
    const { rows } = await db.query<Record<string, unknown>>("SELECT * FROM members WHERE member_id = '2345678901'");
    expect(Object.keys(rows[0]).sort()).toEqual(['active', 'member_id', 'person_hash', 'zip']);
    // The names and date live only in the keyed hash (whose base64 may spell 'lee' by chance): nowhere else.
    const { person_hash: hash, ...clear } = rows[0];
    expect(JSON.stringify(clear)).not.toMatch(/Ann|Lee|1950|02-03/i);
    expect(hash).toMatch(/^[\w-]{43}$/);
    const check = sandboxMembership(db, protection);
    const ann = { firstName: ' ann ', middleName: '', lastName: 'LEE', dateOfBirth: '1950-02-03', addrLine1: '1 A St', city: 'Town', state: 'NY', zip: '10001' };
    expect(await check.verify({ ...ann, memberId: '2345678901' })).toBe(true);
    expect(await check.verify({ ...ann, dateOfBirth: '1950-02-04' })).toBe(false);
    // The demo member is hashed too.
    expect(JSON.stringify((await db.query('SELECT * FROM members')).rows)).not.toMatch(/Jane|Sample|1958/i);
  });

  it('rejects malformed and impossible birth dates', async () => {
    const protection = dataProtection(dataKey);
    await expect(importMembers(db, csv('m2.csv', 'member_id,first_name,last_name,birth_date,zip\n2345678901,Ann,Lee,02-03-1950,10001\n'), protection)).rejects.toThrow(/row 2: birth_date: Invalid date\./);
    await expect(importMembers(db, csv('m3.csv', 'member_id,first_name,last_name,birth_date,zip\n2345678901,Ann,Lee,1950-02-30,10001\n'), protection)).rejects.toThrow(/row 2: birth_date: Invalid date\./);
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

describe.each(databases)('admin on $name: files and rows an operator gets wrong', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await database.open()));
  afterAll(async () => drop?.());
  const groupsHeader = 'id,name,status,maint_fee,waive_balance,is_aarp,is_msa,is_oc\n';
  const groupIds = async () => (await db.query<{ id: string }>('SELECT id FROM employer_groups ORDER BY id')).rows.map((r) => r.id);

  it('export-enrollments leaves mode 0600 on a file that existed with 0644, and replaces its content', async () => {
    const key = randomBytes(32);
    await db.query("INSERT INTO enrollments (ssn_index, payload_enc, group_id, outcome) VALUES ('x', $1, 'DEMO100', 'success')", [dataProtection(key).encrypt(JSON.stringify({ ssn: '123456789' }))]);
    const file = join(dir, 'existing.jsonl');
    writeFileSync(file, 'old content that is longer than one line of export, which must not survive\n'.repeat(20));
    chmodSync(file, 0o644);
    expect(await exportEnrollmentsToFile(db, key, file)).toBeGreaterThanOrEqual(1);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain('old content');
    const fresh = join(dir, `fresh-${randomBytes(4).toString('hex')}.jsonl`);
    await exportEnrollmentsToFile(db, key, fresh);
    expect(statSync(fresh).mode & 0o777).toBe(0o600);
  });

  it('names the file and row of an error the database raises, and imports nothing', async () => {
    // A rule only the database knows (a constraint the checks do not repeat) stands for any database refusal.
    await db.query("ALTER TABLE employer_groups ADD CONSTRAINT name_not_reserved CHECK (name <> 'Reserved')");
    const file = csv('db-refuses.csv', `${groupsHeader}OK1,Fine,active,,,,,\nOK2,Reserved,active,,,,,\n`);
    const before = await groupIds();
    await expect(importGroups(db, file)).rejects.toThrow(new RegExp(`nothing imported:\\n${file.replace(/[/.]/g, '\\$&')}, row 3: the database refused it: .*name_not_reserved.*\\(23514\\)`));
    expect(await groupIds()).toEqual(before);
  });

  it('refuses an id repeated in a file (in any case), naming both rows', async () => {
    const file = csv('dupes.csv', `${groupsHeader}NEW1,First,active,,,,,\nNEW2,Other,active,,,,,\nnew1,Second,active,,,,,\n`);
    await expect(importGroups(db, file)).rejects.toThrow(/row 4: id repeats row 2/);
    expect(await groupIds()).not.toContain('NEW1');
    const members = csv('member-dupes.csv', 'member_id,first_name,last_name,birth_date,zip\n2345678901,Ann,Lee,1950-02-03,10001\n2345678901,Bob,Lee,1951-02-03,10001\n');
    await expect(importMembers(db, members, dataProtection(dataKey))).rejects.toThrow(/row 3: member_id repeats row 2/);
  });

  it('refuses a boolean it cannot read (is_aarp=maybe)', async () => {
    for (const value of ['maybe', 'treu', '2', 'on?']) {
      const file = csv('bools.csv', `${groupsHeader}BOOL1,Bools,active,,,${value},no,0\n`);
      await expect(importGroups(db, file)).rejects.toThrow(/row 2: is_aarp: must be true or false/);
    }
    expect(await groupIds()).not.toContain('BOOL1');
  });

  it('reads the booleans it documents', async () => {
    await importGroups(db, csv('bools-ok.csv', `${groupsHeader}B1,One,active,,,Yes,y,TRUE\nB2,Two,active,,,no,0,false\n`));
    const { rows } = await db.query<{ id: string; is_aarp: boolean; is_msa: boolean; is_oc: boolean }>("SELECT id, is_aarp, is_msa, is_oc FROM employer_groups WHERE id IN ('B1', 'B2') ORDER BY id");
    expect(rows).toEqual([
      { id: 'B1', is_aarp: true, is_msa: true, is_oc: true },
      { id: 'B2', is_aarp: false, is_msa: false, is_oc: false },
    ]);
  });

  it('refuses dates that are not calendar days and amounts past the column', async () => {
    const members = csv('dates.csv', 'member_id,first_name,last_name,birth_date,zip,active\n2345678901,Ann,Lee,1958-02-30,10001,\n2345678902,Ann,Lee,0000-01-01,10001,sometimes\n');
    await expect(importMembers(db, members, dataProtection(dataKey))).rejects.toThrow(/row 2: birth_date: Invalid date\.[\s\S]*row 3: birth_date: Invalid date\.[\s\S]*row 3: active: must be true or false/);
    await expect(importGroups(db, csv('amounts.csv', `${groupsHeader}BIG1,Big,active,1234567.00,,,,\n`))).rejects.toThrow(/row 2: maint_fee: must be an amount/);
  });

  it('never prints the raw bytes of a binary file', async () => {
    const binary = join(dir, 'image.csv');
    writeFileSync(binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x1b, 0x5b, 0x32, 0x4a, 0xff, 0xfe, 0x41]));
    const error = await importGroups(db, binary).catch((e: Error) => e);
    expect(error).toBeInstanceOf(AdminError);
    expect((error as Error).message).toBe(`${binary}: not a UTF-8 text file; a CSV file is expected`);
    const controls = csv('controls.csv', `${groupsHeader}C1,Bell\u0007\u001b[2J,active,,,,,\n`);
    const second = (await importGroups(db, controls).catch((e: Error) => e)) as Error;
    expect(second.message).toMatch(/controls\.csv: contains control characters/);
    expect(second.message).not.toMatch(/[\u0000-\u0008\u001b\u007f]/);
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
