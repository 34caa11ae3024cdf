/** How fast this machine was during the run, as Lighthouse reports with every run ('CPU/Memory Power'): DevTools'
 *  CPU throttling divides the host's speed, so the mobile profile's 4x is a slower phone in a slow spell of this
 *  shared machine than in a fast one (the bare RJSF page's own empty Next took 152 ms on the profile in one run,
 *  478 ms in another). The index beside the phone figures says which phone a run emulated. Lighthouse's table:
 *  a high-end desktop scores 1500 to 2000, a low-end one 1000 to 1500, a mid-tier phone 125 to 800; its 4x default
 *  assumes the high-end desktop. */
import type { Browser } from 'playwright-core';
import { MOBILE } from './pages';
import { median } from './stats';

/** Each benchmark's length: long enough to span several of the throttler's slices. */
const BENCHMARK_MS = 500;

/** Lighthouse's BenchmarkIndex, run in the page for `duration` ms: half building strings (the garbage collector's
 *  share), half copying arrays; each the rounds per second over ten. Written after its published description.
 *  No inner functions: tsx would wrap them in a helper the page does not have. */
export function benchmarkIndex(duration: number): number {
  const half = duration / 2;
  let start = Date.now();
  let rounds = 0;
  while (Date.now() - start < half) {
    let s = '';
    for (let i = 0; i < 10_000; i++) s += 'a';
    if (s.length === 1) throw new Error('kept the loop from being optimised away');
    rounds++;
  }
  const strings = rounds / 10 / ((Date.now() - start) / 1000);
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < 100_000; i++) a[i] = b[i] = i;
  start = Date.now();
  rounds = 0;
  while (rounds % 10 !== 0 || Date.now() - start < half) {
    const from = rounds % 2 ? b : a;
    const to = rounds % 2 ? a : b;
    for (let i = 0; i < from.length; i++) to[i] = from[i];
    rounds++;
  }
  const arrays = rounds / 10 / ((Date.now() - start) / 1000);
  return (strings + arrays) / 2;
}

export interface CpuIndex {
  /** This machine's BenchmarkIndex, unthrottled. */
  host: number;
  /** At the mobile profile's CPU throttling: the phone the run emulated. */
  phone: number;
}

/** In a blank page of its own: a warm-up, then three runs unthrottled and three at the mobile profile's rate. */
export async function measureCpuIndex(browser: Browser): Promise<CpuIndex> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const runs = async (rate: number) => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const scores: number[] = [];
      for (let i = 0; i < 3; i++) scores.push(await page.evaluate(benchmarkIndex, BENCHMARK_MS));
      return median(scores);
    };
    await page.evaluate(benchmarkIndex, BENCHMARK_MS);
    return { host: await runs(1), phone: await runs(MOBILE.cpuRate) };
  } finally {
    await context.close();
  }
}
