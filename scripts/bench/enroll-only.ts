/** The enroll part of `npm run bench` alone, for iteration: `npx tsx scripts/bench/enroll-only.ts [runs] [enrollments]`
 *  (PostgreSQL too when DATABASE_URL is set). The figures that count come from `npm run bench`. */
import { measureEnroll } from './enroll';

const runs = Number(process.argv[2] ?? 3);
const total = Number(process.argv[3] ?? 1000);
const show = (name: string, f: Awaited<ReturnType<typeof measureEnroll>>) => {
  console.log(`${name}: ${f.throughput.toFixed(0)}/s vs ${f.ceiling.toFixed(0)}/s (each round ${f.ratio.toFixed(2)}x), p99 ${f.p99.toFixed(1)} ms (raw ${f.ceilingP99.toFixed(1)} ms; without each server's first 8 ${f.p99AfterFirstRound.toFixed(1)} ms, raw ${f.ceilingP99AfterFirstRound.toFixed(1)} ms), lost ${f.lost} of ${f.total}`);
  console.log(`  request ${f.requestMs.toFixed(2)} ms (raw ${f.ceilingRequestMs.toFixed(2)} ms): ${Object.entries(f.phases).map(([p, ms]) => `${p} ${ms.toFixed(2)}`).join(', ')}`);
  if (Object.keys(f.batchCalls).length) console.log(`  enrollments per statement sent: ${Object.entries(f.batchCalls).map(([s, n]) => `${s} ${n.toFixed(2)}`).join(', ')}`);
  console.log(`  raw insert behind the product's HTTP stack: ${f.stacked.throughput.toFixed(0)}/s, CPU per enrollment ${f.stacked.cpu.app.toFixed(2)} ms (this process)`);
  console.log(`  CPU per enrollment: process ${f.cpu.app.toFixed(2)} ms (raw ${f.ceilingCpu.app.toFixed(2)}), its main thread ${f.cpu.mainThread.toFixed(2)} ms (raw ${f.ceilingCpu.mainThread.toFixed(2)}), PostgreSQL ${f.cpu.database.toFixed(2)} ms (raw ${f.ceilingCpu.database.toFixed(2)})`);
};
show('PGlite', await measureEnroll(runs, total));
if (process.env.DATABASE_URL && !process.argv.includes('--lite')) show('PostgreSQL', await measureEnroll(runs, total, process.env.DATABASE_URL));
process.exit(0);
