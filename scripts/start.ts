/** npm start: builds the client and the validators when they are not built, then starts the server. `npm start` runs
 *  this file in node itself (tsx as a loader, not a parent process), so SIGTERM and SIGINT reach the server, which
 *  drains and exits. The server is imported only after the build: it imports generated/, which the build writes. */
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { nodeAdvice, nodeSupported } from './nodeVersion';

if (!nodeSupported(process.versions.node)) {
  console.error(nodeAdvice(process.version));
  process.exit(1);
}

// A DIST_DIR of one's own is served as it is; only the default one is built on first start.
const built = existsSync(join('generated', 'index.ts')) && (process.env.DIST_DIR || existsSync(join('dist', 'index.html')));
if (!built) {
  console.log('Building the client (first start)...');
  try {
    execSync('npm run build', { stdio: 'inherit' });
  } catch {
    console.error('The build failed (its messages are above); fix what they name and run npm start again.');
    process.exit(1);
  }
}
const { main } = await import('../src/server/main');
await main();
