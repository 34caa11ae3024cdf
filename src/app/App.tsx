import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
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

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
