/** Words put in the page's language when a step is drawn (as JSON Forms' translator does): the step's schema and
 *  its precompiled validators stay in the language they were built in (English), and every word a person reads
 *  (labels, help, choice names, messages) is looked up by its English. The engine knows no language: the app
 *  gives it `translate`. The build translates with the same walk (scripts/languages.ts). */
import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';

/** A word in the page's language, by its English (the English itself when it has no translation). */
export type Translate = (english: string) => string;

export const untranslated: Translate = (english) => english;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys whose string values are words a person reads, outside errorMessage (where every string is). */
export const WORD_KEYS = new Set(['title', 'description', 'ui:title', 'ui:description', 'ui:help', 'ui:placeholder', 'ui:enumNames', 'notice', 'info', 'text', 'label', 'yes', 'no', 'changeLabel', 'closeLabel', 'failed', 'loadFailed', 'retry', 'errorSummaryTitle', 'progressLabel', 'messages', 'strings', 'errorMessage']);

/** The JSON with each word (a string under a key of WORD_KEYS) translated; field names are not words: a field
 *  called 'title' is translated inside, not as a whole. */
export function translateJson(json: Json, translate: Translate, inWords = false): Json {
  if (typeof json === 'string') return inWords ? translate(json) : json;
  if (Array.isArray(json)) return json.map((v) => translateJson(v, translate, inWords));
  if (!isObj(json)) return json;
  const named = (group: Json) => (isObj(group) ? Object.fromEntries(Object.entries(group).map(([name, v]) => [name, translateJson(v, translate, inWords)])) : group);
  return Object.fromEntries(
    Object.entries(json).map(([k, v]) => {
      if (k === '$comment') return [k, v];
      if (!inWords && (k === 'properties' || k === 'definitions')) return [k, named(v)];
      return [k, translateJson(v, translate, inWords || WORD_KEYS.has(k))];
    }),
  );
}

/** The uiSchema in the page's language: its own words translated, and each field's schema title and description
 *  given as ui:title and ui:description where they read differently (RJSF and the review prefer those). */
export function localizeUi(schema: RJSFSchema, uiSchema: UiSchema, translate: Translate): UiSchema {
  if (translate === untranslated) return uiSchema;
  const walk = (node: unknown, ui: Obj): Obj => {
    if (!isObj(node)) return ui;
    const out: Obj = { ...ui };
    for (const [key, uiKey] of [['title', 'ui:title'], ['description', 'ui:description']] as const) {
      const english = node[key];
      if (typeof english === 'string' && !(uiKey in out) && translate(english) !== english) out[uiKey] = translate(english);
    }
    if (isObj(node.properties)) for (const [name, child] of Object.entries(node.properties)) out[name] = walk(child, isObj(out[name]) ? out[name] : {});
    if (isObj(node.items)) out.items = walk(node.items, isObj(out.items) ? out.items : {});
    // A field that shows only on a condition is declared in a branch, at the same place of the form.
    let merged = out;
    for (const key of ['then', 'else']) if (isObj(node[key])) merged = walk(node[key], merged);
    for (const key of ['allOf', 'anyOf', 'oneOf']) for (const branch of Array.isArray(node[key]) ? node[key] : []) merged = walk(branch, merged);
    return merged;
  };
  return walk(schema, translateJson(uiSchema as Json, translate, false) as Obj) as UiSchema;
}

/** Validation errors with their messages in the page's language. */
export function localizeErrors(errors: RJSFValidationError[], translate: Translate): RJSFValidationError[] {
  if (translate === untranslated) return errors;
  return errors.map((e) => {
    const message = e.message === undefined ? undefined : translate(e.message);
    if (message === e.message) return e;
    return { ...e, message, stack: e.stack && e.message && e.stack.endsWith(e.message) ? `${e.stack.slice(0, -e.message.length)}${message}` : e.stack };
  });
}
