// @vitest-environment node
/** The PGlite worker's own Bind writer and answer reader (pglite-wire.mjs) against the protocol library's: the same
 *  bytes for a Bind, the same rows and the same error from the same answer. */
import { describe, expect, it } from 'vitest';
import { protocol } from '@electric-sql/pglite';
import { bindMessage, readRows } from '../../src/server/db/pglite-wire.mjs';

const cstring = (s: string) => Buffer.concat([Buffer.from(s), Buffer.from([0])]);
const int16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
/** A backend message: its type, its length, its body. */
const message = (type: string, body: Buffer) => Buffer.concat([Buffer.from(type), int32(body.length + 4), body]);
const rowDescription = (fields: [string, number][]) => message('T', Buffer.concat([int16(fields.length), ...fields.map(([name, oid]) => Buffer.concat([cstring(name), int32(0), int16(0), int32(oid), int16(-1), int32(-1), int16(0)]))]));
const dataRow = (values: (string | null)[]) => message('D', Buffer.concat([int16(values.length), ...values.map((v) => (v === null ? int32(-1) : Buffer.concat([int32(Buffer.byteLength(v)), Buffer.from(v)])))]));
const parsers = { 23: (t: string) => Number(t), 16: (t: string) => t === 't' };

describe('the PGlite worker wire', () => {
  it('writes the Bind the protocol library writes, for text and nulls in any script', () => {
    const values = ['a', null, 'Zoë 名', '', 'x'.repeat(5000)];
    expect(bindMessage('enroll_settle', values)).toEqual(Buffer.from(protocol.serialize.bind({ statement: 'enroll_settle', values })));
    expect(bindMessage('', [])).toEqual(Buffer.from(protocol.serialize.bind({ values: [] })));
  });

  it('reads rows by their types, nulls as null, and skips the messages around them', () => {
    const answer = Buffer.concat([message('1', Buffer.alloc(0)), message('2', Buffer.alloc(0)), rowDescription([['n', 23], ['ok', 16], ['name', 25]]), dataRow(['42', 't', 'Zoë']), dataRow([null, 'f', null]), message('C', cstring('SELECT 2')), message('Z', Buffer.from('I'))]);
    expect(readRows(answer, parsers).rows).toEqual([
      { n: 42, ok: true, name: 'Zoë' },
      { n: null, ok: false, name: null },
    ]);
    expect(readRows(Buffer.concat([message('C', cstring('INSERT 0 1')), message('Z', Buffer.from('I'))]), parsers).rows).toEqual([]);
  });

  it("gives the fields it read, and reads a prepared statement's rows by the fields given when none are described", () => {
    const described = readRows(Buffer.concat([rowDescription([['n', 23], ['name', 25]]), dataRow(['1', 'a'])]), parsers);
    expect(described.fields).toEqual([
      { name: 'n', type: 23 },
      { name: 'name', type: 25 },
    ]);
    expect(readRows(Buffer.concat([dataRow(['7', 'b']), message('C', cstring('SELECT 1'))]), parsers, described.fields).rows).toEqual([{ n: 7, name: 'b' }]);
  });

  it('throws an error response with its message and its code', () => {
    const error = message('E', Buffer.concat([Buffer.from('S'), cstring('ERROR'), Buffer.from('C'), cstring('23505'), Buffer.from('M'), cstring('duplicate key value'), Buffer.from([0])]));
    expect(() => readRows(Buffer.concat([error, message('Z', Buffer.from('I'))]), parsers)).toThrow(expect.objectContaining({ code: '23505', message: 'duplicate key value' }));
  });
});
