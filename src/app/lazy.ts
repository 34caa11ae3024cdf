/** Screens load lazily so the welcome page stays small; a chunk that does not arrive in time fails clearly. */
import { lazy, type ComponentType } from 'react';
import { withTimeout } from '../engine/loading';

export { CHUNK_TIMEOUT_MS, CHUNK_FAILED, withTimeout } from '../engine/loading';

export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => withTimeout(load).then((m) => ({ default: m[name] })));
}
