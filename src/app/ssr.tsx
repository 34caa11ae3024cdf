/**
 * Server-side rendering (issue 13): the pages whose content does not depend on the application (welcome, fee
 * schedule, maintenance, not found) are drawn on the server, so their words are in the first response and the
 * largest paint does not wait for scripts; the browser's script then takes them over (main.tsx hydrates).
 * Built as its own bundle (`vite build --ssr`, one file); the server loads one copy of it per variant, each reading
 * its variant from the address given before it loads (src/app/variant.ts), and renders one page at a time per copy
 * (the language and the fee data are the copy's state while it draws).
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import { adoptLanguage } from './copy';
import { page, PATHS } from './routes';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Welcome } from './pages/Welcome';
import { FeeSchedule, serverFees, type FeeData } from './pages/FeeSchedule';
import { Splash } from './pages/Splash';
import { NotFound } from './pages/NotFound';
import type { Copy } from '../domain/site';

let queue: Promise<unknown> = Promise.resolve();

/** The markup of the page at `url` (path and query), in `language`, with a fee page's data. */
export function renderPage(url: string, language: string, copy: Copy, fees: FeeData | null = null): Promise<string> {
  const run = queue.then(async () => {
    adoptLanguage(language, copy);
    serverFees.data = fees;
    // The browser's routes for these pages (App.tsx), in the same wrappers; any other address is not found here
    // (the server draws no other page).
    const { prelude } = await prerenderToNodeStream(
      <StaticRouter location={url}>
        <ErrorBoundary>
          <Routes>
            <Route path={PATHS.welcome} element={<Welcome />} />
            <Route path={PATHS.feeSchedule} element={page(<FeeSchedule />)} />
            <Route path={PATHS.splash} element={page(<Splash />)} />
            {/* The server draws a vetting address only when no variant has it: not found, in the vetting page's wrapper. */}
            <Route path={PATHS.vetting} element={page(<NotFound />)} />
            <Route path="*" element={page(<NotFound />)} />
          </Routes>
        </ErrorBoundary>
      </StaticRouter>,
    );
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    return html;
  });
  queue = run.catch(() => undefined);
  return run;
}
