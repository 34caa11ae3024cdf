/**
 * npm run bench: builds the client for production and a bare react-jsonschema-form page on the same step-1 schema,
 * measures the performance bars of DESIGN.md section 5 side by side with their baselines, and prints each figure
 * beside its baseline, ratio and bar, as medians of BENCH_RUNS runs (3 by default). Exits 1 when a bar is missed.
 *  - JavaScript shipped (gzip) for the welcome page and, cumulatively, step 1, beside the bare RJSF page's;
 *  - typing on step 1, in headless Chromium, beside the bare RJSF page and a plain input (scripts/bench/pages.ts): keystroke
 *    to next paint (mostly the browser's own work: held in ms) and the page's script per keystroke (held to the ratio);
 *  - a mobile profile (4x CPU, slow 4G): LCP and CLS per page, keystroke to paint on step 1, the thank-you screen,
 *    and each press of the journey to its result painted, beside the bare RJSF page's Next (scripts/bench/presses.ts);
 *  - POST /api/v1/enrollment/enroll: throughput and p99 beside a raw insert of the same encrypted row, on PGlite and,
 *    with DATABASE_URL, on PostgreSQL (scripts/bench/enroll.ts).
 * Everything runs on loopback against servers this script starts and stops. Run it alone: the machine is shared.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { launchBenchBrowser, measureDesktop, measureMobile } from './bench/pages';
import { serveStatic } from './bench/static';
import { formatTable, markdownTable, missed, type Row } from './bench/stats';
import { measurePresses, PRESSES } from './bench/presses';
import { measureCpuIndex, type CpuIndex } from './bench/benchmarkIndex';

/** The bars (DESIGN.md section 5). */
export const BARS = {
  welcomeJsKb: { max: 85 },
  step1JsKb: { max: 140 },
  keystrokeMs: { max: 16 },
  keystrokeScriptRatio: { max: 0.2 },
  mobileKeystrokeMs: { max: 50 },
  mobileWelcomeLcpMs: { max: 1500 },
  mobileStep1Ms: { max: 1200 },
  cls: { max: 0 },
  pressMs: { max: 100 },
  enrollRatio: { min: 0.7 },
  enrollP99Ms: { max: 25 },
  lost: { max: 0 },
} as const;

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ENROLLMENTS = Number(process.env.BENCH_ENROLLMENTS ?? 1000);

// Always the production build (no test partners), as it ships; then the baseline page on its step-1 schema.
const buildStart = performance.now();
execSync('npm run build', { stdio: 'inherit', env: { ...process.env, HSA_VARIANT_DIRS: '' } });
const buildSeconds = (performance.now() - buildStart) / 1000;
// The build's output: one validator set per variant, whatever the number of languages (issue 23).
const validatorFiles = readdirSync('generated', { recursive: true }).filter((f) => /\.(validators|validator|check)\.ts$/.test(String(f))).length;
await build({ configFile: 'scripts/bench/bare/vite.config.ts' });
// The server reads the generated modules the build just wrote (the variants as they ship): imported after it.
const { startServer } = await import('../src/server/testing');
const { measureEnroll, CONCURRENCY } = await import('./bench/enroll');
// The journey helpers reach the server's modules too (through the e2e harness): imported after the build as well.
const { thankYou } = await import('./bench/journey');

