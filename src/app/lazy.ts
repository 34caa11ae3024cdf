/** Screens load lazily so the welcome page and step 1 stay small. A download that fails is tried again a moment
 *  later, twice; one that still fails (or does not arrive in time) fails clearly, and the page's 'Try again'
 *  (ScreenBoundary in routes.tsx) loads it anew, with the application still in memory. */
import { createElement, lazy, useState, type ComponentType } from 'react';
import { CHUNK_FAILED, withTimeout } from '../engine/loading';

export { CHUNK_TIMEOUT_MS, CHUNK_FAILED, PAINT_AT_THE_LATEST_MS, afterPaint, withTimeout, whenIdle } from '../engine/loading';

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
 *  ahead, e.g. while the applicant fills the step before it; `ready` resolves once it is here (or failed), and what
 *  the module's `prepare` loads with it (the data it draws; a `prepare` that returns nothing starts what the screen
 *  needs later, which `ready` does not wait for). A screen whose code is here is drawn at once, in the render that
 *  reaches it: it never suspends, even for a moment. */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K, prepare?: (m: M) => Promise<unknown> | void) {
  type Props = Exported<M[K]> extends ComponentType<infer P> ? P : never;
  // The module once here: the screen is drawn from it.
  let module: M | undefined;
  const screenOf = (m: M) => m[name] as unknown as ComponentType<object>;
  const keep = (m: M) => {
    module = m;
    return screenOf(m);
  };
  const make = () =>
    lazy(() =>
      retrying(load).then(
        (m) => ({ default: keep(m) as Exported<M[K]> }),
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
  const ready = async (): Promise<void> => {
    try {
      // A module here is not asked for again: each import walks the bundler's preload list (a press's few ms).
      const m = module ?? (await load());
      keep(m);
      await prepare?.(m);
    } catch {
      // Drawn anyway: a screen that failed to load goes through React's lazy and the page's 'Try again'.
    }
  };
  function Screen(props: Props) {
    // One kind of component for the screen's whole life: the code itself if it is here as the screen is drawn.
    const [Component] = useState(() => (module ? screenOf(module) : (current as unknown as ComponentType<object>)));
    return createElement(Component, props as object);
  }
  /** Its code is here: the screen is drawn in the render that reaches it. */
  const loaded = () => module !== undefined;
  return Object.assign(Screen, { preload: (): void => void ready(), ready, loaded });
}
