// @vitest-environment node
/** Retention (issue 27): idempotency keys and used captchas past their useful life, expired captcha grants,
 *  membership verifications and document grants, and documents past DOCUMENT_RETENTION_DAYS are deleted, at
 *  start-up, on the server's timer and by `npm run admin -- prune`; fresh ones stay. */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/server/db/index';
import { openDatabase } from '../../src/server/database';
import { TEST_DATA_KEY } from '../../src/server/testing';
import { DAY_MS, IDEMPOTENCY_KEY_TTL_MS, prune, scheduleRetention, USED_CAPTCHA_TTL_MS } from '../../src/server/retention';
import { databases, makeApp } from './harness';

const HOUR = 60 * 60 * 1000;

const DOCUMENTS_MS = 90 * DAY_MS;

/** Rows aged relative to their limits: two past it, one just inside it, of every kind. */
async function seed(db: Queryable, tag: string) {
  const age = (ms: number) => `${ms} milliseconds`;
  for (const [key, ms] of [[`${tag}-old-key-1`, IDEMPOTENCY_KEY_TTL_MS + HOUR], [`${tag}-old-key-2`, 30 * 24 * HOUR], [`${tag}-new-key`, IDEMPOTENCY_KEY_TTL_MS - HOUR]] as const)
    await db.query(`INSERT INTO idempotency_keys (key, request_hash, status, body, created_at) VALUES ($1, 'h', 200, 'success', now() - $2::interval)`, [key, age(ms)]);
  for (const [id, ms] of [[`${tag}-old-captcha-1`, USED_CAPTCHA_TTL_MS + 60_000], [`${tag}-old-captcha-2`, 7 * 24 * HOUR], [`${tag}-new-captcha`, USED_CAPTCHA_TTL_MS - 60_000]] as const)
    await db.query(`INSERT INTO used_captchas (challenge_id, used_at) VALUES ($1, now() - $2::interval)`, [id, age(ms)]);
  // Grants and verifications: expired a minute or a week ago, or live for another minute (expires_at relative to now).
  const ends = [[`${tag}-old-1`, -60_000], [`${tag}-old-2`, -7 * DAY_MS], [`${tag}-new`, 60_000]] as const;
  const { rows } = await db.query<{ id: string }>(`INSERT INTO enrollments (ssn_index, payload_enc, group_id, outcome) VALUES ($1, 'x', 'DEMO100', 'partial') RETURNING id::text`, [`${tag}-${randomBytes(6).toString('hex')}`]);
  const enrollment = rows[0].id;
  for (const [name, ms] of ends) {
    await db.query(`INSERT INTO captcha_grants (token_hash, session_hash, expires_at) VALUES ($1, 's', now() + $2::interval)`, [name, age(ms)]);
    await db.query(`INSERT INTO member_verifications (session_hash, fields_hash, expires_at) VALUES ('s', $1, now() + $2::interval)`, [name, age(ms)]);
    await db.query(`INSERT INTO document_grants (token_hash, enrollment_id, expires_at, session_hash) VALUES ($1, $2, now() + $3::interval, 's')`, [name, enrollment, age(ms)]);
  }
  for (const [name, ms] of [[`${tag}-old-1`, DOCUMENTS_MS + HOUR], [`${tag}-old-2`, 400 * DAY_MS], [`${tag}-new`, DOCUMENTS_MS - HOUR]] as const)
    await db.query(`INSERT INTO enrollment_documents (enrollment_id, type, size_bytes, name_enc, content_enc, received_at) VALUES ($1, 'pdf', 1, $2, '\\x00', now() - $3::interval)`, [enrollment, name, age(ms)]);
}

async function left(db: Queryable, tag: string) {
  const names = async (sql: string) => (await db.query<{ n: string }>(`${sql} LIKE $1 ORDER BY 1`, [`${tag}-%`])).rows.map((r) => r.n);
  const keys = await names('SELECT key AS n FROM idempotency_keys WHERE key');
  const captchas = await names('SELECT challenge_id AS n FROM used_captchas WHERE challenge_id');
  const grants = await names('SELECT token_hash AS n FROM captcha_grants WHERE token_hash');
  const verifications = await names('SELECT fields_hash AS n FROM member_verifications WHERE fields_hash');
  const documentGrants = await names('SELECT token_hash AS n FROM document_grants WHERE token_hash');
  const documents = await names('SELECT name_enc AS n FROM enrollment_documents WHERE name_enc');
  return { keys, captchas, grants, verifications, documentGrants, documents };
}

/** What is left of a seed after a prune: only what is still within its life. */
const fresh = (tag: string) => ({ keys: [`${tag}-new-key`], captchas: [`${tag}-new-captcha`], grants: [`${tag}-new`], verifications: [`${tag}-new`], documentGrants: [`${tag}-new`], documents: [`${tag}-new`] });

describe.each(databases)('retention on $name', (database) => {
  it('prune deletes what is past its life and keeps the rest', async () => {
    const { db, drop } = await database.open();
    try {
      await seed(db, 'p');
      expect(await prune(db, DOCUMENTS_MS)).toEqual({ idempotencyKeys: 2, usedCaptchas: 2, captchaGrants: 2, memberVerifications: 2, documentGrants: 2, documents: 2 });
      expect(await left(db, 'p')).toEqual(fresh('p'));
      expect(await prune(db, DOCUMENTS_MS)).toEqual({ idempotencyKeys: 0, usedCaptchas: 0, captchaGrants: 0, memberVerifications: 0, documentGrants: 0, documents: 0 });
    } finally {
      await drop();
    }
  });

  it('the server prunes at start-up, then on its timer', async () => {
    const { db, drop } = await database.open();
    try {
      await seed(db, 's');
      const { app, logs } = await makeApp(db, { retention: false });
      scheduleRetention(app, db, DOCUMENTS_MS, 200);
      await app.ready();
      expect(await left(db, 's')).toEqual(fresh('s'));
      await seed(db, 't');
      await expect.poll(() => left(db, 't'), { timeout: 5000 }).toEqual(fresh('t'));
      expect(logs.text()).toContain('"msg":"retention"');
      await app.close();
    } finally {
      await drop();
    }
  });

  it('buildApp schedules it by default', async () => {
    const { db, drop } = await database.open();
    try {
      await seed(db, 'd');
      const { app } = await makeApp(db);
      await app.ready();
      expect(await left(db, 'd')).toEqual(fresh('d'));
      await app.close();
    } finally {
      await drop();
    }
  });
});

describe('npm run admin -- prune', () => {
  it('prunes the configured database, documents after DOCUMENT_RETENTION_DAYS', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prune-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, HSA_DATA_KEY: randomBytes(32).toString('base64'), DOCUMENT_RETENTION_DAYS: '30' };
    delete env.DATABASE_URL;
    const db = await openDatabase({ dataKey: TEST_DATA_KEY, dataDir: dir });
    await seed(db, 'a');
    await db.close();
    const { stderr } = await promisify(execFile)('npm', ['run', '--silent', 'admin', '--', 'prune'], { env, cwd: process.cwd() });
    // 30 days: the document 90 days less an hour old goes too.
    expect(stderr).toContain('pruned 2 idempotency keys, 2 used captchas, 2 captcha grants, 2 membership verifications, 2 document grants and 3 documents');
    const after = await openDatabase({ dataKey: TEST_DATA_KEY, dataDir: dir });
    expect(await left(after, 'a')).toEqual({ ...fresh('a'), documents: [] });
    await after.close();
  }, 60_000);
});
