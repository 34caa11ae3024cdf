/** npm start: builds the client when it is not built, then starts the server. `npm start` runs this file in node
 *  itself (tsx as a loader, not a parent process), so SIGTERM and SIGINT reach the server, which drains and exits. */
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { main } from '../src/server/main';

// A DIST_DIR of one's own is served as it is; only the default one is built on first start.
if (!process.env.DIST_DIR && !existsSync(join('dist', 'index.html'))) {
  console.log('Building the client (first start)...');
  execSync('npm run build', { stdio: 'inherit' });
}
await main();
