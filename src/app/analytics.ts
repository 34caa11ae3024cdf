/** One adapter for analytics: a dataLayer push. Only page names and step ids go in; never personal data. */
type Event = { event: 'pageview'; page: string } | { event: 'step'; step: string; direction: 'next' | 'previous' };

declare global {
  interface Window {
    dataLayer?: Event[];
  }
}

export function track(event: Event): void {
  (window.dataLayer ??= []).push(event);
}

export const pageView = (page: string) => track({ event: 'pageview', page });
export const stepEvent = (step: string, direction: 'next' | 'previous') => track({ event: 'step', step, direction });
