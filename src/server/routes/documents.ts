/** /api/v1/documents: the vetting page's identity documents, for the enrollment whose grant the request carries.
 *  Multipart is accepted here alone (an encapsulated parser); every other API route stays JSON only. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Db } from '../db/index';
import type { DataProtection } from '../crypto';
import { HttpError } from '../errors';
import { variantOf } from '../validation';
import { documentRules, messageValues } from '../../domain/documents';
import { fill } from '../../engine/fill';
import { clearGrantCookie, cleanFileName, confirmDocuments, countDocuments, DocumentRefused, DOCUMENTS_PATH, grantOf, listDocuments, readDocument, storeDocument, type Grant } from '../documents';
import { uploadSlots } from '../uploadSlots';

export interface DocumentDeps {
  db: Db;
  protection: DataProtection;
  limits: { lookup: object; upload: object };
  /** Uploads read at once by this process (see uploadSlots). */
  uploadsInFlight: number;
}

// The vetting page sends one file at a time: a second at once (a retry overlapping, someone scripting) waits, so one
// applicant cannot hold every upload this process reads at once.
const UPLOADS_PER_ENROLLMENT = 1;
const BUSY_RETRY_SECONDS = 2;

// Room for the multipart framing around one file: a longer request cannot hold a file within the limit.
const FRAMING_BYTES = 64 * 1024;

/** A keyed message of the request's variant, with its limits and help phone filled in. */
function message(request: FastifyRequest, key: string): string {
  const variant = variantOf(request);
  return fill(variant.messages[key], messageValues(variant.helpPhone));
}

async function requireGrant(request: FastifyRequest, db: Db, protection: DataProtection): Promise<Grant> {
  const grant = await grantOf(request, db, protection);
  if (!grant) throw new HttpError(403, message(request, 'documentsNoGrant'));
  return grant;
}

export async function documentRoutes(app: FastifyInstance, { db, protection, limits, uploadsInFlight }: DocumentDeps): Promise<void> {
  const slots = uploadSlots({ maxFiles: documentRules.maxFiles, perEnrollment: UPLOADS_PER_ENROLLMENT, perProcess: uploadsInFlight });
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: documentRules.maxFileBytes, files: 1, fields: 0, parts: 2, fieldNameSize: 100, headerPairs: 20 },
    });

    const refused = (request: FastifyRequest, e: unknown): never => {
      if (e instanceof DocumentRefused) throw new HttpError(e.statusCode, message(request, e.key));
      throw e;
    };

    // What the grant allows and what was sent so far (the page shows it after a reload).
    scope.get(DOCUMENTS_PATH, { config: { rateLimit: limits.lookup } }, async (request) => {
      const grant = await requireGrant(request, db, protection);
      return { documents: await listDocuments(db, protection, grant.enrollmentId), expiresAt: grant.expiresAt.toISOString(), maxFiles: documentRules.maxFiles };
    });

    // One file per request, so the page can show each file's own progress.
    scope.post(DOCUMENTS_PATH, { config: { rateLimit: limits.upload, unsupportedMediaType: 'documentSendMultipart' } }, async (request, reply: FastifyReply) => {
      const grant = await requireGrant(request, db, protection);
      if (!request.isMultipart()) throw new HttpError(415, message(request, 'documentSendMultipart'));
      if (Number(request.headers['content-length']) > documentRules.maxFileBytes + FRAMING_BYTES) throw new HttpError(413, message(request, 'documentTooLarge'));
      // The file's place is taken before a byte of it is read: a file past the limit is refused at once, and past the
      // uploads this process reads at once it is asked to come again.
      const release = slots.take(grant.enrollmentId, await countDocuments(db, grant.enrollmentId));
      if (release === 'full') throw new HttpError(409, message(request, 'documentsTooMany'));
      if (release === 'busy') {
        reply.header('retry-after', String(BUSY_RETRY_SECONDS));
        throw new HttpError(429, message(request, 'documentsBusy'));
      }
      try {
        let part;
        try {
          part = await request.file();
        } catch {
          throw new DocumentRefused(400, 'documentUnreadable');
        }
        if (!part) throw new HttpError(400, message(request, 'documentsNone'));
        // The file is shorter than the request that frames it; without a stated length, the limit bounds it.
        const capacity = Math.min(Number(request.headers['content-length']) || Infinity, documentRules.maxFileBytes);
        const doc = await readDocument(part.file, protection, grant.enrollmentId, capacity);
        const stored = await storeDocument(db, protection, grant, { ...doc, name: cleanFileName(part.filename) });
        return reply.code(201).send(stored);
      } catch (e) {
        return refused(request, e);
      } finally {
        release();
      }
    });

    // The applicant is done: the documents are received, the grant is spent and its cookie cleared.
    scope.post(
      `${DOCUMENTS_PATH}/confirm`,
      { config: { rateLimit: limits.upload }, schema: { body: { type: 'object', additionalProperties: false, properties: {} } } },
      async (request, reply) => {
        const grant = await requireGrant(request, db, protection);
        const documents = await confirmDocuments(db, protection, grant).catch((e: unknown) => refused(request, e));
        if (documents.length === 0) throw new HttpError(400, message(request, 'documentsNone'));
        clearGrantCookie(reply);
        return { status: 'documents received', documents };
      },
    );
  });
}
