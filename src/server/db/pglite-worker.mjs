// PGlite in a worker thread, so the database and the HTTP handling use both cores. Plain JavaScript: it must load
// in any runner (tsx, vitest) without a TypeScript loader.
// Messages: { id, op: 'query' | 'each' | 'begin' | 'commit' | 'rollback' | 'close', sql?, params?, list?, prepared?, tx? }.
// A transaction holds the connection: other statements wait until it commits or rolls back.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, protocol } from '@electric-sql/pglite';
import { bindMessage, readRows } from './pglite-wire.mjs';

const db = await PGlite.create(workerData.dataDir ? { dataDir: workerData.dataDir } : undefined);

// PGlite's query() makes six calls into the engine per statement (parse, describe the statement to learn its
// parameters' types, bind, describe, execute, sync); on a short statement they cost more than the statement itself.
// When every parameter is text, a number, a boolean or null, its text form does not depend on the type the engine
// infers, so the statement can go as one message: parse, bind, describe, execute, sync, processed in one call, with
// its answer read as query() reads it (pglite-wire.mjs writes the bind and reads the answer). Other parameters
// (bytes, dates, objects) go through query(), whose serialisers pick the form by type.
const { serialize } = protocol;
const SYNC = serialize.sync();
const DESCRIBE = serialize.describe({ type: 'P' });
const EXECUTE = serialize.execute({});
const plain = (v) => v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint';

// Bytes go as bytea's text form ('\\x' and hex, encoded natively), which a parameter in a bytea place takes as it is:
// query()'s serialiser encodes them in JavaScript byte by byte, which took over 5 s for a 10 MB document (the upload
// limit) on a 2-core machine, past the statement time limit.
const bytea = (v) => (v instanceof Uint8Array ? `\\x${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex')}` : v);

// A statement the caller names (one run on every request, as PostgreSQL's prepared statements are) is parsed,
// planned and described once, then only bound by its name and executed: its fields (their names and types) are
// kept from its first answer, so the engine neither writes them again nor the worker reads them.
const prepared = new Map();

async function query(sql, values = [], name = undefined) {
  const bind = plainBind(name ?? '', values);
  if (!bind) return (await db.query(sql, values)).rows;
  const known = name ? prepared.get(name) : undefined;
  const parts = known ? [bind, EXECUTE, SYNC] : [serialize.parse({ text: sql, name }), bind, DESCRIBE, EXECUTE, SYNC];
  const { rows, fields } = await exchange(parts, known, name);
  if (name) prepared.set(name, fields);
  return rows;
}

// A statement run once for each item of a batch (group commit, groupCommit.ts): its executions go as one message,
// a bind and an execute per item and one sync, so they are one transaction and one commit (an error rolls back every
// one of them), and one answer, read once. Its parameters must be plain (see above), as the enrollment's are.
async function each(sql, list, name) {
  const binds = list.map((values) => plainBind(name, values) ?? fail('A batch takes text, numbers, booleans and nulls only'));
  if (!prepared.has(name)) await prepare(sql, name);
  return (await exchange([...binds.flatMap((bind) => [bind, EXECUTE]), SYNC], prepared.get(name), name)).results;
}

/** Parses and describes the statement `name` without running it: its fields are kept as a first run keeps them. */
async function prepare(sql, name) {
  prepared.set(name, (await exchange([serialize.parse({ text: sql, name }), serialize.describe({ type: 'S', name }), SYNC], undefined, name)).fields);
}

/** A Bind of `values` to the statement `name` in their text form, when every one is plain; else null. */
function plainBind(name, values) {
  const params = values.map(bytea);
  return params.every(plain) ? bindMessage(name, params.map((v) => (v === null || v === undefined ? null : String(v)))) : null;
}

const fail = (message) => {
  throw new Error(message);
};

/** Sends `parts` as one message and reads the answer (readRows, with the prepared statement's `fields`). Throws the
 *  statement's error, after the sync in the same message, so the session is ready for the next one; a named
 *  statement that failed, whether it was parsed or not, is parsed and described anew next time. */
async function exchange(parts, fields, name) {
  // The answer's chunks are views into the engine's memory, copied as they come.
  const chunks = [];
  await db.execProtocolRawStream(oneMessage(parts), { onRawData: (chunk) => chunks.push(chunk.slice()) });
  try {
    return readRows(chunks.length === 1 ? chunks[0] : oneMessage(chunks), db.parsers, fields);
  } catch (e) {
    if (name) await forget(name);
    throw e;
  }
}

async function forget(name) {
  prepared.delete(name);
  await db.execProtocol(oneMessage([serialize.close({ type: 'S', name }), SYNC])).catch(() => undefined);
}

/** Protocol messages sent together, as one buffer. */
function oneMessage(parts) {
  const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    message.set(p, at);
    at += p.length;
  }
  return message;
}
let holder = null; // the open transaction's id
const waiting = [];
let busy = false;

async function run(msg) {
  switch (msg.op) {
    case 'query':
      return query(msg.sql, msg.params, msg.prepared);
    case 'each':
      return each(msg.sql, msg.list, msg.prepared);
    case 'begin':
      await db.query('BEGIN');
      holder = msg.tx;
      return null;
    case 'commit':
    case 'rollback':
      try {
        await db.query(msg.op === 'commit' ? 'COMMIT' : 'ROLLBACK');
      } finally {
        holder = null;
      }
      return null;
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown op ${msg.op}`);
  }
}

/** The next message that may run now: any while no transaction is open, else only the open transaction's. */
function next() {
  const i = waiting.findIndex((m) => holder === null || m.tx === holder);
  return i === -1 ? null : waiting.splice(i, 1)[0];
}

async function drain() {
  if (busy) return;
  busy = true;
  for (let msg = next(); msg; msg = next()) {
    try {
      parentPort.postMessage({ id: msg.id, rows: await run(msg) });
    } catch (e) {
      parentPort.postMessage({ id: msg.id, error: { message: e.message, code: e.code } });
    }
  }
  busy = false;
}

parentPort.on('message', (msg) => {
  waiting.push(msg);
  void drain();
});
parentPort.postMessage({ ready: true });
