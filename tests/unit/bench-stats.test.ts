/** The bench's arithmetic (scripts/bench/stats.ts): medians, percentiles, ratios and bars. */
import { describe, expect, it } from 'vitest';
import { formatTable, markdownTable, median, meets, missed, pairedRatio, percentile, ratio, type Row } from '../../scripts/bench/stats';

describe('bench stats', () => {
  it('takes the median of odd and even counts, unsorted, and refuses none', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(() => median([])).toThrow();
  });

  it('takes a nearest-rank percentile', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile(values, 1)).toBe(100);
    expect(percentile([5], 0.99)).toBe(5);
  });

  it('takes the median of pairs\' ratios, not the ratio of medians, and refuses lists of different lengths', () => {
    // The pairs' ratios are 0.6, 0.8 and 0.35; the medians (70 and 100) would make 0.7, from runs of different pairs.
    expect(pairedRatio([30, 80, 70], [50, 100, 200])).toBeCloseTo(0.6);
    expect(() => pairedRatio([1, 2], [1])).toThrow();
  });

  it('compares with at-most and at-least bars, the limit itself meeting the bar', () => {
    expect(meets(16, { max: 16 })).toBe(true);
    expect(meets(16.1, { max: 16 })).toBe(false);
    expect(meets(0.5, { min: 0.5 })).toBe(true);
    expect(meets(0.49, { min: 0.5 })).toBe(false);
  });

  it('misses a bar on the figure, on its ratio to the baseline, or a ratio bar with no baseline', () => {
    const row: Row = { what: 'keystroke', figure: 6, unit: 'ms', baseline: 15, bar: { max: 16 }, ratioBar: { max: 0.3 } };
    expect(ratio(row)).toBeCloseTo(0.4);
    expect(missed(row)).toEqual(['ratio']);
    expect(missed({ ...row, figure: 4 })).toEqual([]);
    expect(missed({ ...row, figure: 17, baseline: 100 })).toEqual(['bar']);
    expect(missed({ ...row, baseline: undefined })).toEqual(['ratio']);
    expect(missed({ what: 'lost', figure: NaN, unit: '', bar: { max: 0 } })).toEqual(['bar']);
    expect(missed({ what: 'info', figure: 3, unit: 'ms' })).toEqual([]);
  });

  it('prints each figure beside its baseline, ratio, bar and verdict', () => {
    const rows: Row[] = [
      { what: 'enroll', figure: 300, unit: '/s', baseline: 500, ratioBar: { min: 0.5 } },
      { what: 'p99', figure: 60, unit: 'ms', bar: { max: 50 } },
    ];
    const text = formatTable(rows).split('\n');
    expect(text[1]).toMatch(/enroll\s+300 \/s\s+500 \/s\s+0\.60x\s+>= 0\.5x\s+ok/);
    expect(text[2]).toMatch(/p99\s+60\.0 ms\s+<= 50 ms\s+MISSED/);
    expect(markdownTable(rows)).toContain('| enroll | 300 /s | 500 /s | 0.60x | >= 0.5x baseline | ok |');
  });
});
