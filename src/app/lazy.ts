/** Screens load lazily so the welcome page and step 1 stay small. A download that fails is tried again a moment
 *  later, twice; one that still fails (or does not arrive in time) fails clearly, and the page's 'Try again'
 *  (ScreenBoundary in routes.tsx) loads it anew, with the application still in memory. */
import { createElement, lazy, type ComponentType } from 'react';
import { CHUNK_FAILED, withTimeout } from '../engine/loading';

export { CHUNK_TIMEOUT_MS, CHUNK_FAILED, withTimeout } from '../engine/loading';

/** The component a module exports under a name, with its props. */
type Exported<T> = T extends ComponentType<infer P> ? ComponentType<P> : never;

/** The waits before the second and third tries of a download. */
const RETRY_WAITS_MS = [500, 1500];

/** A load tried again after each wait; its last failure is 'Loading chunk failed' whatever the browser said. */
async function retrying<T>(load: () => Promise<T>): Promise<T> {
  for (const wait of RETRY_WAITS_MS) {
    try {
      return await withTimeout(load);
    } catch {
      await new Promise((r) => setTimeout(r, wait));
    }
  }
  return withTimeout(load).catch(() => Promise.reject(new Error(CHUNK_FAILED)));
}

/** The screens whose load failed, each able to start anew (React keeps a failed lazy component failed). */
const failed = new Set<() => void>();
/** 'Try again': every screen that failed to load loads anew when next drawn. */
export function retryFailedScreens(): void {
  for (const renew of [...failed]) renew();
  failed.clear();
}

/** A screen whose code loads when it is first drawn (inside a Suspense: routes.tsx page). `preload` fetches it
 *  ahead, e.g. while the applicant fills the step before it, so it is drawn at once. */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  type Props = Exported<M[K]> extends ComponentType<infer P> ? P : never;
  const make = () =>
    lazy(() =>
      retrying(load).then(
        (m) => ({ default: m[name] as Exported<M[K]> }),
        (e: unknown) => {
          failed.add(renew);
          throw e;
        },
      ),
    );
  let current = make();
  const renew = () => {
    current = make();
  };
  const Screen = (props: Props) => createElement(current as unknown as ComponentType<object>, props as object);
  return Object.assign(Screen, { preload: (): void => void load().catch(() => undefined) });
}

/** Runs `work` once the page is idle (the browser's idle callback, or a second later where it has none); returns
 *  what cancels it. */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 1000);
  return () => clearTimeout(id);
}
