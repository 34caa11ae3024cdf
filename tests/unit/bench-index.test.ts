/** The bench's BenchmarkIndex (scripts/bench/benchmarkIndex.ts): the work done per second of the machine's clock,
 *  so a machine half as fast scores about half. */
import { describe, expect, it } from 'vitest';
import { benchmarkIndex } from '../../scripts/bench/benchmarkIndex';
import { median } from '../../scripts/bench/stats';

describe('bench BenchmarkIndex', () => {
  it('scores about half when each millisecond is as long as two (a machine half as fast)', () => {
    const now = Date.now;
    const halfAsFast = () => {
      const origin = now();
      Date.now = () => origin + (now() - origin) * 2;
      try {
        return benchmarkIndex(100);
      } finally {
        Date.now = now;
      }
    };
    // Alternating, so that a spell of this shared machine weighs on both sides alike.
    const alone: number[] = [];
    const slowed: number[] = [];
    for (let i = 0; i < 3; i++) {
      alone.push(benchmarkIndex(100));
      slowed.push(halfAsFast());
    }
    expect(alone.every((s) => Number.isFinite(s) && s > 0)).toBe(true);
    expect(median(slowed) / median(alone)).toBeGreaterThan(0.2);
    expect(median(slowed) / median(alone)).toBeLessThan(0.75);
  });
});
