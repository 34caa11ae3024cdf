/** The page's language and its words (generated/<variant>/<lang>/words.json). The server writes the first page's words
 *  into it (a script element of JSON, #hsa-words) with the language it chose by the rule below; without them (a
 *  development server) they load as a chunk. A switch loads the other language and redraws every page in place (the
 *  application in memory is kept). */
import { useSyncExternalStore } from 'react';
import { languageNames, languages } from '../../generated/index';
import type { Words, VariantConfig } from '../domain/site';
import { useSiteContext, type Site } from './site';
import { variant as pageVariant } from './variant';
import { setRequestLanguage } from '../api/language';

import { LANGUAGE_COOKIE } from '../domain/language';

export { LANGUAGE_PARAM } from '../domain/language';

export { languageNames, languages };

export interface WordsState {
  language: string;
  words: Words | null;
}

// A store of its own rather than zustand's: a server-side render and the hydration that follows it must read the
// words set before drawing, where zustand gives React its initial state (no words).
let state: WordsState = { language: languages[0], words: null };
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const useWordsState = <T>(select: (s: WordsState) => T): T => {
  const read = () => select(state);
  return useSyncExternalStore(subscribe, read, read);
};

/** Shows every page in a language whose words are at hand; kept for the session (a cookie, so the server's first
 *  page of the next load agrees). */
export function adoptLanguage(language: string, words: Words): void {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; SameSite=Lax`;
  }
  setRequestLanguage(language);
  state = { language, words };
  for (const listener of [...listeners]) listener();
}

/** The words the server wrote into the page, if it did. */
export function inlineWords(): { language: string; words: Words } | null {
  const element = document.getElementById('hsa-words');
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as { language: string; words: Words };
  } catch {
    return null;
  }
}

/** The site of the page being drawn (site.tsx): its provider's, else (a part drawn on its own, as the component tests
 *  draw them) this page's store with its variant. A render on the server always has a provider. */
export function useSite(): Site {
  const provided = useSiteContext();
  const stored = useWordsState((s) => s);
  if (provided) return provided;
  if (!stored.words) throw new Error('No words to draw with: draw inside a SiteProvider, or adopt a language first');
  return { variant: pageVariant, language: stored.language, words: stored.words, fees: null };
}

/** The words of the page's language (loaded before any page is drawn). */
export const useWords = (): Words => useSite().words;
export const useText = (): Words['text'] => useWords().text;
export const useLanguage = (): string => useSite().language;
export const useVariant = (): VariantConfig => useSite().variant;
/** The page's language and words as the store holds them: what App.tsx provides. */
export const useStoredWords = (): WordsState => useWordsState((s) => s);
/** Outside React (API client, widget services): the words now shown. */
export const currentWords = (): Words => state.words!;
export const currentLanguage = (): string => state.language;
