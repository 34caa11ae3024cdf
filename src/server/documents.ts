/** Identity documents for an enrollment that came back 'partial': the upload grant the enroll answer sets, and the
 *  checked, encrypted storing of each file. Nothing of a refused file is stored; no name or byte of a file is logged. */
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable } from './db/index';
import type { DataProtection } from './crypto';
import { sessionHash } from './session';
import { isWholeDocument } from './documentCheck';
import { documentRules, sniffDocumentType, SNIFF_BYTES, type DocumentTypeId, type ReceivedDocument } from '../domain/documents';

export const DOCUMENTS_PATH = '/api/v1/documents';
export const DOCUMENT_GRANT_COOKIE = 'hsa_documents';
const GRANT_MS = documentRules.grantMinutes * 60 * 1000;

/** The token is 256 random bits, so a plain hash is enough to make a stolen table useless. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The authenticated context of a sealed file: it opens only as a document of this enrollment. */
export const sealContext = (enrollmentId: string) => `hsa/enrollment/${enrollmentId}/document`;

/** Called by the enroll answer 'partial': the applicant's browser, and nothing else, may upload documents for this
 *  enrollment for a while (an HttpOnly, SameSite=Strict, signed cookie sent only to the documents API), in the
 *  session that enrolled (as the captcha grant: the cookie alone, in another browser, grants nothing). */
export async function issueDocumentGrant(reply: FastifyReply, db: Queryable, enrollmentId: string | number, session: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `WITH granted AS (
       INSERT INTO document_grants (token_hash, enrollment_id, expires_at, session_hash) VALUES ($1, $2, now() + $3::interval, $4) RETURNING enrollment_id
     )
     UPDATE enrollments SET documents_status = 'documents needed' WHERE id = (SELECT enrollment_id FROM granted) AND documents_status IS NULL`,
    [hashToken(token), String(enrollmentId), `${GRANT_MS} milliseconds`, session],
  );
  reply.setCookie(DOCUMENT_GRANT_COOKIE, token, { signed: true, httpOnly: true, sameSite: 'strict', path: DOCUMENTS_PATH, secure: 'auto', maxAge: GRANT_MS / 1000 });
}

export interface Grant {
  tokenHash: string;
  enrollmentId: string;
  expiresAt: Date;
}

/** The request's live grant, or null (no cookie, a forged or tampered one, another session's, expired, or used up by
 *  a confirmation). */
export async function grantOf(request: FastifyRequest, db: Queryable, protection: DataProtection): Promise<Grant | null> {
  const raw = request.cookies[DOCUMENT_GRANT_COOKIE];
  const cookie = raw ? request.unsignCookie(raw) : null;
  const session = sessionHash(request, protection);
  if (!cookie?.valid || !cookie.value || !session) return null;
  const tokenHash = hashToken(cookie.value);
  const { rows } = await db.query<{ enrollment_id: string | number; expires_at: Date | string }>(
    'SELECT enrollment_id, expires_at FROM document_grants WHERE token_hash = $1 AND session_hash = $2 AND expires_at > now()',
    [tokenHash, session],
  );
  return rows[0] ? { tokenHash, enrollmentId: String(rows[0].enrollment_id), expiresAt: new Date(rows[0].expires_at) } : null;
}

export const clearGrantCookie = (reply: FastifyReply) => reply.clearCookie(DOCUMENT_GRANT_COOKIE, { path: DOCUMENTS_PATH, httpOnly: true, sameSite: 'strict', secure: 'auto' });

export type { ReceivedDocument };

type DocumentRow = { id: string | number; type: DocumentTypeId; size_bytes: number; name_enc: string; received_at: Date | string };
const received = (protection: DataProtection) => (r: DocumentRow): ReceivedDocument => ({
  id: Number(r.id),
  type: r.type,
  size: Number(r.size_bytes),
  name: protection.decrypt(r.name_enc),
  receivedAt: new Date(r.received_at).toISOString(),
});

export async function listDocuments(db: Queryable, protection: DataProtection, enrollmentId: string): Promise<ReceivedDocument[]> {
  const { rows } = await db.query<DocumentRow>('SELECT id, type, size_bytes, name_enc, received_at FROM enrollment_documents WHERE enrollment_id = $1 ORDER BY id', [enrollmentId]);
  return rows.map(received(protection));
}

export async function countDocuments(db: Queryable, enrollmentId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM enrollment_documents WHERE enrollment_id = $1', [enrollmentId]);
  return rows[0].n;
}

/** Why a file was refused, as a key of schemas/messages.json. */
export type Refusal = 'documentWrongType' | 'documentTooLarge' | 'documentEmpty' | 'documentUnreadable';

export class DocumentRefused extends Error {
  constructor(
    public statusCode: number,
    public key: Refusal | 'documentsTooMany' | 'documentsNoGrant',
  ) {
    super(key);
  }
}

/** A device's name for its file, fit to keep and to show an operator: letters (any script's), digits, spaces, dots,
 *  dashes and underscores only (no markup, no path, no control or direction characters), at most 255 characters. */
