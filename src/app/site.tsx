/** The page's partner, language, words and fee data, handed to every component through React context: by App.tsx
 *  in the browser (from the page's store, so a language switch redraws the page) and by ssr.tsx on the server (from
 *  the request, so one renderer draws every partner and language at once, with nothing shared between renders). */
import { createContext, useContext, type ReactNode } from 'react';
import type { Words, VariantConfig } from '../domain/site';
import type { FeeData } from './fees';

export interface Site {
  variant: VariantConfig;
  language: string;
  words: Words;
  /** The group's fees, written into the fee schedule's page by the server; null elsewhere. */
  fees: FeeData | null;
}

const SiteContext = createContext<Site | null>(null);

export function SiteProvider({ site, children }: { site: Site; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

/** The site of the page being drawn; null outside a SiteProvider (see useSite in words.ts). */
export const useSiteContext = (): Site | null => useContext(SiteContext);
