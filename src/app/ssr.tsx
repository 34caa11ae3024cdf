/**
 * Server-side rendering (issue 13): the pages whose content does not depend on the application (welcome, fee
 * schedule, maintenance, not found) are drawn on the server, so their words are in the first response and the
 * largest paint does not wait for scripts; the browser's script then takes them over (main.tsx hydrates).
 * Built as its own bundle (`vite build --ssr`, one file); the server loads one copy of it per variant, each reading
 * its variant from the address given before it loads (src/app/variant.ts), and renders one page at a time per copy
 * (the language and the fee data are the copy's state while it draws).
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './App';
import { adoptLanguage } from './copy';
import { serverFees, type FeeData } from './pages/FeeSchedule';
import type { Copy } from '../engine/types';

let queue: Promise<unknown> = Promise.resolve();

/** The markup of the page at `url` (path and query), in `language`, with a fee page's data. */
export function renderPage(url: string, language: string, copy: Copy, fees: FeeData | null = null): Promise<string> {
  const run = queue.then(async () => {
    adoptLanguage(language, copy);
    serverFees.data = fees;
    // prerender waits for the pages that load lazily, so the markup is the page, never its 'Loading…'.
    const { prelude } = await prerenderToNodeStream(
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>,
    );
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    return html;
  });
  queue = run.catch(() => undefined);
  return run;
}
