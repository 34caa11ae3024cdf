/** Types of pglite-wire.mjs (plain JavaScript, loaded by the PGlite worker as it is). */
export interface Field {
  name: string;
  /** The type's OID, as `parsers` are keyed. */
  type: number;
}

export function bindMessage(name: string, values: (string | null)[]): Buffer;

export function readRows(bytes: Uint8Array, parsers: Record<number, (text: string, type: number) => unknown>, fields?: Field[]): { rows: Record<string, unknown>[]; fields: Field[]; results: Record<string, unknown>[][] };