const rows: Row[] = [];
const server = await startServer({ config: { dataDir: mkdtempSync(join(tmpdir(), 'hsa-bench-')), captchaCost: 50 }, onDisk: true });
const bare = await serveStatic('dist-bench/bare');
const floor = await serveStatic('scripts/bench/floor');
const browser = await launchBenchBrowser();
try {
  const d = await measureDesktop(browser, server.url, bare.url, floor.url, RUNS);
  rows.push(
    { what: 'npm run build (validators, client, server renderer)', figure: buildSeconds, unit: 's' },
    { what: '  validator modules in generated/ (steps, wire and the server wire check, every variant)', figure: validatorFiles, unit: '' },
    { what: 'welcome page, first load: JavaScript (gzip)', figure: d.welcomeJsKb, unit: 'KB', bar: BARS.welcomeJsKb },
    { what: 'step 1, cumulative JavaScript (gzip) vs bare RJSF', figure: d.step1JsKb, unit: 'KB', baseline: d.bareJsKb, bar: BARS.step1JsKb },
    { what: "  then step 2's code, fetched ahead once step 1 is idle", figure: d.aheadJsKb, unit: 'KB' },
    { what: 'keystroke to paint, step 1 (median) vs bare RJSF', figure: d.keystrokeMs, unit: 'ms', baseline: d.bareKeystrokeMs, bar: BARS.keystrokeMs },
    // What the browser itself takes to paint a keystroke (a plain input, no script): no page paints one faster.
    { what: '  plain input without script (the floor) vs bare RJSF', figure: d.floorKeystrokeMs, unit: 'ms', baseline: d.bareKeystrokeMs },
    { what: 'script per keystroke, step 1, typing words vs bare RJSF', figure: d.scriptMs, unit: 'ms', baseline: d.bareScriptMs, ratioBar: BARS.keystrokeScriptRatio },
    // A page with no script of its own: nothing of the bench's counts in this figure.
    { what: '  plain input without script (the floor) vs bare RJSF', figure: d.floorScriptMs, unit: 'ms', baseline: d.bareScriptMs },
  );
  // Which phone the mobile profile emulated: its 4x divides this machine's speed of the moment (benchmarkIndex.ts).
  const cpuRow = (when: string, i: CpuIndex): Row => ({ what: `mobile profile: Lighthouse BenchmarkIndex at 4x CPU vs unthrottled, ${when}`, figure: i.phone, unit: '', baseline: i.host });
  rows.push(cpuRow('before the phone runs', await measureCpuIndex(browser)));
  let run = 0;
  const m = await measureMobile(browser, server.url, RUNS, (page, throttle) => thankYou(run++, page, throttle));
  rows.push(
    { what: 'mobile: keystroke to paint, step 1 (median)', figure: m.keystrokeMs, unit: 'ms', bar: BARS.mobileKeystrokeMs },
    { what: 'mobile: LCP, welcome page', figure: m.lcpMs.welcome, unit: 'ms', bar: BARS.mobileWelcomeLcpMs },
    // Step 1 is drawn by the server (issue 25): read and typed into before its script arrives.
    { what: 'mobile: LCP, step 1', figure: m.lcpMs.step1, unit: 'ms', bar: BARS.mobileStep1Ms },
    { what: 'mobile: step 1, first field takes a key', figure: m.step1FieldMs, unit: 'ms', bar: BARS.mobileStep1Ms },
    { what: 'mobile: LCP, fee schedule', figure: m.lcpMs.feeschedule, unit: 'ms' },
    // LCP is reported only until the first input: a screen reached through the journey has none.
    { what: 'mobile: thank-you, Next to outcome painted', figure: m.thankYouMs, unit: 'ms' },
    ...(['welcome', 'step1', 'feeschedule', 'thankyou'] as const).map((p) => ({ what: `mobile: CLS, ${p} (worst run)`, figure: m.cls[p], unit: '', bar: BARS.cls })),
  );
  // Each press of the journey, pointer's up to its result painted (issue 25): the bar is on the worst run.
  const p = await measurePresses(browser, server.url, bare.url, RUNS, 0);
  for (const press of PRESSES) {
    const f = p.product[press];
    const empty = press === 'Next on an empty step 1';
    rows.push(
      { what: `mobile press: ${press}${empty ? ' vs bare RJSF' : ''} (median)`, figure: f.median, unit: 'ms', ...(empty ? { baseline: p.bare.median } : {}) },
      { what: `  worst${empty ? ' vs bare RJSF' : ''}`, figure: f.worst, unit: 'ms', ...(empty ? { baseline: p.bare.worst } : {}), bar: BARS.pressMs },
    );
  }
  rows.push(cpuRow('after them', await measureCpuIndex(browser)));
  // What moved, where a page shifted: the elements to look at.
  for (const [p, shifts] of Object.entries(m.shifts)) for (const s of shifts) console.log(`layout shift on ${p} at ${Math.round(s.at)} ms (${s.value.toFixed(3)}): ${s.moved.join(', ')}`);
} finally {
  await browser.close();
  await bare.close();
  await floor.close();
  await server.close();
}

