/**
 * The configuration check, run by the build and by `npm run check`: every mistake an analyst or a partner can make in
 * the JSON files is named with its file, its JSON pointer and what to do. What JSON Schema can say is in
 * schemas/meta/*.schema.json; the rest (names that must exist, a message for every rule that can fail) is here.
 */
import Ajv, { type ErrorObject } from 'ajv';
import { getDefaultRegistry } from '@rjsf/core';
import { getSchemaType, getUiOptions, getWidget, resolveDefaultWidget, type RegistryWidgetsType, type RJSFSchema, type SchemaUtilsType, type UiSchema } from '@rjsf/utils';
import type { Json } from '../src/build/mergePatch';
import { contrastWithWhite, MIN_CONTRAST } from '../src/build/contrast';
import { pointerToken } from '../src/build/jsonPointer';
import { propertySchema } from '../src/engine/schemaLookup';
import { rjsfNames, unusedRjsf } from './rjsf-unused';
import stepsMeta from '../schemas/meta/steps.schema.json' with { type: 'json' };
import uiMeta from '../schemas/meta/ui-options.schema.json' with { type: 'json' };

type Obj = { [key: string]: Json };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface Problem {
  file: string;
  pointer: string;
  problem: string;
  fix: string;
}

export const describeProblem = (p: Problem): string => `${p.file}: ${p.pointer || '/'}: ${p.problem}. ${p.fix}`;

const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
const checkStepsMeta = ajv.compile(stepsMeta);
const checkOptions = ajv.compile(uiMeta);
const widgetNames = (uiMeta.definitions.widget.enum as string[]).slice();

const fromAjv = (file: string, base: string, errors: ErrorObject[] | null | undefined, fix: string): Problem[] =>
  (errors ?? [])
    .filter((e) => e.keyword !== 'if')
    .map((e) => ({
      file,
      pointer: `${base}${e.instancePath}`,
      problem:
        e.keyword === 'additionalProperties'
          ? `'${(e.params as { additionalProperty: string }).additionalProperty}' is not an option we know`
          : e.keyword === 'enum'
            ? `${JSON.stringify(e.data)} is not one of ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`
            : (e.message ?? 'not valid'),
      fix,
    }));

/** schemas/steps.json (or a variant's own): its shape, unique ids and routes, and a schema pair for each form step. */
export function checkSteps(steps: Json, file: string, schemaExists: (name: string) => boolean): Problem[] {
  if (!checkStepsMeta(steps)) return fromAjv(file, '', checkStepsMeta.errors, 'See schemas/meta/steps.schema.json for what a step takes');
  const list = (steps as { steps: Obj[] }).steps;
  const problems: Problem[] = [];
  for (const key of ['id', 'route'] as const) {
    list.forEach((s, i) => {
      if (list.findIndex((t) => t[key] === s[key]) !== i) problems.push({ file, pointer: `/steps/${i}/${key}`, problem: `'${s[key]}' is used by an earlier step`, fix: `Give each step its own ${key}` });
    });
  }
  list.forEach((s, i) => {
    if (typeof s.schema === 'string' && !schemaExists(s.schema)) problems.push({ file, pointer: `/steps/${i}/schema`, problem: `schemas/${s.schema}.schema.json does not exist`, fix: 'Name an existing schema pair, or add it' });
  });
  return problems;
}

/** The schema of a property, wherever the step declares it (properties, if/then/else branches, allOf). */
const propertyOf = (schema: Json, name: string): Obj | undefined => (isObj(schema) ? (propertySchema(schema as never, name) as Obj | undefined) : undefined);

