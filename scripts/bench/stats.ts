/** The bench's arithmetic: medians of runs, ratios to a baseline of the same run, and whether a figure meets its bar. */

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The median of the pairs' ratios, `a[i] / b[i]`: the two of a pair ran one after the other, so a slow spell of this
 *  shared machine slows both of them, where the ratio of two medians can take each from a different spell. */
export function pairedRatio(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error('pairedRatio of lists of different lengths');
  return median(a.map((x, i) => x / b[i]));
}

/** The value below which `p` (0..1) of the values lie (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** A limit a figure must meet: at most (`max`) or at least (`min`) the value. */
export type Bar = { max: number } | { min: number };

export interface Row {
  what: string;
  figure: number;
  unit: string;
  /** What the figure is compared with in the same run (a bare RJSF page, a raw insert), if anything. */
  baseline?: number;
  /** A bar on the figure itself. */
  bar?: Bar;
  /** A bar on figure / baseline. */
  ratioBar?: Bar;
  /** Why a figure could not be measured (then it has no bar to meet). */
  note?: string;
}

export const meets = (value: number, bar: Bar): boolean => ('max' in bar ? value <= bar.max : value >= bar.min);

export function ratio(row: Row): number | undefined {
  return row.baseline === undefined || row.baseline === 0 ? undefined : row.figure / row.baseline;
}

/** The bars a row misses: its own, and its ratio's (a row with a ratio bar and no baseline misses it). */
export function missed(row: Row): string[] {
  const out: string[] = [];
  if (row.bar && !(Number.isFinite(row.figure) && meets(row.figure, row.bar))) out.push('bar');
  if (row.ratioBar) {
    const r = ratio(row);
    if (r === undefined || !Number.isFinite(r) || !meets(r, row.ratioBar)) out.push('ratio');
  }
  return out;
}

const barText = (bar: Bar | undefined, unit = '') => (bar ? ('max' in bar ? `<= ${bar.max}${unit}` : `>= ${bar.min}${unit}`) : '');
const num = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(n === 0 ? 0 : 2));

/** The report: each figure beside its baseline, ratio and bars; `ok` or `MISSED`. */
export function formatTable(rows: readonly Row[]): string {
  const head = ['measure', 'figure', 'baseline', 'ratio', 'bar', 'ratio bar', ''];
  const body = rows.map((r) => {
    const rt = ratio(r);
    const verdict = r.note ? r.note : r.bar || r.ratioBar ? (missed(r).length ? 'MISSED' : 'ok') : '';
    return [r.what, `${num(r.figure)} ${r.unit}`.trim(), r.baseline === undefined ? '' : `${num(r.baseline)} ${r.unit}`.trim(), rt === undefined ? '' : `${rt.toFixed(2)}x`, barText(r.bar, ` ${r.unit}`), barText(r.ratioBar, 'x'), verdict];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  return [line(head), ...body.map(line)].join('\n');
}

/** The same rows as a Markdown table, for the README. */
export function markdownTable(rows: readonly Row[]): string {
  const out = ['| measure | figure | baseline | ratio | bar | |', '| --- | ---: | ---: | ---: | --- | --- |'];
  for (const r of rows) {
    const rt = ratio(r);
    const bars = [barText(r.bar, ` ${r.unit}`), r.ratioBar ? `${barText(r.ratioBar)}x baseline` : ''].filter(Boolean).join(', ');
    const verdict = r.note ?? (r.bar || r.ratioBar ? (missed(r).length ? 'missed' : 'ok') : '');
    out.push(`| ${r.what} | ${num(r.figure)} ${r.unit} | ${r.baseline === undefined ? '' : `${num(r.baseline)} ${r.unit}`} | ${rt === undefined ? '' : `${rt.toFixed(2)}x`} | ${bars} | ${verdict} |`);
  }
  return out.join('\n');
}
