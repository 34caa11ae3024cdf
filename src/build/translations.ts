/** The page's translation table of a variant in a language (English → that language), by pairing what the build
 *  made of the English files with what it made of the same files translated: each word and each filled message at
 *  the same place. A table keyed by the English that is shown (limits filled in) needs no formatting in the page. */
import type { Json } from './mergePatch';

type Obj = { [key: string]: Json };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface Pairing {
  pairs: Record<string, string>;
  /** English said two ways in one variant and language: the page could show only one of them. */
  conflicts: { english: string; first: string; second: string }[];
}

export const newPairing = (): Pairing => ({ pairs: {}, conflicts: [] });

/** Adds each string of `english` that reads differently at the same place of `translated`. */
export function pairTranslations(english: Json, translated: Json, into: Pairing): Pairing {
  if (typeof english === 'string') {
    if (typeof translated !== 'string' || translated === english) return into;
    const known = into.pairs[english];
    if (known === undefined) into.pairs[english] = translated;
    else if (known !== translated && !into.conflicts.some((c) => c.english === english)) into.conflicts.push({ english, first: known, second: translated });
    return into;
  }
  if (Array.isArray(english)) {
    english.forEach((v, i) => pairTranslations(v, Array.isArray(translated) ? translated[i] : null, into));
    return into;
  }
  if (isObj(english) && isObj(translated)) for (const [k, v] of Object.entries(english)) pairTranslations(v, translated[k], into);
  return into;
}
