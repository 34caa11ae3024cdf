/** The site's addresses and the wrapper of a page that loads lazily: one list for the browser's router (App.tsx)
 *  and the server's renderer (ssr.tsx), so both draw the same tree. */
import { Suspense, type ReactNode } from 'react';
import { useText } from './copy';
import { lazyPage } from './lazy';

export const PATHS = {
  welcome: '/enrollment',
  step: '/enrollment/:step',
  feeSchedule: '/feeschedule/:p1?/:p2?',
  splash: '/splash',
  vetting: '/vetting/:variant',
} as const;

function Loading() {
  return <p aria-busy="true">{useText().site.loading}</p>;
}

/** A page whose script loads on demand: 'Loading…' until it has. */
export const page = (element: ReactNode) => <Suspense fallback={<Loading />}>{element}</Suspense>;

/** The not-found page: the router's last route, and the wizard's answer to a step it does not have. */
export const NotFound = lazyPage(() => import('./pages/NotFound'), 'NotFound');
