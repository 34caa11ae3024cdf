import { useMemo, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
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

export function AppRoutes() {
  return (
    <ErrorBoundary>
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
