/**
 * Operations: npm run admin -- <verb> [file]
 *   import-groups <file.csv>     employer groups: id,name,status[,maint_fee,waive_balance,is_aarp,is_msa,is_oc]
 *   import-members <file.csv>    membership register: member_id,first_name,last_name,birth_date,zip[,active]
 *   export-enrollments [file]    enrollments as JSON Lines, decrypted, for the bank's core system (stdout by default;
 *                                a file is always left with mode 0600, even one that existed)
 *   list-documents               every enrollment that was asked for documents: its status and each document's id,
 *                                type, size and time received (no file name or content)
 *   export-documents <enrollment> <dir>   that enrollment's documents, decrypted, into <dir> (mode 0700): one file
 *                                each (document-<id>.<ext>, mode 0600) and documents.json naming them as the device did
 *   revisions                    every form revision kept (revisions.ts), newest first, with the enrollments made
 *                                under each, by language
 *   revision <revision>          what that revision gave the applicant to accept: each language's documents and
 *                                their addresses
 *   prune                        deletes what retention.ts names past its life: idempotency keys, used captchas,
 *                                expired grants and verifications, documents after DOCUMENT_RETENTION_DAYS (the server
 *                                does this at start-up and hourly)
 * Every row is checked first; one bad row imports nothing. Uses the same configuration as the server.
 */
import { chmodSync, closeSync, createWriteStream, fchmodSync, mkdirSync, openSync, readFileSync, writeSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { loadConfig } from './config';
import { openDatabase } from './database';
import { dataProtection, type DataProtection } from './crypto';
import { upsertMember } from './memberRoster';
import { DAY_MS, describePruned, prune } from './retention';
import type { Db, Queryable } from './db/index';
import { field, requestAjv } from './validation';
import { asBuffer, sealContext } from './documents';
import { documentType } from '../domain/documents';
import { listRevisions, revisionDocuments } from './revisions';

type Row = Record<string, string>;

const TRUE = /^(1|true|yes|y)$/i;
const bool = (v: string | undefined) => TRUE.test(v ?? '');
/** The spellings a yes-or-no column accepts, as read (lower case). */
const BOOLEAN = { enum: ['1', '0', 'true', 'false', 'yes', 'no', 'y', 'n'], errorMessage: 'must be true or false (also 1/0, yes/no, y/n)' };
// rule-scan: fee amounts fit their database columns; they are no field of the form
const amount = (digits: number) => ({ type: 'string', pattern: `^\\d{1,${digits}}(\\.\\d{1,2})?$`, errorMessage: `must be an amount below ${'1'.padEnd(digits + 1, '0')}` });

/** A file's rows as a JSON Schema checks them (Ajv, with the server's rules and messages): the form's own
 *  definitions (schemas/definitions.schema.json) where a column is a field of the form, with their messages. */
interface RowSchema {
  required: string[];
  properties: Record<string, object>;
  /** Columns read in any case (their values are compared in lower case). */
  anyCase: string[];
}

const groupRows: RowSchema = {
  required: ['id', 'name', 'status'],
  properties: { id: field('groupId'), name: { type: 'string' }, status: { enum: ['active', 'inactive'], errorMessage: "must be 'active' or 'inactive'" }, maint_fee: amount(6), waive_balance: amount(10), is_aarp: BOOLEAN, is_msa: BOOLEAN, is_oc: BOOLEAN },
  anyCase: ['status', 'is_aarp', 'is_msa', 'is_oc'],
};
const memberRows: RowSchema = {
  required: ['member_id', 'first_name', 'last_name', 'birth_date', 'zip'],
  properties: { member_id: field('memberNumber', 'wire'), first_name: { type: 'string' }, last_name: { type: 'string' }, birth_date: field('dob', 'wire'), zip: field('zip'), active: BOOLEAN },
  anyCase: ['active'],
};

/** Checks a row (empty cells are absent) and says what is wrong with each column: '<column>: <message>'. */
function rowChecker({ required, properties, anyCase }: RowSchema): (row: Row) => string[] {
  const validate = requestAjv.compile({ type: 'object', required, properties, errorMessage: { required: Object.fromEntries(required.map((c) => [c, 'is missing'])) } });
  return (row) => {
    const given = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== '' && v !== undefined).map(([c, v]) => [c, anyCase.includes(c) ? v.toLowerCase() : v]));
    if (validate(given)) return [];
    const found = (validate.errors ?? []).filter((e) => e.keyword === 'errorMessage').map((e) => {
      const missing = (e.params as { errors?: { params?: { missingProperty?: string } }[] }).errors?.[0]?.params?.missingProperty;
      return { column: missing ?? e.instancePath.slice(1), message: e.message };
    });
    // In the order of the file's columns.
    const order = Object.keys(properties);
    return found.sort((a, b) => order.indexOf(a.column) - order.indexOf(b.column)).map((f) => `${f.column}: ${f.message}`);
  };
}
const present = (v: string | undefined): v is string => v !== undefined && v !== '';
export class AdminError extends Error {}

