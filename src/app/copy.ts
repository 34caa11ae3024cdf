/** The page's language and its words (generated/<variant>/<lang>/copy.json): loaded before the first page is drawn
 *  and again on a switch, which redraws every page in place (the application in memory is kept). */
import { create } from 'zustand';
import { copyModules } from '../../generated/copy';
import { languageNames, languages } from '../../generated/index';
import type { Copy } from '../engine/types';
import { variant } from './variant';
import { setRequestLanguage } from '../api/language';

/** The address parameter that names the language, so a link can open the site in it. */
export const LANGUAGE_PARAM = 'lang';
const KEPT = 'hsa-language';

export { languageNames, languages };

interface CopyState {
  language: string;
  copy: Copy | null;
}

export const useCopyStore = create<CopyState>(() => ({ language: languages[0], copy: null }));

const kept = (): string | null => {
  try {
    return sessionStorage.getItem(KEPT);
  } catch {
    return null;
  }
};

/** The first language: the address's, else the one chosen earlier in this session, else the first of the browser's
 *  preferred languages the site has, else English. */
export function firstLanguage(): string {
  const asked = new URLSearchParams(window.location.search).get(LANGUAGE_PARAM);
  const preferred = (navigator.languages ?? [navigator.language]).map((l) => l.slice(0, 2).toLowerCase());
  return [asked, kept(), ...preferred].find((l): l is string => !!l && languages.includes(l)) ?? languages[0];
}

/** Loads a language's words and shows every page in it; kept for the session. */
export async function chooseLanguage(language: string): Promise<void> {
  const copy = await copyModules[variant.id][language]();
  document.documentElement.lang = language;
  setRequestLanguage(language);
  try {
    sessionStorage.setItem(KEPT, language);
  } catch {
    // Storage refused (private mode): the address still carries the language.
  }
  useCopyStore.setState({ language, copy });
}

/** The words of the page's language (loaded before any page is drawn). */
export const useCopy = (): Copy => useCopyStore((s) => s.copy!);
export const useText = (): Copy['text'] => useCopy().text;
export const useLanguage = (): string => useCopyStore((s) => s.language);
/** Outside React (API client, widget services): the words now shown. */
export const currentCopy = (): Copy => useCopyStore.getState().copy!;
export const currentLanguage = (): string => useCopyStore.getState().language;
