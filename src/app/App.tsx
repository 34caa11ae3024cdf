import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { SiteProvider } from './site';
import { useStoredWords } from './words';
import { variant } from './variant';
import { readFeeData } from './fees';
import { Welcome } from './pages/Welcome';
import { ErrorBoundary } from './components/ErrorBoundary';
import { lazyPage } from './lazy';
import { NotFound, page, PATHS } from './routes';

const Wizard = lazyPage(() => import('./pages/Wizard'), 'Wizard');
const FeeSchedule = lazyPage(() => import('./pages/FeeSchedule'), 'FeeSchedule');
const Splash = lazyPage(() => import('./pages/Splash'), 'Splash');
const Vetting = lazyPage(() => import('./pages/Vetting'), 'Vetting');

/** A page reached from another in this document (a link, Next, Previous, Edit, the browser's Back) starts at its
 *  title, as a page load would: the button pressed went with the page before, and focus with it, so a screen reader
 *  said nothing and the view stayed where it was. Not when the applicant has put focus on the new page already. */
function StartAtTitle() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [pathname]);
  return null;
}

export function AppRoutes() {
  return (
    <ErrorBoundary>
      <StartAtTitle />
      <Routes>
        <Route path="/" element={<Navigate to="/enrollment" replace />} />
        <Route path={PATHS.welcome} element={<Welcome />} />
        <Route path={PATHS.step} element={page(<Wizard />)} />
        <Route path={PATHS.feeSchedule} element={page(<FeeSchedule />)} />
        <Route path={PATHS.splash} element={page(<Splash />)} />
        <Route path={PATHS.vetting} element={page(<Vetting />)} />
        <Route path="*" element={page(<NotFound />)} />
      </Routes>
    </ErrorBoundary>
  );
}

/** The site in the browser: this page's partner, the language and words of the page's store (a switch redraws in
 *  place) and the fee data the server wrote into the page. */
export function App() {
  const { language, words } = useStoredWords();
  const [fees] = useState(() => readFeeData(document));
  const site = useMemo(() => ({ variant, language, words: words!, fees }), [language, words, fees]);
  return (
    <SiteProvider site={site}>
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </SiteProvider>
  );
}
