/**
 * Build-time languages (scripts/compile-validators.ts). English is the schemas' own language; another language is a
 * folder schemas/<lang>/ holding
 *   text.json      the page copy of schemas/text.json, same keys
 *   messages.json  the messages of schemas/messages.json, same keys
 *   translations.json     every word of the step schemas, uiSchemas, step list and definitions, by its English
 *                  ({ "First Name": "Nombre" }); a message with {limit} is translated before the limit is filled
 * and a variant adds its own in variants/<id>/<lang>/ (the same three files, patches). A key or a word missing in
 * a language fails the build with the file and the key.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Json } from '../src/build/mergePatch';
import type { Problem } from './check-config';
import { translateJson } from '../src/engine/localize';

type Obj = { [key: string]: Json };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export const DEFAULT_LANGUAGE = 'en';

/** English, then every two-letter folder of schemas/. */
export function languagesOf(schemasDir: string): string[] {
  const others = readdirSync(schemasDir).filter((d) => /^[a-z]{2}$/.test(d) && statSync(join(schemasDir, d)).isDirectory() && existsSync(join(schemasDir, d, 'text.json')));
  return [DEFAULT_LANGUAGE, ...others.sort()];
}

/** Where two catalogues differ in shape: a key one has and the other lacks, a list of another length, a text in
 *  place of a list. `file` is the one being checked against the English. */
export function shapeProblems(english: Json, other: Json, file: string, pointer = ''): Problem[] {
  const at = pointer || '/';
  if (isObj(english)) {
    if (!isObj(other)) return [{ file, pointer: at, problem: 'is not a group of texts as in English', fix: 'Give it the same keys as the English' }];
    const missing = Object.keys(english).filter((k) => k !== '$comment' && !(k in other));
    const extra = Object.keys(other).filter((k) => k !== '$comment' && !(k in english));
    return [
      ...missing.map((k) => ({ file, pointer: `${pointer}/${k}`, problem: 'has no translation', fix: `Add it (the English is ${JSON.stringify(english[k]).slice(0, 80)})` })),
      ...extra.map((k) => ({ file, pointer: `${pointer}/${k}`, problem: 'is not a key of the English', fix: 'Correct the key or remove it' })),
      ...Object.keys(english).filter((k) => k !== '$comment' && k in other).flatMap((k) => shapeProblems(english[k], other[k], file, `${pointer}/${k}`)),
    ];
  }
  if (Array.isArray(english)) {
    if (!Array.isArray(other) || other.length !== english.length) return [{ file, pointer: at, problem: `has ${Array.isArray(other) ? other.length : 'no'} items where the English has ${english.length}`, fix: 'Translate each item of the English list, in its order' }];
    return english.flatMap((e, i) => shapeProblems(e, other[i], file, `${pointer}/${i}`));
  }
  if (typeof other !== 'string' || other.trim() === '') return [{ file, pointer: at, problem: 'has no translation', fix: `Add it (the English is ${JSON.stringify(english).slice(0, 80)})` }];
  return [];
}

/** Pointers of the texts a variant's patch changed: each needs its own translation in every language. */
export function changedTexts(before: Json | undefined, after: Json, pointer = ''): string[] {
  if (isObj(after)) return Object.keys(after).flatMap((k) => changedTexts(isObj(before) ? before[k] : undefined, after[k], `${pointer}/${k}`));
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [pointer];
}

/** The JSON with each word translated by `words` (keyed by its English), by the walk the page uses
 *  (src/engine/localize.ts); an English word with no translation is added to `missing`. */
export function translateWords(json: Json, words: Record<string, string>, missing: Set<string>): Json {
  return translateJson(json as never, (english) => {
    const said = words[english];
    if (typeof said !== 'string' || said.trim() === '') missing.add(english);
    return said ?? english;
  }) as Json;
}
