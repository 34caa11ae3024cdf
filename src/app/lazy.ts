/** Screens load lazily so the welcome page and step 1 stay small; a chunk that does not arrive in time fails clearly. */
import { lazy, type ComponentType } from 'react';
import { withTimeout } from '../engine/loading';

export { CHUNK_TIMEOUT_MS, CHUNK_FAILED, withTimeout } from '../engine/loading';

/** The component a module exports under a name, with its props. */
type Exported<T> = T extends ComponentType<infer P> ? ComponentType<P> : never;

/** A screen whose code loads when it is first drawn (inside a Suspense: routes.tsx page). `preload` fetches it
 *  ahead, e.g. while the applicant fills the step before it, so it is drawn at once. */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return Object.assign(
    lazy(() => withTimeout(load).then((m) => ({ default: m[name] as Exported<M[K]> }))),
    { preload: (): void => void load().catch(() => undefined) },
  );
}