/** An enrollment's rows: throughput and p99 beside the raw insert, and where its time goes (issue 25). */
const enrollRows = (db: string, f: Awaited<ReturnType<typeof measureEnroll>>): Row[] => {
  return [
    { what: `enroll throughput, ${db} vs raw insert`, figure: f.throughput, unit: '/s', baseline: f.ceiling },
    // The bar: each round's product and raw insert took their requests in turns (enroll.ts), so their ratio is this run's.
    { what: `  the ratio of each round (median)`, figure: f.ratio, unit: 'x', bar: BARS.enrollRatio },
    // The gap split in two: the product's HTTP stack, then the enrollment's own work (its checks and two statements).
    { what: `  raw insert behind the product's HTTP stack (headers, cookies, CSRF, rate limit, log, metrics) vs raw insert`, figure: f.stacked.throughput, unit: '/s', baseline: f.ceiling },
    { what: `enroll p99 latency, ${db} vs raw insert`, figure: f.p99, unit: 'ms', baseline: f.ceilingP99, bar: BARS.enrollP99Ms },
    // How much of it is a cold start: the first round meets code never run and connections never used (enroll.ts).
    { what: `  p99 without each server's first ${CONCURRENCY} requests (a cold process) vs raw insert's`, figure: f.p99AfterFirstRound, unit: 'ms', baseline: f.ceilingP99AfterFirstRound },
    { what: `enrollments lost or refused, ${db} (of ${f.total})`, figure: f.lost, unit: '', bar: BARS.lost },
    { what: `  enroll request on the server (mean) vs raw insert's`, figure: f.requestMs, unit: 'ms', baseline: f.ceilingRequestMs },
    ...Object.entries(f.phases).map(([phase, ms]) => ({ what: `    ${phase}`, figure: ms, unit: 'ms' })),
    { what: '    the rest: around the handler (parsing, CSRF, session, rate limit) and the answer', figure: f.restMs, unit: 'ms' },
    // Group commit (PostgreSQL): the fewer enrollments a statement carries, the more statements each costs.
    ...Object.entries(f.batchCalls).map(([statement, calls]) => ({ what: `    enrollments per ${statement} statement sent (group commit)`, figure: calls, unit: '' })),
    // Where the load's CPU goes: both sides are bound by this machine's two cores, so what the product spends beyond
    // the raw insert, here or in the database, is what its throughput lacks.
    { what: `  CPU per enrollment, the servers' process${db === 'PGlite' ? ' (with PGlite)' : ''} vs raw insert's`, figure: f.cpu.app, unit: 'ms', baseline: f.ceilingCpu.app },
    // Split by thread: the main one (the requests) can use one core at most; the rest (the embedded database's
    // worker, V8's collector and compiler) share what it leaves.
    { what: `    of it, the main thread (the requests) vs raw insert's`, figure: f.cpu.mainThread, unit: 'ms', baseline: f.ceilingCpu.mainThread },
    { what: `    the other threads (${db === 'PGlite' ? "PGlite's worker, " : ''}V8's collector and compiler) vs raw insert's`, figure: f.cpu.app - f.cpu.mainThread, unit: 'ms', baseline: f.ceilingCpu.app - f.ceilingCpu.mainThread },
    { what: `    the raw insert behind the product's HTTP stack vs raw insert's`, figure: f.stacked.cpu.app, unit: 'ms', baseline: f.ceilingCpu.app },
    ...(Number.isFinite(f.cpu.database) ? [{ what: `  CPU per enrollment, the PostgreSQL server vs raw insert's`, figure: f.cpu.database, unit: 'ms', baseline: f.ceilingCpu.database }] : []),
  ];
};
rows.push(...enrollRows('PGlite', await measureEnroll(RUNS, ENROLLMENTS)));
const url = process.env.DATABASE_URL;
if (url) {
  rows.push(...enrollRows('PostgreSQL', await measureEnroll(RUNS, ENROLLMENTS, url)));
} else rows.push({ what: 'enroll on PostgreSQL', figure: NaN, unit: '', note: 'not measured: DATABASE_URL is not set' });

console.log(`\nmedians of ${RUNS} runs\n${formatTable(rows)}`);
mkdirSync('artifacts', { recursive: true });
writeFileSync('artifacts/bench.md', `${markdownTable(rows)}\n`);
const failed = rows.filter((r) => missed(r).length > 0);
if (failed.length) console.log(`\n${failed.length} bar(s) missed: ${failed.map((r) => r.what.trim()).join('; ')}`);
process.exit(failed.length ? 1 : 0);
