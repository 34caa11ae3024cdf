// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { grouped } from '../../src/server/db/groupCommit';

/** A statement that answers each item doubled, and holds each batch until released; its batches are kept. */
function heldStatement(fail: (items: number[]) => boolean = () => false) {
  const batches: number[][] = [];
  const held: (() => void)[] = [];
  const many = (items: number[]) => {
    batches.push(items);
    return new Promise<number[]>((resolve, reject) => held.push(() => (fail(items) ? reject(Object.assign(new Error('refused'), { code: '22P02' })) : resolve(items.map((i) => i * 2)))));
  };
  const release = async () => {
    while (held.length) held.shift()!();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { many, batches, release };
}

/** The end of this turn of the event loop, when the calls made in it are sent. */
const turn = () => new Promise((r) => setImmediate(r));

describe('group commit', () => {
  it('sends the calls made in one turn of the event loop together at its end, and the calls made meanwhile together when it returns', async () => {
    const s = heldStatement();
    const call = grouped(s.many);
    const first = [call(1), call(2)];
    expect(s.batches).toEqual([]);
    await turn();
    expect(s.batches).toEqual([[1, 2]]);
    const rest = [call(3), call(4), call(5)];
    await turn();
    expect(s.batches).toHaveLength(1);
    await s.release();
    expect(s.batches).toEqual([[1, 2], [3, 4, 5]]);
    await s.release();
    expect(await Promise.all([...first, ...rest])).toEqual([2, 4, 6, 8, 10]);
  });

  it('sends a call made alone at the end of its turn, without waiting for more', async () => {
    const s = heldStatement();
    const call = grouped(s.many);
    const one = call(1);
    await turn();
    expect(s.batches).toEqual([[1]]);
    await s.release();
    expect(await one).toBe(2);
    const two = call(2);
    await turn();
    expect(s.batches).toEqual([[1], [2]]);
    await s.release();
    expect(await two).toBe(4);
  });

  it('tells the number of calls of each batch sent, not the calls of a failed batch run again', async () => {
    const s = heldStatement((items) => items.includes(3));
    const told: number[] = [];
    const call = grouped(s.many, { onBatch: (n) => told.push(n) });
    const first = call(1);
    await turn();
    const rest = [call(2), call(3), call(4)].map((p) => p.catch((e: Error) => e.message));
    await s.release();
    await s.release();
    await s.release();
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 'refused', 8]);
    expect(s.batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    expect(told).toEqual([1, 3]);
  });

  it('puts at most `max` calls in a batch', async () => {
    const s = heldStatement();
    const call = grouped(s.many, { max: 2 });
    const all = [1, 2, 3, 4, 5].map((i) => call(i));
    await turn();
    await s.release();
    await s.release();
    await s.release();
    expect(s.batches).toEqual([[1, 2], [3, 4], [5]]);
    expect(await Promise.all(all)).toEqual([2, 4, 6, 8, 10]);
  });

  it('runs the calls of a failed batch one by one, so one call that fails fails alone', async () => {
    const s = heldStatement((items) => items.includes(3));
    const call = grouped(s.many);
    const first = call(1);
    await turn();
    const rest = [call(2), call(3), call(4)].map((p) => p.then((v) => ({ v }), (e: Error) => ({ e: e.message })));
    await s.release();
    await s.release(); // the batch [2, 3, 4] fails
    await s.release(); // each alone
    expect(s.batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    expect(await first).toBe(2);
    expect(await Promise.all(rest)).toEqual([{ v: 4 }, { e: 'refused' }, { v: 8 }]);
  });

  it('gives every call the batch error when `alone` says running them again would not help', async () => {
    const s = heldStatement((items) => items.length > 1);
    const call = grouped(s.many, { alone: () => false });
    const first = call(1);
    await turn();
    const rest = [call(2), call(3)].map((p) => p.catch((e: Error) => e.message));
    await s.release();
    await s.release();
    expect(s.batches).toEqual([[1], [2, 3]]);
    expect(await first).toBe(2);
    expect(await Promise.all(rest)).toEqual(['refused', 'refused']);
  });

  it('does not let a batch held in the database hold up the calls behind it past its patience', async () => {
    const s = heldStatement();
    const call = grouped(s.many, { patienceMs: 30 });
    const first = call(1);
    await turn();
    const second = call(2);
    await turn();
    expect(s.batches).toEqual([[1]]);
    await new Promise((r) => setTimeout(r, 60));
    expect(s.batches).toEqual([[1], [2]]);
    await s.release();
    expect(await Promise.all([first, second])).toEqual([2, 4]);
  });

  it('takes up to `inFlight` batches at once', async () => {
    const s = heldStatement();
    const call = grouped(s.many, { inFlight: 2 });
    const all = [call(1)];
    await turn();
    all.push(call(2));
    await turn();
    all.push(call(3), call(4));
    await turn();
    expect(s.batches).toEqual([[1], [2]]);
    await s.release();
    expect(s.batches).toEqual([[1], [2], [3, 4]]);
    await s.release();
    expect(await Promise.all(all)).toEqual([2, 4, 6, 8]);
  });
});
