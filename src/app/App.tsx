import { Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { Welcome } from './pages/Welcome';
import { NotFound } from './pages/NotFound';
import { ErrorBoundary } from './components/ErrorBoundary';
import { lazyPage } from './lazy';

const Wizard = lazyPage(() => import('./pages/Wizard'), 'Wizard');
const FeeSchedule = lazyPage(() => import('./pages/FeeSchedule'), 'FeeSchedule');
const Splash = lazyPage(() => import('./pages/Splash'), 'Splash');
const Vetting = lazyPage(() => import('./pages/Vetting'), 'Vetting');

const page = (element: ReactNode) => <Suspense fallback={<p aria-busy="true">Loading…</p>}>{element}</Suspense>;

export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Routes>
        <Route path="/" element={<Navigate to="/enrollment" replace />} />
        <Route path="/enrollment" element={<Welcome />} />
        <Route path="/enrollment/:step" element={page(<Wizard />)} />
        <Route path="/feeschedule/:p1?/:p2?" element={page(<FeeSchedule />)} />
        <Route path="/splash" element={page(<Splash />)} />
        <Route path="/vetting/:variant" element={page(<Vetting />)} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </ErrorBoundary>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
