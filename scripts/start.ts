/** npm start: builds the client when it is not built, then starts the server. */
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { main } from '../src/server/main';

if (!existsSync('dist/index.html')) {
  console.log('Building the client (first start)...');
  execSync('npm run build', { stdio: 'inherit' });
}
await main();
