/** What a build is made from, as one hash: the partners' folders it compiled (variants/, and the test partners when
 *  HSA_VARIANT_DIRS names them), the schemas, the code, and the packages. Both halves of a build keep it
 *  (`generated/` and `dist/build-inputs.json`), so `npm start` can tell a build of this checkout from one the tests left (with their
 *  partners), or one made before a pull or an analyst's change, and build again. */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const RECORD = 'build-inputs.json';

/** The partners' folders a build in `root` compiles: variants/, and for tests the extra folders HSA_VARIANT_DIRS lists
 *  (':'-separated), absolute. */
export const variantDirsOf = (root: string, env: NodeJS.ProcessEnv = process.env): string[] => [
  join(root, 'variants'),
  ...(env.HSA_VARIANT_DIRS ?? '')
    .split(':')
    .filter(Boolean)
    .map((d) => resolve(root, d)),
];

/** The folders and files a build reads besides the partners' folders. */
const SOURCES = ['schemas', 'src', 'widgets', 'scripts', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => files(join(path, e.name)));
}

/** The hash of a build's inputs in `root`, with `variantDirs` (absolute) the partners' folders it compiles. */
export function buildInputsHash(root: string, variantDirs: readonly string[]): string {
  const hash = createHash('sha256');
  for (const dir of variantDirs) hash.update(`dir ${relative(root, dir)}\n`);
  for (const file of [...variantDirs, ...SOURCES.map((s) => join(root, s))].flatMap(files)) {
    hash.update(`file ${relative(root, file)}\n`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

interface InputsRecord {
  variantDirs: string[];
  hash: string;
}

/** A build's record, or null when it is missing or cannot be read (then the build is made again). */
function readRecord(file: string): InputsRecord | null {
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<InputsRecord> | null;
    return kept && typeof kept.hash === 'string' && Array.isArray(kept.variantDirs) ? { hash: kept.hash, variantDirs: kept.variantDirs } : null;
  } catch {
    return null;
  }
}

/** Why the build in `root` must be made again before serving it, or null when it is this checkout's. The server loads
 *  both halves, the validators (generated/) and the client (dist/): each keeps the record it was made from, and they
 *  must agree. */
export function staleBuild(root: string, variantDirs: readonly string[]): string | null {
  if (!existsSync(join(root, 'generated', 'index.ts')) || !existsSync(join(root, 'dist', 'index.html'))) return 'nothing is built yet';
  const [validators, client] = [readRecord(join(root, 'generated', RECORD)), readRecord(join(root, 'dist', RECORD))];
  if (!validators || !client) return 'the build does not say what it was made from';
  if (validators.hash !== client.hash) return 'the validators and the client were built from different sources';
  const dirs = variantDirs.map((d) => relative(root, d));
  if (JSON.stringify(client.variantDirs) !== JSON.stringify(dirs)) return `it was made with other partners' folders (${client.variantDirs.join(', ')})`;
  return client.hash === buildInputsHash(root, variantDirs) ? null : 'the code or the configuration changed since it was made';
}

/** The record a build of the validators keeps in `generated/`, and the client's build copies into `dist/`. */
export const inputsRecord = (root: string, variantDirs: readonly string[]) =>
  JSON.stringify({ variantDirs: variantDirs.map((d) => relative(resolve(root), d)), hash: buildInputsHash(root, variantDirs) });
