import { useEffect, type ReactNode } from 'react';
import { Header } from './Header';
import { Footer } from './Footer';
import { NetworkErrorBanner } from './NetworkErrorBanner';
import { CsrMode } from './CsrMode';
import { MembershipDialog } from './MembershipDialog';
import { UnavailableDialog } from './UnavailableDialog';
import { IdleTimer } from './IdleTimer';

/** Every page: header, one main landmark with the page's h1, footer; sets the document title. */
/** idle: the wizard pages run the idle timer. */
export function Layout({ title, stepIndex, children, idle = false }: { title: string; stepIndex?: number; children: ReactNode; idle?: boolean }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header stepIndex={stepIndex} />
      <main id="main" tabIndex={-1}>
        <NetworkErrorBanner />
        <h1>{title}</h1>
        <CsrMode />
        {children}
        <MembershipDialog />
        <UnavailableDialog />
        {idle && <IdleTimer />}
      </main>
      <Footer />
    </>
  );
}
