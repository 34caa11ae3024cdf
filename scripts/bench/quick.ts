/** A quicker look while working on keystrokes and layout shifts (`npm run bench` gives the figures that count), on
 *  the builds `npm run bench` makes (`HSA_VARIANT_DIRS= npm run build`, and the bare page's vite build): keystroke to
 *  paint on step 1 beside the bare RJSF page, then the mobile profile (keystrokes, and each page's layout shifts with
 *  the elements that moved). QUICK_RUNS runs (3), QUICK_ONLY=desktop or mobile for one half, or presses for each press of the journey on the phone profile. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { thankYou } from './journey';
import { launchBenchBrowser, measureDesktop, measureMobile } from './pages';
import { serveStatic } from './static';
import { measurePresses } from './presses';
import { measureCpuIndex } from './benchmarkIndex';

const { startServer } = await import('../../src/server/testing');
const server = await startServer({ config: { dataDir: mkdtempSync(join(tmpdir(), 'hsa-quick-')), captchaCost: 50 }, onDisk: true });
const bare = await serveStatic('dist-bench/bare');
const floor = await serveStatic('scripts/bench/floor');
const browser = await launchBenchBrowser();
const runs = Number(process.env.QUICK_RUNS ?? 3);
const only = process.env.QUICK_ONLY;
try {
  if (only !== 'mobile') {
    const d = await measureDesktop(browser, server.url, bare.url, floor.url, runs);
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    console.log(`JavaScript (gzip): welcome ${d.welcomeJsKb.toFixed(1)} KB, step 1 ${d.step1JsKb.toFixed(1)} KB, then ahead ${d.aheadJsKb.toFixed(1)} KB`);
    console.log(`keystroke to paint: ${ms(d.keystrokeMs)}, bare ${ms(d.bareKeystrokeMs)}, plain input ${ms(d.floorKeystrokeMs)}; script per keystroke ${ms(d.scriptMs)}, bare ${ms(d.bareScriptMs)} (${(d.scriptMs / d.bareScriptMs).toFixed(2)}x), plain input ${ms(d.floorScriptMs)}`);
  }
  if (only !== 'desktop') {
    const i = await measureCpuIndex(browser);
    console.log(`Lighthouse BenchmarkIndex: ${i.host.toFixed(0)} unthrottled, ${i.phone.toFixed(0)} at the mobile profile's 4x (the phone emulated)`);
  }
  if (only === 'presses') {
    const p = await measurePresses(browser, server.url, bare.url, runs, Date.now() % 1000);
    for (const [press, f] of Object.entries(p.product)) console.log(`${press}: median ${f.median.toFixed(0)} ms, worst ${f.worst.toFixed(0)} ms`);
    console.log(`bare RJSF, Next on an empty step 1: median ${p.bare.median.toFixed(0)} ms, worst ${p.bare.worst.toFixed(0)} ms`);
  } else if (only !== 'desktop') {
    let run = Date.now() % 1000;
    const m = await measureMobile(browser, server.url, runs, (page, throttle) => thankYou(run++, page, throttle));
    console.log(`mobile keystroke to paint: ${m.keystrokeMs.toFixed(1)} ms; thank-you ${m.thankYouMs.toFixed(0)} ms; CLS ${JSON.stringify(m.cls)}`);
    console.log(`mobile LCP ${JSON.stringify(m.lcpMs)}; step 1's first field takes a key at ${m.step1FieldMs.toFixed(0)} ms`);
    for (const [p, shifts] of Object.entries(m.shifts)) for (const s of shifts) console.log(`  ${p} at ${Math.round(s.at)} ms (${s.value.toFixed(3)}): ${s.moved.join(', ')}`);
  }
} finally {
  await browser.close();
  await bare.close();
  await floor.close();
  await server.close();
}
process.exit(0);
