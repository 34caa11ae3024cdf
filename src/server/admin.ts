/**
 * Operations: npm run admin -- <verb> [file]
 *   import-groups <file.csv>     employer groups: id,name,status[,maint_fee,waive_balance,is_aarp,is_msa,is_oc]
 *   import-members <file.csv>    membership register: member_id,first_name,last_name,birth_date,zip[,active]
 *   export-enrollments [file]    enrollments as JSON Lines, decrypted, for the bank's core system (stdout by default)
 * Every row is checked first; one bad row imports nothing. Uses the same configuration as the server.
 */
import { createWriteStream, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { loadConfig } from './config';
import { openDatabase } from './database';
import { dataProtection, type DataProtection } from './crypto';
import { upsertMember } from './memberRoster';
import type { Db } from './db/index';

type Row = Record<string, string>;
type Check = (row: Row) => string | null;

const required = (cols: string[]): Check => (row) => {
  const missing = cols.filter((c) => !row[c]?.trim());
  return missing.length ? `missing ${missing.join(', ')}` : null;
};
const matches = (col: string, re: RegExp, what: string): Check => (row) => (row[col] === undefined || row[col] === '' || re.test(row[col]) ? null : `${col} must be ${what}`);
/** A calendar date (2023-02-30 is not): a hash of an impossible date would never match anyone. */
const realDate = (col: string): Check => (row) => {
  const v = row[col];
  if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v ? null : `${col} is not a calendar date`;
};
const bool = (v: string | undefined) => /^(1|true|yes|y)$/i.test(v ?? '');

export class AdminError extends Error {}

function readCsv(file: string, checks: Check[]): Row[] {
  let rows: Row[];
  try {
    rows = parse(readFileSync(file, 'utf8'), { columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()), skip_empty_lines: true, trim: true }) as Row[];
  } catch (e) {
    throw new AdminError(`${file}: ${(e as Error).message}`);
  }
  const problems = rows.flatMap((row, i) => checks.map((c) => c(row)).filter(Boolean).map((p) => `${file}, row ${i + 2}: ${p}`));
  if (problems.length) throw new AdminError(`nothing imported:\n${problems.join('\n')}`);
  return rows;
}

export async function importGroups(db: Db, file: string): Promise<number> {
  const rows = readCsv(file, [
    required(['id', 'name', 'status']),
    matches('id', /^[A-Za-z0-9]{1,9}$/, '1 to 9 letters or digits'),
    matches('status', /^(active|inactive)$/i, "'active' or 'inactive'"),
    matches('maint_fee', /^\d+(\.\d{1,2})?$/, 'an amount'),
    matches('waive_balance', /^\d+(\.\d{1,2})?$/, 'an amount'),
  ]);
  await db.transaction(async (tx) => {
    for (const r of rows) {
      await tx.query(
        `INSERT INTO employer_groups (id, name, status, maint_fee, waive_balance, is_aarp, is_msa, is_oc)
         VALUES ($1, $2, $3, coalesce($4::numeric, 3.95), coalesce($5::numeric, 5000), $6, $7, $8)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, status = excluded.status, maint_fee = excluded.maint_fee,
           waive_balance = excluded.waive_balance, is_aarp = excluded.is_aarp, is_msa = excluded.is_msa, is_oc = excluded.is_oc`,
        [r.id.toUpperCase(), r.name, r.status.toLowerCase(), r.maint_fee || null, r.waive_balance || null, bool(r.is_aarp), bool(r.is_msa), bool(r.is_oc)],
      );
    }
  });
  return rows.length;
}

/** Names and date of birth are written only as a keyed hash (memberRoster.ts): the roster is never in clear at rest. */
export async function importMembers(db: Db, file: string, protection: DataProtection): Promise<number> {
  const rows = readCsv(file, [
    required(['member_id', 'first_name', 'last_name', 'birth_date', 'zip']),
    matches('member_id', /^\d{10}$/, '10 digits'),
    matches('birth_date', /^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD'),
    realDate('birth_date'),
    matches('zip', /^\d{5}$/, '5 digits'),
  ]);
  await db.transaction(async (tx) => {
    for (const r of rows) {
      await upsertMember(tx, protection, {
        memberId: r.member_id,
        firstName: r.first_name,
        lastName: r.last_name,
        dob: r.birth_date,
        zip: r.zip,
        active: r.active === undefined || r.active === '' ? true : bool(r.active),
      });
    }
  });
  return rows.length;
}

export async function exportEnrollments(db: Db, key: Buffer, write: (line: string) => void): Promise<number> {
  const protection = dataProtection(key);
  const { rows } = await db.query<{ id: string; payload_enc: string; outcome: string; created_at: Date }>('SELECT id, payload_enc, outcome, created_at FROM enrollments ORDER BY id');
  for (const r of rows) write(`${JSON.stringify({ id: Number(r.id), outcome: r.outcome, createdAt: new Date(r.created_at).toISOString(), enrollment: JSON.parse(protection.decrypt(r.payload_enc)) })}\n`);
  return rows.length;
}

async function run(argv: string[]): Promise<void> {
  const [verb, file] = argv;
  const config = loadConfig(process.env, (m) => console.error(m));
  const db = await openDatabase(config);
  try {
    if (verb === 'import-groups' && file) console.error(`imported ${await importGroups(db, file)} groups`);
    else if (verb === 'import-members' && file) console.error(`imported ${await importMembers(db, file, dataProtection(config.dataKey))} members`);
    else if (verb === 'export-enrollments') {
      const out = file ? createWriteStream(file, { mode: 0o600 }) : process.stdout;
      const n = await exportEnrollments(db, config.dataKey, (line) => out.write(line));
      if (file) await new Promise<void>((resolve) => (out as ReturnType<typeof createWriteStream>).end(resolve));
      console.error(`exported ${n} enrollments`);
    } else throw new AdminError('usage: npm run admin -- import-groups <file.csv> | import-members <file.csv> | export-enrollments [file.jsonl]');
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run(process.argv.slice(2)).catch((e: Error) => {
    console.error(e instanceof AdminError ? e.message : `admin failed: ${e.message}`);
    process.exit(1);
  });
}