/** Text fit for a terminal: control and bidirectional-override characters shown as escapes, never raw. */
export const printable = (s: string) =>
  s.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffd]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).slice(0, 300);

/** The file as UTF-8 text, or an error that names it and shows none of its bytes. */
function readText(file: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw new AdminError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new AdminError(`${file}: not a UTF-8 text file; a CSV file is expected`);
  }
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) throw new AdminError(`${file}: contains control characters; a CSV text file is expected`);
  return text;
}

function readCsv(file: string, schema: RowSchema, key: { col: string; normalise: (v: string) => string }): Row[] {
  let rows: Row[];
  try {
    rows = parse(readText(file), { columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()), skip_empty_lines: true, trim: true }) as Row[];
  } catch (e) {
    if (e instanceof AdminError) throw e;
    throw new AdminError(`${file}: ${printable((e as Error).message)}`);
  }
  const check = rowChecker(schema);
  const problems = rows.flatMap((row, i) => check(row).map((p) => `${file}, row ${i + 2}: ${p}`));
  // One id twice in a file would import the last and count both: refuse it.
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    if (!present(row[key.col])) return;
    const id = key.normalise(row[key.col]);
    const first = seen.get(id);
    if (first !== undefined) problems.push(`${file}, row ${i + 2}: ${key.col} repeats row ${first}`);
    else seen.set(id, i + 2);
  });
  if (problems.length) throw new AdminError(`nothing imported:\n${problems.join('\n')}`);
  return rows;
}

/** Writes every row in one transaction; an error the database raises names the file and row, and imports nothing. */
async function writeRows(db: Db, file: string, rows: Row[], write: (tx: Queryable, row: Row) => Promise<unknown>): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [i, row] of rows.entries()) {
      try {
        await write(tx, row);
      } catch (e) {
        const err = e as { message?: string; code?: string };
        throw new AdminError(`nothing imported:\n${file}, row ${i + 2}: the database refused it: ${printable(err.message ?? 'error')}${err.code ? ` (${err.code})` : ''}`);
      }
    }
  });
}

export async function importGroups(db: Db, file: string): Promise<number> {
  const rows = readCsv(
    file,
    groupRows,
    { col: 'id', normalise: (v) => v.toUpperCase() },
  );
  await writeRows(db, file, rows, (tx, r) =>
      tx.query(
        `INSERT INTO employer_groups (id, name, status, maint_fee, waive_balance, is_aarp, is_msa, is_oc)
         VALUES ($1, $2, $3, coalesce($4::numeric, 3.95), coalesce($5::numeric, 5000), $6, $7, $8)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, status = excluded.status, maint_fee = excluded.maint_fee,
           waive_balance = excluded.waive_balance, is_aarp = excluded.is_aarp, is_msa = excluded.is_msa, is_oc = excluded.is_oc`,
        [r.id.toUpperCase(), r.name, r.status.toLowerCase(), r.maint_fee || null, r.waive_balance || null, bool(r.is_aarp), bool(r.is_msa), bool(r.is_oc)],
      ),
  );
  return rows.length;
}

