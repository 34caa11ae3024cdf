/** npm start: builds the client and the validators when they are not built (or not built from this checkout as it
 *  is), then starts the server. `npm start` runs this file in node itself (tsx as a loader, not a parent process), so
 *  SIGTERM and SIGINT reach the server, which drains and exits. The server is imported only after the build: it
 *  imports generated/, which the build writes. */
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { staleBuild, variantDirsOf } from './buildInputs';
import { nodeAdvice, nodeSupported } from './nodeVersion';

if (!nodeSupported(process.versions.node)) {
  console.error(nodeAdvice(process.version));
  process.exit(1);
}

// A DIST_DIR of one's own is served as it is. The default one is built when it is missing, or when it is not this
// checkout's: one the tests left (with their partners), or one made before a pull or an analyst's change.
const stale = process.env.DIST_DIR ? (existsSync(join('generated', 'index.ts')) ? null : 'nothing is built yet') : staleBuild(process.cwd(), variantDirsOf(process.cwd()));
if (stale) {
  console.log(`Building the validators and the client: ${stale}...`);
  try {
    execSync('npm run build', { stdio: 'inherit' });
  } catch {
    console.error('The build failed (its messages are above); fix what they name and run npm start again.');
    process.exit(1);
  }
}
const { main } = await import('../src/server/main');
await main();
