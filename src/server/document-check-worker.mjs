// Judges one identity document by its whole structure, in a worker thread the server ends when it takes too long
// (documentCheck.ts). Plain JavaScript: it must load in any runner (tsx, vitest) without a TypeScript loader.
// workerData: { type: 'pdf' | 'jpeg' | 'png', bytes: Uint8Array }; posts true when the file is what it says.
import { parentPort, workerData } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';

// A photo or scan of a document: far beyond any phone camera's, small enough to refuse a decompression bomb.
const MAX_PIXELS = 100_000_000;

async function isWhole({ type, bytes }) {
  if (type === 'pdf') {
    // Parses every object; a file with a PDF header and anything else after it has no document to load.
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
    return doc.getPageCount() > 0;
  }
  const image = sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_PIXELS, sequentialRead: true });
  const { format } = await image.metadata();
  if (format !== type) return false;
  // Every pixel decoded (a truncated or corrupt image fails), a few numbers kept: memory stays small.
  await image.stats();
  return true;
}

isWhole(workerData).then(
  (whole) => parentPort.postMessage(whole === true),
  () => parentPort.postMessage(false),
);
