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

/** How long work waiting for a frame (afterPaint) need wait at most: a hidden page paints no frame (its timers still
 *  run), and a page shown paints one long before this. */
export const PAINT_AT_THE_LATEST_MS = 1000;

/** Runs `work` just after the next frame is painted (a task queued as the frame begins runs once it is out); returns
 *  what cancels it. For what a press sets off but its frame need not wait for. A hidden page paints no frame: with
 *  `latestMs`, work that must not wait for the page to be shown again runs after that long at the latest. */
export function afterPaint(work: () => void, latestMs?: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(work, 0);
    return () => clearTimeout(timer);
  }
  let frame = 0;
  let latest: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(latest);
  };
  const once = () => {
    cancel();
    work();
  };
  frame = requestAnimationFrame(() => (timer = setTimeout(once, 0)));
  if (latestMs !== undefined) latest = setTimeout(once, latestMs);
  return cancel;
}
