/** The site's addresses and the wrapper of a page that loads lazily: one list for the browser's router (App.tsx)
 *  and the server's renderer (ssr.tsx), so both draw the same tree. */
import { Component, Suspense, type ReactNode } from 'react';
import { useText } from './words';
import { CHUNK_FAILED, lazyPage, retryFailedScreens } from './lazy';
import { LoadFailed } from './components/LoadFailed';

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

/** A screen whose code could not be loaded (after its retries): 'Loading chunk failed' with 'Try again' in its place,
 *  inside the page around it (the wizard keeps its header and the application). Any other error goes on up to the
 *  site's ErrorBoundary. */
class ScreenBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  // Set here rather than as a class field, which the es2020 build turns into a helper the welcome page would carry.
  constructor(props: { children: ReactNode }) {
    super(props);
    this.state = { error: null };
  }

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (error.message !== CHUNK_FAILED) throw error;
    return (
      <LoadFailed
        onRetry={() => {
          retryFailedScreens();
          this.setState({ error: null });
        }}
      />
    );
  }
}

/** A page whose script loads on demand: 'Loading…' until it has, 'Try again' if it cannot. */
export const page = (element: ReactNode) => (
  <ScreenBoundary>
    <Suspense fallback={<Loading />}>{element}</Suspense>
  </ScreenBoundary>
);

/** The not-found page: the router's last route, and the wizard's answer to a step it does not have. */
export const NotFound = lazyPage(() => import('./pages/NotFound'), 'NotFound');
