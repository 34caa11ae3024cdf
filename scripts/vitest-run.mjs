// Runs `vitest run` with the given arguments, and once more only when a test worker died of V8's abort on PGlite's
// WebAssembly ('Check failed: jit_page…', nodejs/node#64500: V8's JIT page registry, not PKU-gated, so
// --no-memory-protection-keys does not prevent it). That abort is a crash of the runtime, not a test's verdict: any
// other failure, or the abort twice, fails the run. Plain JavaScript, so npm can run it before anything is built.
import { spawn } from 'node:child_process';

const V8_ABORT = /Check failed: jit_page/;

function vitest() {
  return new Promise((resolve) => {
    const child = spawn('vitest', ['run', ...process.argv.slice(2)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let aborted = false;
    const relay = (to) => (chunk) => {
      to.write(chunk);
      aborted ||= V8_ABORT.test(String(chunk));
    };
    child.stdout.on('data', relay(process.stdout));
    child.stderr.on('data', relay(process.stderr));
    child.on('close', (code) => resolve({ code: code ?? 1, aborted }));
  });
}

let run = await vitest();
if (run.code !== 0 && run.aborted) {
  console.log('\nA test worker died of V8\'s abort on WebAssembly (nodejs/node#64500), not of a test: running the tests once more.\n');
  run = await vitest();
}
process.exit(run.code);
