/** Form revisions (issue 24): the build gives each partner's compiled configuration a content hash
 *  (generated/revisions.json, and generated/<variant>/revision.json with the content). A server keeps the revision of
 *  each partner it serves in the database as it starts (warmEnrollment in routes/enrollment.ts: first_used_at is when
 *  a server first started with it), or with the first enrollment under it should the database not have answered
 *  then; every enrollment names its revision, so an enrollment made before a change keeps the revision it was made
 *  under. A revision no one enrolled under is listed with none. (Migration 014's comment, older than this, says the
 *  first enrollment keeps it.) */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Db } from './db/index';
import revisions from '../../generated/revisions.json' with { type: 'json' };

const generated = resolve(import.meta.dirname, '../../generated');

/** The revision a variant is served under by this build. */
export const revisionOf = (variantId: string): string => {
  const revision = (revisions as Record<string, string>)[variantId];
  if (!revision) throw new Error(`generated/revisions.json has no revision for variant '${variantId}': run npm run build`);
  return revision;
};

const keptIn = new WeakMap<Db, Map<string, Promise<void>>>();
/** Makes sure the database holds this build's revision of a variant (once per process and database; again after a
 *  failure). */
export function keepRevision(db: Db, variantId: string): Promise<void> {
  const revision = revisionOf(variantId);
  if (!keptIn.has(db)) keptIn.set(db, new Map());
  const kept = keptIn.get(db)!;
  if (!kept.has(revision)) {
    // A server started again under a revision already kept sends no content: the engine would parse all of it (about
    // 75 KB of JSON, 10 to 40 ms on the embedded one) before finding the revision there, in the first enrollment's time.
    const keeping = db.query('SELECT 1 FROM form_revisions WHERE revision = $1', [revision]).then(async ({ rows }) => {
      if (rows.length) return;
      const content = readFileSync(join(generated, variantId, 'revision.json'), 'utf8');
      await db.query('INSERT INTO form_revisions (revision, variant, content) VALUES ($1, $2, ($3::jsonb) -> \'content\') ON CONFLICT (revision) DO NOTHING', [revision, variantId, content]);
    });
    keeping.catch(() => kept.delete(revision));
    kept.set(revision, keeping);
  }
  return kept.get(revision)!;
}

export interface RevisionSummary {
  revision: string;
  variant: string;
  firstUsedAt: string;
  enrollments: number;
  /** Enrollments by the language they were made in. */
  languages: Record<string, number>;
}

/** Every revision kept, newest first, with the enrollments made under each. */
export async function listRevisions(db: Db): Promise<RevisionSummary[]> {
  const { rows } = await db.query<{ revision: string; variant: string; first_used_at: Date; language: string | null; n: number }>(
    `SELECT r.revision, r.variant, r.first_used_at, e.language, count(e.id)::int AS n
       FROM form_revisions r LEFT JOIN enrollments e ON e.revision = r.revision
      GROUP BY r.revision, r.variant, r.first_used_at, e.language
      ORDER BY r.first_used_at DESC, r.revision, e.language`,
  );
  const byRevision = new Map<string, RevisionSummary>();
  for (const r of rows) {
    const summary = byRevision.get(r.revision) ?? { revision: r.revision, variant: r.variant, firstUsedAt: new Date(r.first_used_at).toISOString(), enrollments: 0, languages: {} };
    if (r.language && r.n > 0) summary.languages[r.language] = r.n;
    summary.enrollments += r.n;
    byRevision.set(r.revision, summary);
  }
  return [...byRevision.values()];
}

/** What a revision gave the applicant to accept: each language's documents, by title and address. */
export async function revisionDocuments(db: Db, revision: string): Promise<Record<string, { title: string; url: string }[]> | null> {
  const { rows } = await db.query<{ content: { files: Record<string, { documents?: { title: string; url: string }[] }> } }>('SELECT content FROM form_revisions WHERE revision = $1', [revision]);
  if (!rows[0]) return null;
  const files = rows[0].content.files;
  return Object.fromEntries(Object.entries(files).filter(([path]) => path.endsWith('/words.json')).map(([path, words]) => [path.split('/')[0], words.documents ?? []]));
}
