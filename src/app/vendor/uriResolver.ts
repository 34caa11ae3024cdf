/** Build-time stand-in for fast-uri, which RJSF imports only to resolve `$ref` against `$id`. The browser's own URL
 *  parser does that; our step schemas use neither, and the 22 KB parser stays out of the bundle. */
/** Relative references resolve against this placeholder, which is removed again afterwards. */
const BASE = 'rjsf://r/';

function resolve(base: string, ref: string): string {
  try {
    const absolute = new URL(ref, new URL(base, BASE)).href;
    return absolute.startsWith(BASE) ? absolute.slice(BASE.length) : absolute;
  } catch {
    return ref;
  }
}

function equal(a: string, b: string): boolean {
  return resolve(BASE, a) === resolve(BASE, b);
}

export default { resolve, equal };
