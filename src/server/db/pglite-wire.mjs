// The two protocol messages the PGlite worker writes and reads on every statement, done without PGlite's general
// protocol classes: its Bind writer and its message parser (objects for every message, then the rows built from
// them) cost the worker about 85 µs of an enrollment's 570 (issue 25, measured on the bench's enrollments). Plain
// JavaScript, as the worker is.

/** A Bind of `values` (null or text) to the statement `name` (unnamed: ''), every parameter and result in text form:
 *  the bytes PGlite's protocol.serialize.bind writes for them. */
export function bindMessage(name, values) {
  const nameBytes = Buffer.byteLength(name);
  // Its length, an empty portal, the name, the parameters' formats (their count, then 0, text, for each), the
  // parameters (their count, then each one's length and bytes), and no result formats (all text).
  let length = 4 + 1 + nameBytes + 1 + 2 + 2 * values.length + 2 + 2;
  const sizes = values.map((v) => (v === null ? -1 : Buffer.byteLength(v)));
  for (const size of sizes) length += 4 + Math.max(size, 0);
  const out = Buffer.allocUnsafe(1 + length);
  let at = out.writeUInt8(0x42, 0); // 'B'
  at = out.writeInt32BE(length, at);
  at = out.writeUInt8(0, at);
  at += out.write(name, at);
  at = out.writeUInt8(0, at);
  at = out.writeInt16BE(values.length, at);
  out.fill(0, at, (at += 2 * values.length)); // 0: text
  at = out.writeInt16BE(values.length, at);
  for (const [i, v] of values.entries()) {
    at = out.writeInt32BE(sizes[i], at);
    if (v !== null) at += out.write(v, at);
  }
  out.writeInt16BE(0, at);
  return out;
}

/** The rows of one statement's answer (`bytes`: everything the engine wrote back), each value read by `parsers` by
 *  its type, as PGlite's query() reads them, and its fields (each one's name and type): from the answer's
 *  RowDescription, else `fields` (a prepared statement's, described on its first run). An ErrorResponse is thrown as
 *  an Error with the SQLSTATE as `code`. `results`: the rows of each statement completed, in order, for an answer
 *  to several executions sent as one message. */
export function readRows(bytes, parsers, fields = []) {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows = [];
  const results = [];
  let from = 0;
  for (let at = 0; at + 5 <= buf.length; ) {
    const type = buf[at];
    const end = at + 1 + buf.readInt32BE(at + 1);
    let p = at + 5;
    if (type === 0x54) {
      // RowDescription: per field its name, table, column, type, size, modifier and format.
      fields = new Array(buf.readInt16BE(p));
      p += 2;
      for (let i = 0; i < fields.length; i++) {
        const nul = buf.indexOf(0, p);
        fields[i] = { name: buf.toString('utf8', p, nul), type: buf.readInt32BE(nul + 7) };
        p = nul + 19;
      }
    } else if (type === 0x44) {
      // DataRow: per column its length (-1: null) and its text.
      const row = {};
      const count = buf.readInt16BE(p);
      p += 2;
      for (let i = 0; i < count; i++) {
        const size = buf.readInt32BE(p);
        p += 4;
        const { name, type: oid } = fields[i];
        if (size < 0) row[name] = null;
        else {
          const text = buf.toString('utf8', p, p + size);
          const parse = parsers[oid];
          row[name] = parse ? parse(text, oid) : text;
          p += size;
        }
      }
      rows.push(row);
    } else if (type === 0x43) {
      // CommandComplete: the rows since the last one are this statement's.
      results.push(rows.slice(from));
      from = rows.length;
    } else if (type === 0x45) {
      // ErrorResponse: a code byte and a string per field, then a zero.
      const error = new Error('database error');
      while (buf[p] !== 0 && p < end) {
        const code = buf[p];
        const nul = buf.indexOf(0, p + 1);
        const value = buf.toString('utf8', p + 1, nul);
        if (code === 0x4d) error.message = value; // 'M'
        else if (code === 0x43) error.code = value; // 'C'
        p = nul + 1;
      }
      throw error;
    }
    at = end;
  }
  return { rows, fields, results };
}
