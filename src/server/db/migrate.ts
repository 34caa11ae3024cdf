/** Plain SQL migrations, applied in file-name order at start-up and recorded. A migration that needs code (one that
 *  needs the data key, say) names a step that runs right after its SQL, in the same transaction. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db, Queryable } from './index';

const dir = join(import.meta.dirname, '../migrations');

export type MigrationSteps = Record<string, (tx: Queryable) => Promise<void>>;

/** A migration's statements: each ends with a semicolon at the end of a line, except inside a dollar-quoted body
 *  (a function's), whose own statements end so too. */
export function statements(sql: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let quoted = false;
  for (const line of sql.split('\n')) {
    current.push(line);
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) quoted = !quoted;
    if (!quoted && /;\s*$/.test(line)) {
      out.push(current.join('\n').replace(/;\s*$/, ''));
      current = [];
    }
  }
  out.push(current.join('\n'));
  return out.map((s) => s.trim()).filter(Boolean);
}

export async function migrate(db: Db, steps: MigrationSteps = {}): Promise<string[]> {
  await db.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
  const applied: string[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
    if (done.has(name)) continue;
    const sql = readFileSync(join(dir, name), 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of statements(sql)) await tx.query(statement);
      await steps[name]?.(tx);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    });
    applied.push(name);
  }
  return applied;
}
