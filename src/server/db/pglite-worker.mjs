// PGlite in a worker thread, so the database and the HTTP handling use both cores. Plain JavaScript: it must load
// in any runner (tsx, vitest) without a TypeScript loader.
// Messages: { id, op: 'query' | 'begin' | 'commit' | 'rollback' | 'close', sql?, params?, tx? }.
// A transaction holds the connection: other statements wait until it commits or rolls back.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const db = await PGlite.create(workerData.dataDir ? { dataDir: workerData.dataDir } : undefined);
let holder = null; // the open transaction's id
const waiting = [];
let busy = false;

async function run(msg) {
  switch (msg.op) {
    case 'query':
      return (await db.query(msg.sql, msg.params ?? [])).rows;
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
