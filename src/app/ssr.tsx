/**
 * Server-side rendering (issue 13): the pages whose content does not depend on the application (welcome, fee
 * schedule, maintenance, not found, and step 1 with its fields empty but for the address's group: issue 25) are
 * drawn on the server, so their words are in the first response and the largest paint does not wait for scripts;
 * the browser's script then takes them over (main.tsx hydrates).
 * Built as its own bundle (`vite build --ssr`, one file) that the server loads once: each render is given its
 * partner, language, words and fees through React context (site.tsx), so renders of any partners and languages run
 * at the same time with nothing shared between them.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import { page, PATHS } from './routes';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Welcome } from './pages/Welcome';
import { FeeSchedule } from './pages/FeeSchedule';
import { Splash } from './pages/Splash';
import { NotFound } from './pages/NotFound';
import { Wizard } from './pages/Wizard';
import { SiteProvider, type Site } from './site';
import { DrawnSteps, drawnStepAt, drawnSteps, type LoadedSteps } from './drawnStep';
import { loadVariantStep } from './stepModule';

/** The step the page draws, loaded first (drawnStep.ts); the server asks for no other step's page. */
async function drawnStep(url: string, { variant, language }: Site): Promise<LoadedSteps | null> {
  const step = drawnStepAt(variant.steps, url.split('?')[0]);
  return step && drawnSteps(step, language, await loadVariantStep(variant.id, step.id, language));
}

/** The markup of the page at `url` (path and query) for a partner, in a language, with a fee page's data. */
export async function renderPage(url: string, site: Site): Promise<string> {
  // The browser's routes for these pages (App.tsx), in the same wrappers; any other address is not found here
  // (the server draws no other page).
  const drawn = await drawnStep(url, site);
  const { prelude } = await prerenderToNodeStream(
    <SiteProvider site={site}>
      <StaticRouter location={url}>
        <ErrorBoundary>
          <Routes>
            <Route path={PATHS.welcome} element={<Welcome />} />
            {drawn && (
              <Route
                path={PATHS.step}
                element={page(
                  <DrawnSteps value={drawn}>
                    <Wizard />
                  </DrawnSteps>,
                )}
              />
            )}
            <Route path={PATHS.feeSchedule} element={page(<FeeSchedule />)} />
            <Route path={PATHS.splash} element={page(<Splash />)} />
            {/* The server draws a vetting address only when no variant has it: not found, in the vetting page's wrapper. */}
            <Route path={PATHS.vetting} element={page(<NotFound />)} />
            <Route path="*" element={page(<NotFound />)} />
          </Routes>
        </ErrorBoundary>
      </StaticRouter>
    </SiteProvider>,
    // Every part in place in the markup, however large (a larger part would be sent apart, for an inline script to
    // put in place: the page's policy runs none).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
