/**
 * Build-time schema work (scripts/compile-validators.ts): turns the analysts' files into what the form and the
 * server run. Generic: it knows JSON Schema and our few x- keywords, nothing about HSAs.
 *   $ref        a shared definition; sibling keywords patch it (RFC 7396), so a field names its rule once
 *   {limit}     in a message: the value of the message's own keyword; {maxLength}, {x-mask}: of that keyword
 *   x-mask      the typed shape ('9' a digit): makes the pattern and maxLength, the widget's formatting and the
 *               digits-only wire form
 *   x-wire      the pre-send transform of a field: 'isoDate', 'upper' or 'omit' (never sent)
 *   x-ui        the field's default uiSchema; the step's uiSchema overrides it
 */
import { mergePatch, type Json } from './mergePatch';
import { formatMessage, messageNames } from './message';

type Obj = { [key: string]: Json };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

export class SchemaBuildError extends Error {}

/** Keywords whose value is a schema, or a list or map of schemas: where the walkers go down. */
const SCHEMA_KEYS = ['not', 'if', 'then', 'else', 'items', 'additionalProperties'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];

function mapSchemas(node: Obj, fn: (child: Json) => Json): Obj {
  const out: Obj = { ...node };
  for (const k of SCHEMA_KEYS) if (isObj(out[k])) out[k] = fn(out[k]);
  for (const k of SCHEMA_LISTS) if (Array.isArray(out[k])) out[k] = (out[k] as Json[]).map(fn);
  if (isObj(out.properties)) out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, fn(v)]));
  return out;
}

/** Inlines every `$ref` to the definitions file; `{ $ref, ...siblings }` is the definition patched by the siblings. */
export function resolveRefs(schema: Json, definitions: Obj, where: string, seen: string[] = []): Json {
  if (!isObj(schema)) return schema;
  const ref = schema.$ref;
  let node: Obj = schema;
  if (typeof ref === 'string') {
    const name = /^(?:definitions\.schema\.json)?#\/definitions\/([A-Za-z0-9_-]+)$/.exec(ref)?.[1];
    if (!name || !isObj(definitions[name])) throw new SchemaBuildError(`${where}: $ref '${ref}' names no definition in schemas/definitions.schema.json`);
    if (seen.includes(name)) throw new SchemaBuildError(`${where}: $ref '${ref}' refers to itself`);
    const { $ref: _, ...siblings } = schema;
    const base = resolveRefs(definitions[name], definitions, where, [...seen, name]) as Obj;
    node = mergePatch(base, resolveRefs(siblings, definitions, where, seen)) as Obj;
    return node;
  }
  return mapSchemas(node, (c) => resolveRefs(c, definitions, where, seen));
}

/** The regular expression of a mask: '999-99-9999' -> ^\d{3}-\d{2}-\d{4}$ (digitsOnly: ^\d{9}$). */
export function maskPattern(mask: string, digitsOnly = false): string {
  if (digitsOnly) return `^\\d{${mask.split('').filter((c) => c === '9').length}}$`;
  const runs = mask.match(/9+|[^9]+/g) ?? [];
  return `^${runs.map((r) => (r[0] === '9' ? `\\d{${r.length}}` : r.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`;
}

/** x-mask becomes the form's pattern and maxLength (the author writes no pattern beside it). */
function expandMasks(schema: Json, where: string): Json {
  if (!isObj(schema)) return schema;
  const node = mapSchemas(schema, (c) => expandMasks(c, where));
  const mask = node['x-mask'];
  if (typeof mask !== 'string') return node;
  if (!/^[9]+([^9]+9+)*$/.test(mask)) throw new SchemaBuildError(`${where}: x-mask '${mask}' must be digits (9) and separators`);
  if ('pattern' in node) throw new SchemaBuildError(`${where}: a field with x-mask takes its pattern from the mask; put other patterns under allOf`);
  return { ...node, pattern: maskPattern(mask), maxLength: typeof node.maxLength === 'number' ? node.maxLength : mask.length };
}

/** '{limit}' is the value of the message's keyword; '{name}' the value of keyword `name` of the same schema. Messages
 *  are ICU MessageFormat, formatted in `language` (its plural rules). */
function fillMessages(schema: Json, where: string, language: string): Json {
  if (!isObj(schema)) return schema;
  const node = mapSchemas(schema, (c) => fillMessages(c, where, language));
  const fill = (text: string, keyword: string): string => {
    const values: Record<string, string | number> = {};
    for (const name of messageNames(text)) {
      const value = node[name === 'limit' ? keyword : name];
      if (typeof value !== 'number' && typeof value !== 'string') throw new SchemaBuildError(`${where}: message '${text}' uses {${name}}, but its schema has no ${name === 'limit' ? keyword : name}`);
      values[name] = value;
    }
    try {
      return formatMessage(text, values, language);
    } catch (e) {
      throw new SchemaBuildError(`${where}: message '${text}' is not a message the build can read (${(e as Error).message}). Write a plural as {limit, plural, one {…} other {…}}`, { cause: e });
    }
  };
  if (isObj(node.errorMessage)) {
    node.errorMessage = Object.fromEntries(
      Object.entries(node.errorMessage).filter(([, v]) => v !== null).map(([k, v]) => [k, typeof v === 'string' ? fill(v, k) : v]),
    );
  }
  return node;
}

/** The step schema the form and its validators use: definitions inlined, masks expanded, messages filled (in the
 *  language the schema's words are in). */
export function buildStepSchema(schema: Json, definitions: Obj, where: string, language = 'en'): Obj {
  return fillMessages(expandMasks(resolveRefs(schema, definitions, where), where), where, language) as Obj;
}