/** Names and date of birth are written only as a keyed hash (memberRoster.ts): the roster is never in clear at rest. */
export async function importMembers(db: Db, file: string, protection: DataProtection): Promise<number> {
  const rows = readCsv(
    file,
    memberRows,
    { col: 'member_id', normalise: (v) => v },
  );
  await writeRows(db, file, rows, (tx, r) =>
    upsertMember(tx, protection, {
      memberId: r.member_id,
      firstName: r.first_name,
      lastName: r.last_name,
      dob: r.birth_date,
      zip: r.zip,
      active: r.active === undefined || r.active === '' ? true : bool(r.active),
    }),
  );
  return rows.length;
}

export async function exportEnrollments(db: Db, key: Buffer, write: (line: string) => void): Promise<number> {
  const protection = dataProtection(key);
  const { rows } = await db.query<{ id: string; payload_enc: string; outcome: string; created_at: Date; documents_status: string | null; documents: number; revision: string | null; language: string | null }>(
    `SELECT e.id, e.payload_enc, e.outcome, e.created_at, e.documents_status, e.revision, e.language, (SELECT count(*) FROM enrollment_documents d WHERE d.enrollment_id = e.id)::int AS documents
       FROM enrollments e ORDER BY e.id`,
  );
  for (const r of rows) {
    const enrollment = JSON.parse(protection.decrypt(r.payload_enc)) as { language?: string };
    // The applicant's language, for the bank's letters (enrollments stored before it was kept were in English), and
    // the form revision it was validated under (none before revisions were kept: npm run admin -- revisions).
    const line = { id: Number(r.id), outcome: r.outcome, createdAt: new Date(r.created_at).toISOString(), language: r.language ?? enrollment.language ?? 'en', revision: r.revision, documentsStatus: r.documents_status ?? 'not needed', documents: Number(r.documents), enrollment };
    write(`${JSON.stringify(line)}\n`);
  }
  return rows.length;
}

/** Every enrollment asked for documents, one row per document (tab-separated): what operations must review. */
export async function listDocuments(db: Db, write: (line: string) => void): Promise<number> {
  const { rows } = await db.query<{ enrollment_id: string; documents_status: string; id: string | null; type: string | null; size_bytes: number | null; received_at: Date | null }>(
    `SELECT e.id AS enrollment_id, e.documents_status, d.id, d.type, d.size_bytes, d.received_at
       FROM enrollments e LEFT JOIN enrollment_documents d ON d.enrollment_id = e.id
      WHERE e.documents_status IS NOT NULL ORDER BY e.id, d.id`,
  );
  write('enrollment\tstatus\tdocument\ttype\tbytes\treceived\n');
  for (const r of rows) {
    write(`${[r.enrollment_id, r.documents_status, r.id ?? '', r.type ?? '', r.size_bytes ?? '', r.received_at ? new Date(r.received_at).toISOString() : ''].join('\t')}\n`);
  }
  return rows.filter((r) => r.id !== null).length;
}

/** Writes bytes to a file only its owner can read, created or replaced (the mode is set before a byte is written). */
function writePrivateFile(file: string, bytes: Buffer | string): void {
  const fd = openSync(file, 'w', 0o600);
  try {
    fchmodSync(fd, 0o600);
    writeSync(fd, typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes);
  } finally {
    closeSync(fd);
  }
}

