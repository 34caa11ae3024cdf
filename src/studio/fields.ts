/** What the studio shows of a partner's step (issue 24): each field with its label, limits and messages as the
 *  analysts' files write them (a message's {limit} unfilled), their words in every language, and where in which file
 *  each of them is kept, so an edit lands where a careful person would make it: the standard partner's in the
 *  standard step file, another partner's in its patch of it (a sibling of the field's $ref patches its definition),
 *  a translation in the partner's language file, keyed by the English. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergePatch, type Json } from '../build/mergePatch';
import { resolveRefs } from '../build/schemaBuild';
import { languagesOf } from '../../scripts/languages';

type Obj = { [key: string]: Json };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The limits an analyst changes; a mask (x-mask) makes its own. */
export const LIMIT_KEYWORDS = ['minLength', 'maxLength', 'minAge', 'maxAge', 'withinMonths'] as const;
/** The form a field's text takes: a typed format (x-mask, from which the build derives the pattern), else a pattern. */
export const FORM_KEYWORDS = ['x-mask', 'pattern'] as const;

export interface Place {
  file: string;
  path: (string | number)[];
}

export interface Words {
  english: string;
  /** The same in each other language, by the language files (null: not translated yet). */
  translated: Record<string, string | null>;
  place: Place;
  /** Where its translation is kept in each other language: the file, keyed by the English. */
  translationFile: Record<string, string>;
}

export interface FieldInfo {
  /** Dotted path: homeAddress.line1 */
  path: string;
  label: Words | null;
  /** The help under the label (its uiSchema's ui:help), '' where it has none yet. */
  help: Words;
  limits: { keyword: string; value: number | null; place: Place }[];
  /** Its typed format or its pattern (one of FORM_KEYWORDS), where it has one. */
  form: { keyword: string; value: string; place: Place } | null;
  messages: ({ keyword: string } & Words)[];
  /** Whether the review page leaves it out (its uiSchema's ui:options.review.hidden). */
  review: { hidden: boolean; place: Place };
}

export interface StepInfo {
  id: string;
  title: string;
  schema: string;
}

const read = (file: string): Json => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Json) : {});

/** The checkout's languages, English first, by the build's rule (scripts/languages.ts). */
export const languagesIn = (root: string): string[] => languagesOf(join(root, 'schemas'));

export function partnersOf(root: string): { id: string; fallback: boolean }[] {
  return readdirSync(join(root, 'variants'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, 'variants', d.name, 'variant.json')))
    .map((d) => read(join(root, 'variants', d.name, 'variant.json')) as { id: string; fallback?: boolean })
    .map((v) => ({ id: v.id, fallback: v.fallback === true }));
}

/** The partner's folder: the one whose variant.json has its id. */
export const folderOf = (root: string, partner: string): string => {
  const name = readdirSync(join(root, 'variants')).find((d) => (read(join(root, 'variants', d, 'variant.json')) as { id?: string }).id === partner);
  if (!name) throw new Error(`No partner '${partner}' in variants/.`);
  return `variants/${name}`;
};

/** The partner's steps that have a form. */
export function stepsOf(root: string, partner: string): StepInfo[] {
  const own = join(root, folderOf(root, partner), 'steps.json');
  const list = (read(existsSync(own) ? own : join(root, 'schemas/steps.json')) as { steps: { id: string; title: string; schema: string | null }[] }).steps;
  return list.filter((s): s is StepInfo => typeof s.schema === 'string');
}