/** A built step's uiSchema against its schema: fields that exist, widgets we have, options we read. */
export function checkUiSchema(ui: Obj, schema: Obj, file: string, pointer = ''): Problem[] {
  const problems: Problem[] = [];
  for (const [key, value] of Object.entries(ui)) {
    const at = `${pointer}/${key}`;
    if (key === 'ui:widget' && !widgetNames.includes(value as string)) problems.push({ file, pointer: at, problem: `there is no widget '${String(value)}'`, fix: `Use one of ${widgetNames.join(', ')}` });
    else if (key === 'ui:options' && !checkOptions(value)) problems.push(...fromAjv(file, at, checkOptions.errors, 'See schemas/meta/ui-options.schema.json for the options and their values'));
    else if (key === 'ui:order') {
      (value as string[]).forEach((name, i) => {
        if (!propertyOf(schema, name)) problems.push({ file, pointer: `${at}/${i}`, problem: `there is no field '${name}' here`, fix: 'Correct the name or remove it' });
      });
    } else if (key === 'ui:enumNames' && Array.isArray(schema.enum) && (value as Json[]).length !== schema.enum.length) {
      problems.push({ file, pointer: at, problem: `${(value as Json[]).length} names for ${schema.enum.length} choices`, fix: 'Give one name per choice of the enum, in its order' });
    } else if (!key.startsWith('ui:') && isObj(value)) {
      const child = propertyOf(schema, key);
      if (!child) problems.push({ file, pointer: at, problem: `there is no field '${key}' in the schema`, fix: 'Correct the name, or remove it' });
      else problems.push(...checkUiSchema(value, child, file, at));
    }
  }
  const sections = isObj(ui['ui:options']) ? ui['ui:options'].sections : undefined;
  if (Array.isArray(sections)) {
    sections.forEach((section, i) =>
      ((isObj(section) && Array.isArray(section.fields) ? section.fields : []) as string[]).forEach((name, j) => {
        if (!propertyOf(schema, name)) problems.push({ file, pointer: `${pointer}/ui:options/sections/${i}/fields/${j}`, problem: `there is no field '${name}' in the schema`, fix: 'Correct the name or remove it from the section' });
      }),
    );
  }
  return problems;
}

