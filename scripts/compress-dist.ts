/** After the client build: gzip and brotli copies of every text asset, served by @fastify/static (preCompressed), and
 *  the record of what the build is made from. */
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { RECORD } from './buildInputs';

const dir = 'dist/assets';
let count = 0;
for (const name of readdirSync(dir).filter((f) => /\.(js|css|svg|json)$/.test(f))) {
  const body = readFileSync(join(dir, name));
  writeFileSync(join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
  writeFileSync(join(dir, `${name}.br`), brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  count++;
}
console.log(`compressed ${count} assets`);
// The record of what this build is made from, written by the validators' build (buildInputs.ts): npm start reads it.
// Validators built without one (by an older checkout) leave the client without one: npm start then builds again.
if (existsSync(join('generated', RECORD))) copyFileSync(join('generated', RECORD), join('dist', RECORD));
else rmSync(join('dist', RECORD), { force: true });