export const cleanFileName = (name: string | undefined): string =>
  (name ?? '').normalize('NFC').replace(/[^\p{L}\p{M}\p{N} ._-]/gu, '').replace(/\s+/g, ' ').trim().slice(0, 255) || 'document';

/** Reads one file as it streams in: its type from its first bytes, its size counted (the parser stops at the limit
 *  and flags the stream truncated), each chunk encrypted on arrival. A refused file is read to its end and dropped.
 *  Once whole, the file is judged by its structure (documentCheck.ts) before it is kept. `capacity` bounds the file
 *  (the request's length, at most the file limit): the file is copied once into memory the check's worker shares
 *  and sealed once into a buffer of its own, each chunk dropped as it is read (issue 27: memory per upload). */
export async function readDocument(file: Readable & { truncated?: boolean }, protection: DataProtection, enrollmentId: string, capacity: number): Promise<{ type: DocumentTypeId; size: number; sealed: Buffer }> {
  const sealer = protection.documents.sealer(sealContext(enrollmentId), capacity);
  const bytes = new Uint8Array(new SharedArrayBuffer(capacity));
  let size = 0;
  let refusal: Refusal | null = null;
  let type: DocumentTypeId | null = null;
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      const at = size;
      size += chunk.length;
      // Past its capacity the file is too large (refused below), and it is read to its end as a refused one is.
      if (refusal || size > capacity) continue;
      bytes.set(chunk, at);
      sealer.write(chunk);
      if (!type && size >= SNIFF_BYTES) {
        type = sniffDocumentType(bytes.subarray(0, SNIFF_BYTES))?.id ?? null;
        if (!type) refusal = 'documentWrongType';
      }
    }
  } catch {
    throw new DocumentRefused(400, 'documentUnreadable');
  }
  if (file.truncated || size > capacity) throw new DocumentRefused(413, 'documentTooLarge');
  if (size === 0) throw new DocumentRefused(400, 'documentEmpty');
  type ??= sniffDocumentType(bytes.subarray(0, size))?.id ?? null;
  if (refusal || !type) throw new DocumentRefused(415, 'documentWrongType');
  if (!(await isWholeDocument(type, bytes.subarray(0, size)))) throw new DocumentRefused(422, 'documentUnreadable');
  return { type, size, sealed: sealer.seal() };
}

/** Stores a checked file while the grant still holds and the enrollment has room, one at a time per enrollment
 *  (the enrollment's row is locked), so neither a confirmation nor a parallel upload slips past the limits. */
export async function storeDocument(db: Db, protection: DataProtection, grant: Grant, doc: { type: DocumentTypeId; size: number; sealed: Buffer; name: string }): Promise<ReceivedDocument> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM enrollments WHERE id = $1 FOR UPDATE', [grant.enrollmentId]);
    const { rows } = await tx.query<{ granted: boolean; stored: number }>(
      `SELECT EXISTS (SELECT 1 FROM document_grants WHERE token_hash = $1 AND expires_at > now()) AS granted,
              (SELECT count(*) FROM enrollment_documents WHERE enrollment_id = $2)::int AS stored`,
      [grant.tokenHash, grant.enrollmentId],
    );
    if (!rows[0].granted) throw new DocumentRefused(403, 'documentsNoGrant');
    if (rows[0].stored >= documentRules.maxFiles) throw new DocumentRefused(409, 'documentsTooMany');
    const inserted = await tx.query<DocumentRow>(
      `INSERT INTO enrollment_documents (enrollment_id, type, size_bytes, name_enc, content_enc) VALUES ($1, $2, $3, $4, $5)
       RETURNING id, type, size_bytes, name_enc, received_at`,
      [grant.enrollmentId, doc.type, doc.size, protection.encrypt(doc.name), doc.sealed],
    );
    return received(protection)(inserted.rows[0]);
  });
}

/** The applicant is done: the enrollment's documents are received and the grant is spent. */
export async function confirmDocuments(db: Db, protection: DataProtection, grant: Grant): Promise<ReceivedDocument[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM enrollments WHERE id = $1 FOR UPDATE', [grant.enrollmentId]);
    const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM document_grants WHERE token_hash = $1 AND expires_at > now()', [grant.tokenHash]);
    if (rows[0].n === 0) throw new DocumentRefused(403, 'documentsNoGrant');
    const docs = await listDocuments(tx, protection, grant.enrollmentId);
    if (docs.length === 0) return docs;
    await tx.query(`UPDATE enrollments SET documents_status = 'documents received' WHERE id = $1`, [grant.enrollmentId]);
    await tx.query('DELETE FROM document_grants WHERE enrollment_id = $1', [grant.enrollmentId]);
    return docs;
  });
}

/** A sealed file as the database gives it back (PGlite: Uint8Array, pg: Buffer). */
export const asBuffer = (v: Uint8Array | Buffer): Buffer => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength));
