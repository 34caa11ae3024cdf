import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { Welcome } from './pages/Welcome';
import { NotFound } from './pages/NotFound';
import { ErrorPage } from './pages/ErrorPage';
import { lazyPage } from './lazy';

const Wizard = lazyPage(() => import('./pages/Wizard'), 'Wizard');
const FeeSchedule = lazyPage(() => import('./pages/FeeSchedule'), 'FeeSchedule');
const Splash = lazyPage(() => import('./pages/Splash'), 'Splash');

const page = (element: ReactNode) => <Suspense fallback={<p aria-busy="true">Loading…</p>}>{element}</Suspense>;

export const routes = [
  { path: '/', element: <Navigate to="/enrollment" replace />, errorElement: <ErrorPage /> },
  { path: '/enrollment', element: <Welcome />, errorElement: <ErrorPage /> },
  { path: '/enrollment/:step', element: page(<Wizard />), errorElement: <ErrorPage /> },
  { path: '/feeschedule/:p1?/:p2?', element: page(<FeeSchedule />), errorElement: <ErrorPage /> },
  { path: '/splash', element: page(<Splash />), errorElement: <ErrorPage /> },
  { path: '*', element: <NotFound /> },
];

export function App() {
  return <RouterProvider router={createBrowserRouter(routes)} />;
}
