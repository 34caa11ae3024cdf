// Runs `vitest run` with the given arguments, and once more only when the run failed because a test worker died of a
// crash of the runtime rather than a test's verdict: V8's abort on PGlite's WebAssembly ('Check failed: jit_page…',
// nodejs/node#64500: V8's JIT page registry, not PKU-gated, so --no-memory-protection-keys does not prevent it), which
// a worker may also die of before its message reaches the output ('Worker exited unexpectedly', with every test that
// reported passing). A failed test, or a crash twice, fails the run. Plain JavaScript, so npm can run it before
// anything is built.
import { spawn } from 'node:child_process';

const V8_ABORT = /Check failed: jit_page/;
const WORKER_DIED = /Worker exited unexpectedly/;
const TEST_FAILED = /Tests\s+\d+ failed/;
// eslint-disable-next-line no-control-regex
const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');

function vitest() {
  return new Promise((resolve) => {
    const child = spawn('vitest', ['run', ...process.argv.slice(2)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const relay = (to) => (chunk) => {
      to.write(chunk);
      output += plain(String(chunk));
    };
    child.stdout.on('data', relay(process.stdout));
    child.stderr.on('data', relay(process.stderr));
    child.on('close', (code) => resolve({ code: code ?? 1, aborted: V8_ABORT.test(output) || (WORKER_DIED.test(output) && !TEST_FAILED.test(output)) }));
  });
}

let run = await vitest();
if (run.code !== 0 && run.aborted) {
  console.log('\nA test worker died of a crash of the runtime (V8\'s abort on WebAssembly, nodejs/node#64500), not of a test: running the tests once more.\n');
  run = await vitest();
}
process.exit(run.code);