export function stepFields(root: string, partner: string, stepId: string): FieldInfo[] {
  const folder = folderOf(root, partner);
  const fallback = partnersOf(root).find((p) => p.id === partner)?.fallback === true;
  const step = stepsOf(root, partner).find((s) => s.id === stepId);
  if (!step) throw new Error(`Partner '${partner}' has no step '${stepId}'.`);
  const standardFile = `schemas/${step.schema}.schema.json`;
  // The fallback partner's words are the standard's own; any other partner's are its patch.
  const file = fallback ? standardFile : `${folder}/schemas/${step.schema}.schema.json`;
  const merged = fallback ? read(join(root, standardFile)) : mergePatch(read(join(root, standardFile)), read(join(root, file)));
  const standardUi = `schemas/${step.schema}.ui.json`;
  const uiFile = fallback ? standardUi : `${folder}/schemas/${step.schema}.ui.json`;
  const ui = (fallback ? read(join(root, standardUi)) : mergePatch(read(join(root, standardUi)), read(join(root, uiFile)))) as Obj;
  const uiAt = (names: string[]): Obj => names.reduce<Obj>((node, name) => (isObj(node[name]) ? node[name] : {}), ui);
  const definitions = (read(join(root, 'schemas/definitions.schema.json')) as { definitions: Obj }).definitions;
  const schema = resolveRefs(merged, definitions, file) as Obj;
  const languages = languagesIn(root).slice(1);
  const tables = Object.fromEntries(
    languages.map((lang) => [lang, { ...(read(join(root, 'schemas', lang, 'translations.json')) as Record<string, string>), ...(fallback ? {} : (read(join(root, folder, lang, 'translations.json')) as Record<string, string>)) }]),
  );
  const translationFile = Object.fromEntries(languages.map((lang) => [lang, fallback ? `schemas/${lang}/translations.json` : `${folder}/${lang}/translations.json`]));
  const words = (english: string, path: (string | number)[], inFile = file): Words => ({
    english,
    translated: Object.fromEntries(languages.map((lang) => [lang, english === '' ? null : (tables[lang][english] ?? null)])),
    place: { file: inFile, path },
    translationFile,
  });

  const fields: FieldInfo[] = [];
  const walk = (node: Obj, names: string[], at: (string | number)[]) => {
    const required = isObj(node.errorMessage) && isObj(node.errorMessage.required) ? (node.errorMessage.required as Obj) : {};
    for (const [name, child] of Object.entries(isObj(node.properties) ? node.properties : {})) {
      if (!isObj(child)) continue;
      const path = [...at, 'properties', name];
      if (child.type === 'object' && isObj(child.properties)) {
        walk(child, [...names, name], path);
        continue;
      }
      const messages = Object.entries(isObj(child.errorMessage) ? child.errorMessage : {})
        .filter((e): e is [string, string] => typeof e[1] === 'string')
        .map(([keyword, english]) => ({ keyword, ...words(english, [...path, 'errorMessage', keyword]) }));
      const requiredMessage = required[name];
      if (typeof requiredMessage === 'string') messages.unshift({ keyword: 'required', ...words(requiredMessage, [...at, 'errorMessage', 'required', name]) });
      fields.push({
        path: [...names, name].join('.'),
        label: typeof child.title === 'string' ? words(child.title, [...path, 'title']) : null,
        help: (({ 'ui:help': help }) => words(typeof help === 'string' ? help : '', [...names, name, 'ui:help'], uiFile))(uiAt([...names, name])),
        limits: LIMIT_KEYWORDS.filter((k) => k in child || (k === 'maxLength' && child.type === 'string' && !('x-mask' in child))).map((keyword) => ({ keyword, value: typeof child[keyword] === 'number' ? (child[keyword] as number) : null, place: { file, path: [...path, keyword] } })),
        form: (([keyword]) => (keyword ? { keyword, value: child[keyword] as string, place: { file, path: [...path, keyword] } } : null))(FORM_KEYWORDS.filter((k) => typeof child[k] === 'string')),
        messages,
        review: (({ 'ui:options': options }) => ({ hidden: isObj(options) && isObj(options.review) && options.review.hidden === true, place: { file: uiFile, path: [...names, name, 'ui:options', 'review', 'hidden'] } }))(uiAt([...names, name])),
      });
    }
  };
  walk(schema, [], []);
  return fields;
}
