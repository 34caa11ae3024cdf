/** Loading code on demand (screens, step schemas, the captcha): a load that does not arrive in time fails clearly
 *  (spec section 8: script chunk load, 120 second timeout, error 'Loading chunk failed'). */
export const CHUNK_TIMEOUT_MS = 120_000;
export const CHUNK_FAILED = 'Loading chunk failed';

export function withTimeout<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(CHUNK_FAILED)), ms);
    load().then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(CHUNK_FAILED));
      },
    );
  });
}
