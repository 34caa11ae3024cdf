// @vitest-environment node
/** Retention: idempotency keys and used captchas are deleted once past their useful life, at start-up, on the
 *  server's timer and by `npm run admin -- prune`; fresh ones stay. */
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
import { IDEMPOTENCY_KEY_TTL_MS, prune, scheduleRetention, USED_CAPTCHA_TTL_MS } from '../../src/server/retention';
import { databases, makeApp } from './harness';

const HOUR = 60 * 60 * 1000;

/** Rows aged relative to their limits: two past it, one just inside it. */
async function seed(db: Queryable, tag: string) {
  const age = (ms: number) => `${ms} milliseconds`;
  for (const [key, ms] of [[`${tag}-old-key-1`, IDEMPOTENCY_KEY_TTL_MS + HOUR], [`${tag}-old-key-2`, 30 * 24 * HOUR], [`${tag}-new-key`, IDEMPOTENCY_KEY_TTL_MS - HOUR]] as const)
    await db.query(`INSERT INTO idempotency_keys (key, request_hash, status, body, created_at) VALUES ($1, 'h', 200, 'success', now() - $2::interval)`, [key, age(ms)]);
  for (const [id, ms] of [[`${tag}-old-captcha-1`, USED_CAPTCHA_TTL_MS + 60_000], [`${tag}-old-captcha-2`, 7 * 24 * HOUR], [`${tag}-new-captcha`, USED_CAPTCHA_TTL_MS - 60_000]] as const)
    await db.query(`INSERT INTO used_captchas (challenge_id, used_at) VALUES ($1, now() - $2::interval)`, [id, age(ms)]);
}

async function left(db: Queryable, tag: string) {
  const keys = (await db.query<{ key: string }>('SELECT key FROM idempotency_keys WHERE key LIKE $1 ORDER BY key', [`${tag}-%`])).rows.map((r) => r.key);
  const captchas = (await db.query<{ challenge_id: string }>('SELECT challenge_id FROM used_captchas WHERE challenge_id LIKE $1 ORDER BY challenge_id', [`${tag}-%`])).rows.map((r) => r.challenge_id);
  return { keys, captchas };
}

describe.each(databases)('retention on $name', (database) => {
  it('prune deletes what is past its life and keeps the rest', async () => {
    const { db, drop } = await database.open();
    try {
      await seed(db, 'p');
      expect(await prune(db)).toEqual({ idempotencyKeys: 2, usedCaptchas: 2 });
      expect(await left(db, 'p')).toEqual({ keys: ['p-new-key'], captchas: ['p-new-captcha'] });
      expect(await prune(db)).toEqual({ idempotencyKeys: 0, usedCaptchas: 0 });
    } finally {
      await drop();
    }
  });

  it('the server prunes at start-up, then on its timer', async () => {
    const { db, drop } = await database.open();
    try {
      await seed(db, 's');
      const { app, logs } = await makeApp(db, { retention: false });
      scheduleRetention(app, db, 200);
      await app.ready();
      expect(await left(db, 's')).toEqual({ keys: ['s-new-key'], captchas: ['s-new-captcha'] });
      await seed(db, 't');
      await new Promise((r) => setTimeout(r, 800));
      expect(await left(db, 't')).toEqual({ keys: ['t-new-key'], captchas: ['t-new-captcha'] });
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
      expect(await left(db, 'd')).toEqual({ keys: ['d-new-key'], captchas: ['d-new-captcha'] });
      await app.close();
    } finally {
      await drop();
    }
  });
});

describe('npm run admin -- prune', () => {
  it('prunes the configured database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prune-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, HSA_DATA_KEY: randomBytes(32).toString('base64') };
    delete env.DATABASE_URL;
    const db = await openDatabase({ dataKey: TEST_DATA_KEY, dataDir: dir });
    await seed(db, 'a');
    await db.close();
    const { stderr } = await promisify(execFile)('npm', ['run', '--silent', 'admin', '--', 'prune'], { env, cwd: process.cwd() });
    expect(stderr).toContain('pruned 2 idempotency keys and 2 used captchas');
    const after = await openDatabase({ dataKey: TEST_DATA_KEY, dataDir: dir });
    expect(await left(after, 'a')).toEqual({ keys: ['a-new-key'], captchas: ['a-new-captcha'] });
    await after.close();
  }, 60_000);
});
