/** Identity documents on the vetting page: the rules of schemas/documents.json, shared by the page and the server.
 *  A file's type is told by its first bytes, never by its name or declared type; the server then judges its whole
 *  structure (src/server/documentCheck.ts). */
import rules from '../../schemas/documents.json' with { type: 'json' };

export type DocumentTypeId = 'pdf' | 'jpeg' | 'png';

/** A document the server holds for an enrollment, as the server answers and the vetting page lists it. */
export interface ReceivedDocument {
  id: number;
  type: DocumentTypeId;
  size: number;
  name: string;
  receivedAt: string;
}

export interface DocumentType {
  id: DocumentTypeId;
  mime: string;
  extensions: string[];
  magic: string;
}

export const documentRules = {
  maxFileBytes: rules.maxFileMB * 1024 * 1024,
  maxFileMB: rules.maxFileMB,
  maxFiles: rules.maxFiles,
  grantMinutes: rules.grantMinutes,
  types: rules.types as DocumentType[],
};

/** Bytes needed to tell every accepted type apart. */
export const SNIFF_BYTES = Math.max(...documentRules.types.map((t) => t.magic.length / 2));

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The accepted type whose signature the file starts with, or null. */
export function sniffDocumentType(head: Uint8Array): DocumentType | null {
  const start = hex(head.subarray(0, SNIFF_BYTES));
  return documentRules.types.find((t) => start.startsWith(t.magic)) ?? null;
}

export const documentType = (id: string): DocumentType | undefined => documentRules.types.find((t) => t.id === id);

/** The file input's `accept`: the types and their usual extensions (a hint for the picker; content decides). */
export const acceptAttribute = documentRules.types.flatMap((t) => [t.mime, ...t.extensions]).join(',');

/** A size as a person reads it: '850 KB', '1.2 MB'. */
export function displaySize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A keyed message with its `{name}` placeholders filled (limits, the help phone). */

/** The values every document message may name. */
export const messageValues = (helpPhone: string) => ({ maxFileMB: documentRules.maxFileMB, maxFiles: documentRules.maxFiles, grantMinutes: documentRules.grantMinutes, helpPhone });