/** Moves every field's x-ui into the uiSchema at the field's place (the step's own uiSchema wins), and fills
 *  '{keyword}' in ui:help from the field's schema. Returns the schema without x-ui. */
export function liftUi(schema: Obj, uiSchema: Obj): { schema: Obj; uiSchema: Obj } {
  let ui: Obj = clone(uiSchema);
  const at = (path: string[]): Obj => path.reduce<Obj>((o, k) => (isObj(o[k]) ? (o[k] as Obj) : {}), ui);
  const set = (path: string[], value: Obj) => {
    const patch = path.reduceRight<Obj>((inner, k) => ({ [k]: inner }), value);
    ui = mergePatch(ui, patch) as Obj;
  };
  const walk = (node: Json, path: string[]): Json => {
    if (!isObj(node)) return node;
    const out: Obj = { ...node };
    if (isObj(out['x-ui'])) {
      set(path, mergePatch(out['x-ui'], at(path)) as Obj);
      delete out['x-ui'];
    }
    for (const k of SCHEMA_KEYS) if (isObj(out[k])) out[k] = walk(out[k], path);
    for (const k of SCHEMA_LISTS) if (Array.isArray(out[k])) out[k] = (out[k] as Json[]).map((c) => walk(c, path));
    if (isObj(out.properties)) out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, walk(v, [...path, k])]));
    const help = at(path)['ui:help'];
    if (path.length && typeof help === 'string' && /\{[A-Za-z-]+\}/.test(help)) {
      set(path, { 'ui:help': help.replace(/\{([A-Za-z-]+)\}/g, (m, k: string) => (out[k] === undefined ? m : String(out[k]))) });
    }
    return out;
  };
  const lifted = walk(schema, []) as Obj;
  return { schema: lifted, uiSchema: ui };
}

export type WireTransform = 'digits' | 'isoDate' | 'upper' | 'omit';

/** A schema in its sent form: masks as digits, form dates as ISO dates, form-only (x-wire 'omit') fields removed.
 *  Records each field's transform by path (dots) in `transforms`. */
export function toWireSchema(node: Json, isoFormats: Record<string, string>, transforms: Record<string, WireTransform> = {}, path: string[] = []): Json {
  if (!isObj(node)) return node;
  const out: Obj = { ...node };
  const name = path.join('.');
  if (typeof out['x-mask'] === 'string') {
    out.pattern = maskPattern(out['x-mask'], true);
    out.maxLength = out['x-mask'].split('').filter((c) => c === '9').length;
    delete out['x-mask'];
    transforms[name] = 'digits';
  }
  if (out['x-wire'] === 'isoDate') {
    if (typeof out.format === 'string') out.format = isoFormats[out.format] ?? out.format;
    transforms[name] = 'isoDate';
  } else if (out['x-wire'] === 'upper') transforms[name] = 'upper';
  delete out['x-wire'];
  const down = (c: Json) => toWireSchema(c, isoFormats, transforms, path);
  for (const k of SCHEMA_KEYS) if (isObj(out[k])) out[k] = down(out[k]);
  for (const k of SCHEMA_LISTS) if (Array.isArray(out[k])) out[k] = (out[k] as Json[]).map(down);
  if (isObj(out.properties)) {
    const props: Obj = {};
    const omitted: string[] = [];
    for (const [k, v] of Object.entries(out.properties)) {
      if (isObj(v) && v['x-wire'] === 'omit') {
        omitted.push(k);
        transforms[[...path, k].join('.')] = 'omit';
      } else props[k] = toWireSchema(v, isoFormats, transforms, [...path, k]);
    }
    out.properties = props;
    if (omitted.length && Array.isArray(out.required)) out.required = out.required.filter((r) => !omitted.includes(r as string));
    if (omitted.length && isObj(out.errorMessage) && isObj(out.errorMessage.required)) {
      out.errorMessage = { ...out.errorMessage, required: Object.fromEntries(Object.entries(out.errorMessage.required).filter(([k]) => !omitted.includes(k))) };
    }
  }
  return out;
}

/** The wire schema of a variant: its step schemas (and the wire's own additions) together, each field in its
 *  sent form, and every object closed to fields no part declares. Also returns the transforms by field path,
 *  which the browser applies before sending. */
export function deriveWire(parts: Obj[], isoFormats: Record<string, string>, unknownField: string): { schema: Obj; transforms: Record<string, WireTransform> } {
  const transforms: Record<string, WireTransform> = {};
  const wireParts = parts.map((s) => {
    const { $schema: _s, $comment: _c, ...rest } = s;
    return toWireSchema(rest, isoFormats, transforms) as Obj;
  });
  return { schema: { $comment: 'Derived at build time from the step schemas: do not edit.', type: 'object', allOf: [closedShape(wireParts, unknownField), ...wireParts] }, transforms };
}

/** A schema that admits only the fields some part declares, at every level of objects. */
function closedShape(parts: Json[], unknownField: string): Obj {
  interface Shape { [name: string]: Shape }
  const root: Shape = {};
  const collect = (node: Json, shape: Shape) => {
    if (!isObj(node)) return;
    if (isObj(node.properties)) for (const [k, v] of Object.entries(node.properties)) collect(v, (shape[k] ??= {}));
    for (const k of ['then', 'else']) collect(node[k], shape);
    for (const k of SCHEMA_LISTS) if (Array.isArray(node[k])) (node[k] as Json[]).forEach((c) => collect(c, shape));
  };
  parts.forEach((p) => collect(p, root));
  const close = (shape: Shape): Obj => ({
    properties: Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, Object.keys(s).length ? close(s) : {}])),
    additionalProperties: false,
    errorMessage: { additionalProperties: unknownField },
  });
  return close(root);
}
