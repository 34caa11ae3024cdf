import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { Welcome } from './pages/Welcome';
import { Wizard } from './pages/Wizard';
import { FeeSchedule } from './pages/FeeSchedule';
import { Splash } from './pages/Splash';
import { NotFound } from './pages/NotFound';
import { ErrorPage } from './pages/ErrorPage';

export const routes = [
  { path: '/', element: <Navigate to="/enrollment" replace />, errorElement: <ErrorPage /> },
  { path: '/enrollment', element: <Welcome />, errorElement: <ErrorPage /> },
  { path: '/enrollment/:step', element: <Wizard />, errorElement: <ErrorPage /> },
  { path: '/feeschedule/:p1?/:p2?', element: <FeeSchedule />, errorElement: <ErrorPage /> },
  { path: '/splash', element: <Splash />, errorElement: <ErrorPage /> },
  { path: '*', element: <NotFound /> },
];

const router = createBrowserRouter(routes);

export function App() {
  return <RouterProvider router={router} />;
}
