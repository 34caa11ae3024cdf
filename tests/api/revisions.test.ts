// @vitest-environment node
/** Form revisions (issue 24): each partner's compiled configuration has a content hash; every enrollment stores the
 *  revision and the language it was validated under, the export carries both, and the admin lists the revisions with
 *  the enrollments made under each, and tells what a revision gave the applicant to accept. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/index';
import { TEST_DATA_KEY } from '../../src/server/testing';
import { exportEnrollments, runAdmin } from '../../src/server/admin';
import { keepRevision, listRevisions, revisionDocuments, revisionOf } from '../../src/server/revisions';
import { openDatabase } from '../../src/server/database';
import { loadConfig } from '../../src/server/config';
import { Client, databases, enrollment, makeApp, seenDb } from './harness';

const AARP = { host: 'aarp.localhost' };
const built = (variant: string) => JSON.parse(readFileSync(`generated/${variant}/revision.json`, 'utf8')) as { revision: string; content: { files: Record<string, { documents?: { title: string; url: string }[] }> } };

describe.each(databases)('form revisions, on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ db, drop } = await database.open());
    ({ app } = await makeApp(db));
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('stores each enrollment with the revision and the language it was validated under, and the export carries both', async () => {
    expect((await (await new Client(app).verified()).enroll(enrollment({ language: 'es' }))).body).toBe('success');
    expect((await (await new Client(app).verified()).enroll(enrollment())).body).toBe('success');
    const { rows } = await db.query<{ revision: string; language: string }>('SELECT revision, language FROM enrollments ORDER BY id DESC LIMIT 2');
    expect(rows).toEqual([
      { revision: revisionOf('standard'), language: 'en' },
      { revision: revisionOf('standard'), language: 'es' },
    ]);
    const lines: string[] = [];
    await exportEnrollments(db, TEST_DATA_KEY, (line) => lines.push(line));
    expect(lines.slice(-2).map((l) => JSON.parse(l) as { revision: string; language: string }).map(({ revision, language }) => ({ revision, language }))).toEqual([
      { revision: revisionOf('standard'), language: 'es' },
      { revision: revisionOf('standard'), language: 'en' },
    ]);
  });

  it("keeps the revision's content once, as the build made it: the documents the applicant accepted can be told from it", async () => {
    expect(revisionOf('standard')).toBe(built('standard').revision);
    const documents = await revisionDocuments(db, revisionOf('standard'));
    expect(documents?.en).toEqual(built('standard').content.files['en/words.json'].documents);
    expect(documents?.es?.map((d) => d.url)).toEqual(documents?.en?.map((d) => d.url));
    expect(documents?.en?.length).toBeGreaterThan(0);
    expect((await db.query('SELECT 1 FROM form_revisions WHERE revision = $1', [revisionOf('standard')])).rows).toHaveLength(1);
  });

  it('sends none of its content again when the database keeps the revision already (a server started again)', async () => {
    await keepRevision(db, 'standard');
    const sent: string[] = [];
    // Another Db object: a process that has not kept the revision yet.
    const restarted = seenDb(db, (sql) => sent.push(sql));
    await keepRevision(restarted, 'standard');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^SELECT/);
  });

  it('keeps an older enrollment under its own revision when the form changes, and lists each revision with its enrollments', async () => {
    // An enrollment made under an earlier build of the standard form (its revision kept then).
    const older = 'standard-000000000000';
    await db.query(`INSERT INTO form_revisions (revision, variant, content, first_used_at) VALUES ($1, 'standard', '{"files":{}}', now() - interval '1 day')`, [older]);
    await db.query("INSERT INTO enrollments (ssn_index, payload_enc, group_id, outcome, revision, language) VALUES ('older-one', 'x', 'DEMO100', 'success', $1, 'en')", [older]);
    expect((await (await new Client(app, AARP).verified()).enroll(enrollment({ aarpNum: '1234567890', group: undefined }))).statusCode).toBeLessThan(500);
    const list = await listRevisions(db);
    const standard = list.find((r) => r.revision === revisionOf('standard'))!;
    expect(standard.enrollments).toBeGreaterThanOrEqual(2);
    expect(standard.languages.es).toBeGreaterThanOrEqual(1);
    expect(list.find((r) => r.revision === older)).toMatchObject({ variant: 'standard', enrollments: 1, languages: { en: 1 } });
    // Newest first.
    expect(list.findIndex((r) => r.revision === older)).toBeGreaterThan(list.findIndex((r) => r.revision === revisionOf('standard')));
    const { rows } = await db.query<{ revision: string }>("SELECT revision FROM enrollments WHERE ssn_index = 'older-one'");
    expect(rows[0].revision).toBe(older);
  });

  it('refuses an enrollment naming a revision the database does not keep (the column is a reference)', async () => {
    await expect(db.query("INSERT INTO enrollments (ssn_index, payload_enc, group_id, outcome, revision) VALUES ('ghost', 'x', 'DEMO100', 'success', 'standard-ffffffffffff')")).rejects.toThrow();
  });
});

describe('npm run admin -- revisions', () => {
  it('prints each revision with its enrollments by language, and a revision\'s documents', async () => {
    const dir = (await import('node:fs')).mkdtempSync(`${(await import('node:os')).tmpdir()}/hsa-revisions-`);
    vi.stubEnv('DATA_DIR', dir);
    vi.stubEnv('DATABASE_URL', '');
    const out: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out.push(String(chunk));
      return true;
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await runAdmin(['revisions']);
      expect(out.join('')).toBe('');
      expect(errors).toHaveBeenCalledWith('0 revisions');
      // One enrollment under this build's revision, kept as the server keeps it.
      const db = await openDatabase(loadConfig(process.env, () => undefined));
      await keepRevision(db, 'standard');
      await db.query("INSERT INTO enrollments (ssn_index, payload_enc, group_id, outcome, revision, language) VALUES ('cli-one', 'x', 'DEMO100', 'success', $1, 'es')", [revisionOf('standard')]);
      await db.close();
      await runAdmin(['revisions']);
      const [revision, variant, firstUsed, count, languages] = out.join('').trimEnd().split('\t');
      expect({ revision, variant, count, languages }).toEqual({ revision: revisionOf('standard'), variant: 'standard', count: '1', languages: 'es:1' });
      expect(Number.isNaN(Date.parse(firstUsed))).toBe(false);
      out.length = 0;
      await runAdmin(['revision', revisionOf('standard')]);
      const documents = built('standard').content.files['en/words.json'].documents!;
      expect(out.join('')).toContain(`en\t${documents[0].title}\t${documents[0].url}\n`);
      await expect(runAdmin(['revision', 'standard-nope'])).rejects.toThrow(/no revision 'standard-nope' is kept: npm run admin -- revisions lists them/);
    } finally {
      write.mockRestore();
      errors.mockRestore();
      vi.unstubAllEnvs();
    }
  });
});
