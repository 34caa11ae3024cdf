import { useEffect, type ReactNode } from 'react';
import { Header } from './Header';
import { Footer } from './Footer';
import { lazy, Suspense } from 'react';
import { useText, useVariant } from '../words';

const CsrMode = lazy(() => import('./CsrMode').then((m) => ({ default: m.CsrMode })));

/** Every page: header, one main landmark with the page's h1, footer; sets the document title. */
/** banner: what a page shows above its title (the wizard's network-error banner: only its API calls set that state);
 *  dialogs: what a page adds beside its content (the wizard's dialogs and idle timer load with the wizard). */
export function Layout({ title, stepIndex, children, banner, dialogs }: { title: string; stepIndex?: number; children: ReactNode; banner?: ReactNode; dialogs?: ReactNode }) {
  const text = useText();
  const variant = useVariant();
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <>
      <a className="skip-link" href="#main">
        {text.site.skipLink}
      </a>
      <Header stepIndex={stepIndex} />
      <main id="main" tabIndex={-1}>
        {banner}
        {/* Focused (not tabbed to) when the page is reached from another: App.tsx StartAtTitle. */}
        <h1 tabIndex={-1}>{title}</h1>
        {/* Only a variant that has it loads the customer-service mode (the same on the server and in the browser). */}
        {variant.flags.csrMode && (
          <Suspense fallback={null}>
            <CsrMode />
          </Suspense>
        )}
        {children}
        {dialogs}
      </main>
      <Footer />
    </>
  );
}
