/** A document is judged by its whole structure, not its first bytes (issue 27): a PDF must parse as a PDF with a
 *  page (pdf-lib), an image must decode whole as the type it claims (sharp). Each check runs in a worker thread of
 *  its own, ended when it takes longer than the time limit (a file built to be slow to parse is refused, and the
 *  request thread never waits on it). */
import { Worker } from 'node:worker_threads';
// sharp (libvips) is loaded once in the main thread, so the workers that use it may come and go: loaded first in a
// worker that then exits, it cannot be loaded again in the next one (lovell/sharp#2263).
import 'sharp';
import type { DocumentTypeId } from '../domain/documents';

export const DOCUMENT_CHECK_MS = 15_000;
/** A worker's heap: ample for a 10 MB PDF's objects; a file built to inflate past it ends the worker (refused). */
const WORKER_HEAP_MB = 256;

/** true when the file is what its type says; false when it is not, cannot be read, or took too long. Bytes in a
 *  SharedArrayBuffer are read by the worker where they are, not copied to it. */
export function isWholeDocument(type: DocumentTypeId, bytes: Uint8Array, timeLimitMs = DOCUMENT_CHECK_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./document-check-worker.mjs', import.meta.url), { workerData: { type, bytes }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    const settle = (whole: boolean) => {
      clearTimeout(timer);
      resolve(whole);
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(false), timeLimitMs);
    worker.once('message', (whole: unknown) => settle(whole === true));
    worker.once('error', () => settle(false));
    worker.once('exit', () => settle(false));
  });
}
