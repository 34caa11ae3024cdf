/** Screens load lazily so the welcome page stays small; a chunk that does not arrive in time fails clearly. */
import { lazy, type ComponentType } from 'react';

export const CHUNK_TIMEOUT_MS = 120_000;

export function withTimeout<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Loading chunk failed')), ms);
    load().then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error('Loading chunk failed'));
      },
    );
  });
}

export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => withTimeout(load).then((m) => ({ default: m[name] })));
}