/** One enrollment's documents, decrypted, into `dir`; returns how many. */
export async function exportDocuments(db: Db, key: Buffer, enrollment: string, dir: string): Promise<number> {
  if (!/^[1-9]\d*$/.test(enrollment)) throw new AdminError(`'${printable(enrollment)}' is not an enrollment id (a whole number, as list-documents shows)`);
  const protection = dataProtection(key);
  const { rows } = await db.query<{ id: string; type: string; size_bytes: number; name_enc: string; content_enc: Uint8Array; received_at: Date }>(
    'SELECT id, type, size_bytes, name_enc, content_enc, received_at FROM enrollment_documents WHERE enrollment_id = $1 ORDER BY id',
    [enrollment],
  );
  if (rows.length === 0) throw new AdminError(`enrollment ${enrollment} has no documents`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const manifest = rows.map((r) => {
    const file = `document-${r.id}${documentType(r.type)?.extensions[0] ?? ''}`;
    writePrivateFile(join(dir, file), protection.documents.open(asBuffer(r.content_enc), sealContext(enrollment)));
    return { id: Number(r.id), file, type: r.type, bytes: Number(r.size_bytes), receivedAt: new Date(r.received_at).toISOString(), name: protection.decrypt(r.name_enc) };
  });
  writePrivateFile(join(dir, 'documents.json'), `${JSON.stringify({ enrollment: Number(enrollment), documents: manifest }, null, 2)}\n`);
  return rows.length;
}

/** A file only its owner can read, created or replaced: an existing file keeps its mode on open, so the mode is set
 *  before a byte is written. */
export function openPrivateFile(file: string): WriteStream {
  const fd = openSync(file, 'w', 0o600);
  fchmodSync(fd, 0o600);
  return createWriteStream('', { fd });
}

export async function exportEnrollmentsToFile(db: Db, key: Buffer, file: string): Promise<number> {
  const out = openPrivateFile(file);
  try {
    return await exportEnrollments(db, key, (line) => out.write(line));
  } finally {
    await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  }
}

export async function runAdmin(argv: string[]): Promise<void> {
  const [verb, file] = argv;
  const config = loadConfig(process.env, (m) => console.error(m));
  const db = await openDatabase(config);
  try {
    if (verb === 'import-groups' && file) console.error(`imported ${await importGroups(db, file)} groups`);
    else if (verb === 'import-members' && file) console.error(`imported ${await importMembers(db, file, dataProtection(config.dataKey))} members`);
    else if (verb === 'export-enrollments') {
      const n = file ? await exportEnrollmentsToFile(db, config.dataKey, file) : await exportEnrollments(db, config.dataKey, (line) => process.stdout.write(line));
      console.error(`exported ${n} enrollments`);
    } else if (verb === 'list-documents') {
      console.error(`${await listDocuments(db, (line) => process.stdout.write(line))} documents`);
    } else if (verb === 'export-documents' && file && argv[2]) {
      console.error(`exported ${await exportDocuments(db, config.dataKey, file, argv[2])} documents into ${argv[2]}`);
    } else if (verb === 'revisions') {
      const list = await listRevisions(db);
      for (const r of list) process.stdout.write(`${[r.revision, r.variant, r.firstUsedAt, r.enrollments, Object.entries(r.languages).map(([l, n]) => `${l}:${n}`).join(' ')].join('\t')}\n`);
      console.error(`${list.length} revisions`);
    } else if (verb === 'revision' && file) {
      const documents = await revisionDocuments(db, file);
      if (!documents) throw new AdminError(`no revision '${printable(file)}' is kept: npm run admin -- revisions lists them`);
      for (const [language, list] of Object.entries(documents)) for (const d of list) process.stdout.write(`${language}\t${d.title}\t${d.url}\n`);
    } else if (verb === 'prune') {
      console.error(describePruned(await prune(db, config.documentRetentionDays * DAY_MS)));
    } else throw new AdminError('usage: npm run admin -- import-groups <file.csv> | import-members <file.csv> | export-enrollments [file.jsonl] | list-documents | export-documents <enrollment> <dir> | revisions | revision <revision> | prune');
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAdmin(process.argv.slice(2)).catch((e: Error) => {
    console.error(e instanceof AdminError ? e.message : `admin failed: ${printable(e.message)}`);
    process.exit(1);
  });
}