/** RJSF's field for a schema type, as its SchemaField picks one; with no type, its FallbackField. */
const RJSF_FIELD_BY_TYPE: Record<string, string> = { array: 'ArrayField', boolean: 'BooleanField', integer: 'NumberField', number: 'NumberField', object: 'ObjectField', string: 'StringField', null: 'NullField' };
const rjsfRegistry = getDefaultRegistry();
/** The parts the client ships without that a field could reach, by their names in RJSF's registry. */
const unusedByName = new Map(unusedRjsf.filter((m) => /^(fields|widgets)\//.test(m.module) && !m.replaced).flatMap((m) => rjsfNames(m).map((name) => [name, m] as const)));
/** RJSF's own widgets, each a stand-in: RJSF's getWidget picks among them as it does in the browser. */
const rjsfWidgets: RegistryWidgetsType = Object.fromEntries(Object.keys(rjsfRegistry.widgets).map((name) => [name, () => null]));
/** Enough of RJSF's schema tools for its default widget: a field with an enum is a select. */
const selectOnly = { isSelect: (s: RJSFSchema) => Array.isArray(s.enum) } as unknown as SchemaUtilsType;

/** The registry name of the RJSF widget a string or boolean field is drawn with, when it is one of RJSF's own. */
function rjsfWidget(schema: RJSFSchema, ui: UiSchema, options: Record<string, unknown>): string | undefined {
  const type = getSchemaType(schema);
  const widget = options.widget ?? (type === 'boolean' ? 'checkbox' : type === 'string' ? resolveDefaultWidget(schema, ui, selectOnly, rjsfWidgets).defaultWidget : undefined);
  if (typeof widget !== 'string') return undefined;
  try {
    // getWidget hands back its own wrapper of the widget it picked, kept on that widget.
    const picked = getWidget(schema, widget, rjsfWidgets);
    return Object.keys(rjsfWidgets).find((name) => (rjsfWidgets[name] as { MergedWidget?: unknown }).MergedWidget === picked);
  } catch {
    return undefined; // one of the engine's widgets (widgets/index.ts), or none (checkUiSchema names it)
  }
}

const hasRef = (json: Json): boolean => (Array.isArray(json) ? json.some(hasRef) : isObj(json) && ('$ref' in json || Object.values(json).some(hasRef)));

type Located = [schema: Obj, pointer: string];
/** A schema and the parts RJSF merges into it when it draws it (allOf, then, else); not `not` or `if`, which only
 *  validate. */
const merged = ([schema, pointer]: Located): Located[] => [
  [schema, pointer],
  ...(Array.isArray(schema.allOf) ? schema.allOf : []).flatMap((part, i) => (isObj(part) ? merged([part, `${pointer}/allOf/${i}`]) : [])),
  ...(['then', 'else'] as const).flatMap((k) => (isObj(schema[k]) ? merged([schema[k], `${pointer}/${k}`]) : [])),
];
/** The fields those parts declare, each with its declarations in order. */
function fieldsOf(parts: Located[]): Map<string, Located[]> {
  const fields = new Map<string, Located[]>();
  for (const [schema, pointer] of parts) {
    for (const [name, field] of Object.entries(isObj(schema.properties) ? schema.properties : {})) if (isObj(field)) fields.set(name, [...(fields.get(name) ?? []), [field, `${pointer}/properties/${name}`]]);
  }
  return fields;
}

/** Every field a built step draws reaches only the parts of RJSF the client ships (scripts/rjsf-unused.ts): a type, a
 *  choice of schemas, a ui:field or a widget that would reach a stand-in is named with its file and field. */
export function checkRjsfReach(schema: Obj, ui: Obj, files: { schema: string; ui: string }): Problem[] {
  const problems: Problem[] = [];
  const globalOptions = isObj(ui['ui:globalOptions']) ? ui['ui:globalOptions'] : {};
  /** `part`: the name in RJSF's registry of the field or widget that would draw the field `name`. */
  const refuse = (part: string, name: string, file: string, pointer: string) => {
    const unused = unusedByName.get(part);
    if (unused) problems.push({ file, pointer, problem: `${name ? `the field '${name}'` : 'the step'} would be drawn by RJSF's ${part}, which the client does not ship (${unused.reason})`, fix: unused.fix ?? 'Remove it' });
  };
  const visit = (name: string, declarations: Located[], fieldUi: Obj, uiPointer: string) => {
    const parts = declarations.flatMap(merged);
    // What RJSF draws: the parts merged (the first to give a keyword gives it here).
    const field = Object.assign({}, ...parts.map(([part]) => part).reverse()) as RJSFSchema;
    const pointer = declarations[0][1];
    const options = getUiOptions(fieldUi as UiSchema, globalOptions);
    if (typeof options.field === 'string' && options.field in rjsfRegistry.fields) refuse(options.field, name, files.ui, `${uiPointer}/ui:field`);
    else refuse(RJSF_FIELD_BY_TYPE[getSchemaType(field) as string] ?? 'FallbackField', name, files.schema, pointer);
    for (const [part, at] of parts) {
      for (const keyword of ['anyOf', 'oneOf'] as const) if (keyword in part) refuse(keyword === 'anyOf' ? 'AnyOfField' : 'OneOfField', name, files.schema, `${at}/${keyword}`);
    }
    if (Array.isArray(options.enableOptionalDataFieldForType) && options.enableOptionalDataFieldForType.length) refuse('OptionalDataControlsField', name, files.ui, uiPointer || '/');
    const widget = rjsfWidget(field, fieldUi as UiSchema, options);
    if (widget) refuse(widget, name, 'widget' in options ? files.ui : files.schema, 'widget' in options ? `${uiPointer}/ui:widget` : `${pointer}/format`);
    for (const [child, childDeclarations] of fieldsOf(parts)) visit(name ? `${name}.${child}` : child, childDeclarations, isObj(fieldUi[child]) ? fieldUi[child] : {}, `${uiPointer}/${child}`);
  };
  visit('', [[schema, '']], ui, '');
  // Every $ref is inlined when the step is built; one left over could repeat itself (RJSF's CyclicSchemaField).
  if (hasRef(schema)) refuse('CyclicSchemaField', '', files.schema, '');
  return problems;
}

/** Keywords that can fail on a field's value; each needs its message beside it (errorMessage). */
const FAILING = ['pattern', 'maxLength', 'minLength', 'format', 'enum', 'const', 'minAge', 'maxAge', 'withinMonths', 'sameText', 'not'];

/** Every rule that can fail has a message, so no person ever reads a validator's default ('must match ...'). */
export function checkMessages(schema: Json, file: string, pointer = ''): Problem[] {
  if (!isObj(schema)) return [];
  const problems: Problem[] = [];
  const messages = isObj(schema.errorMessage) ? schema.errorMessage : {};
  for (const keyword of FAILING) {
    if (keyword in schema && typeof messages[keyword] !== 'string') problems.push({ file, pointer: `${pointer}/${keyword}`, problem: `the rule '${keyword}' has no message`, fix: `Add errorMessage.${keyword} beside it` });
  }
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const requiredMessages = isObj(messages.required) ? messages.required : {};
  for (const name of required) {
    const field = propertyOf(schema, name);
    // An object the step always sends (the address, the group) is never missing; its own fields are.
    if (field?.type === 'object') continue;
    if (typeof requiredMessages[name] !== 'string') problems.push({ file, pointer: `${pointer}/required`, problem: `the required field '${name}' has no message`, fix: `Add errorMessage.required.${name}` });
  }
  if (isObj(schema.properties)) for (const [k, v] of Object.entries(schema.properties)) problems.push(...checkMessages(v, file, `${pointer}/properties/${k}`));
  for (const k of ['then', 'else']) problems.push(...checkMessages(schema[k], file, `${pointer}/${k}`));
  if (Array.isArray(schema.allOf)) schema.allOf.forEach((part, i) => problems.push(...checkMessages(part, file, `${pointer}/allOf/${i}`)));
  return problems;
}

/** Each pattern is a regular expression the validators can read (with the u flag, as they read it): one they cannot
 *  would stop their build with no file named. Walks the whole schema, its conditions and definitions included. */
export function checkPatterns(schema: Json, file: string, pointer = ''): Problem[] {
  if (Array.isArray(schema)) return schema.flatMap((part, i) => checkPatterns(part, file, `${pointer}/${i}`));
  if (!isObj(schema)) return [];
  return Object.entries(schema).flatMap(([key, value]) => {
    const at = `${pointer}/${pointerToken(key)}`;
    if (key !== 'pattern' || typeof value !== 'string') return key === 'errorMessage' ? [] : checkPatterns(value, file, at);
    try {
      new RegExp(value, 'u');
      return [];
    } catch (e) {
      return [{ file, pointer: at, problem: `is not a pattern the form can read (${(e as Error).message})`, fix: 'Close each bracket and parenthesis it opens, and write \\ before a [ ( ) . * + ? that stands for itself' }];
    }
  });
}

/** A partner's colours carry white text (header, buttons): each needs 4.5:1, the WCAG AA contrast for text. */
export function checkColors(variant: Obj, file: string): Problem[] {
  const colors = isObj(variant.brand) && isObj(variant.brand.colors) ? variant.brand.colors : {};
  return Object.entries(colors)
    .filter(([, hex]) => typeof hex === 'string' && contrastWithWhite(hex) < MIN_CONTRAST)
    .map(([name, hex]) => ({ file, pointer: `/brand/colors/${name}`, problem: `white text on ${String(hex)} has a contrast of ${contrastWithWhite(hex as string).toFixed(2)}:1, below ${MIN_CONTRAST}:1`, fix: 'Choose a darker colour' }));
}
