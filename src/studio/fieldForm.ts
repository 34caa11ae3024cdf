/** The studio's form of a field (issue 24): drawn by the form engine from schemas/meta/field.schema.json, with the
 *  keywords this field has (its limits, its typed format or pattern, the messages of its rules), each text as one box
 *  per language of the checkout, under the labels of src/studio/field-editor.ui.json. Its validators are compiled as
 *  a step's are, once per shape of form. */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { compileValidatorModule } from '../build/compile';
import { addRules } from '../domain/rules';
import type { FieldInfo } from './fields';
import { nameOf } from './languageNames';
import { titleOf } from './fieldTitles';
import meta from '../../schemas/meta/field.schema.json' with { type: 'json' };
import layout from './field-editor.ui.json' with { type: 'json' };

type Obj = Record<string, unknown>;
const META = 'schemas/meta/field.schema.json';
const definitions = meta.definitions as Record<string, Obj>;

/** A keyword's schema in the meta-schema, its $ref followed. */
export function keywordSchema(keyword: string): Obj {
  const own = (meta.properties as Record<string, Obj>)[keyword];
  if (!own) throw new Error(`${META} has no '${keyword}': give it the keyword's schema and messages.`);
  return typeof own.$ref === 'string' ? definitions[own.$ref.split('/').at(-1)!] : own;
}

/** A text in each language: the English required where the check requires the text (a label, a message). */
function words(languages: string[], required: boolean): Obj {
  const properties = Object.fromEntries(languages.map((lang) => [lang, { type: 'string' }]));
  return { type: 'object', properties, ...(required ? { required: ['en'], errorMessage: { required: { en: 'Write it in English: the field needs it.' } } } : {}) };
}
// Each key reaches the studio at once: its preview and check follow the typing.
const EACH_KEY = { eachKey: true };
const wordsUi = (title: string, languages: string[]): Obj => ({ 'ui:title': title, ...Object.fromEntries(languages.map((lang) => [lang, { 'ui:title': nameOf(lang), 'ui:options': EACH_KEY }])) });

export interface FieldForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** The form's validators module (under the studio's build folder). */
  module: string;
}

/** The form of one field; its validators are written into dir, once for each shape. */
export function fieldForm(field: FieldInfo, languages: string[], dir: string): FieldForm {
  const ui = layout as unknown as Record<string, Obj>;
  const properties: Obj = {};
  const uiSchema: Obj = {};
  if (field.label) {
    properties.label = words(languages, true);
    uiSchema.label = wordsUi(titleOf('label'), languages);
  }
  properties.help = words(languages, false);
  uiSchema.help = wordsUi(titleOf('help'), languages);
  for (const { keyword } of field.limits) {
    properties[keyword] = keywordSchema(keyword);
    uiSchema[keyword] = { ...ui[keyword], 'ui:options': { allowedChars: '[0-9]', inputMode: 'numeric', ...EACH_KEY } };
  }
  if (field.form) {
    properties[field.form.keyword] = keywordSchema(field.form.keyword);
    uiSchema[field.form.keyword] = { ...ui[field.form.keyword], 'ui:options': EACH_KEY };
  }
  if (field.messages.length) {
    // Each rule's message is a text, as the meta-schema's 'messages' says (it must say so: this stops the studio if not).
    keywordSchema('messages');
    properties.messages = { type: 'object', properties: Object.fromEntries(field.messages.map((m) => [m.keyword, words(languages, true)])) };
    uiSchema.messages = { 'ui:title': titleOf('messages'), ...Object.fromEntries(field.messages.map((m) => [m.keyword, wordsUi(titleOf('messages', m.keyword), languages)])) };
  }
  properties.review = keywordSchema('review');
  uiSchema.review = ui.review;
  const order = (layout['ui:order'] as string[]).filter((k) => k in properties);
  const schema = { $comment: `${META}, with the keywords of one field`, type: 'object', properties } as RJSFSchema;
  const code = compileValidatorModule(schema, { addRules, formatsModule: '../src/domain/formats' });
  mkdirSync(dir, { recursive: true });
  const module = join(dir, `field-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.validators.ts`);
  if (!existsSync(module)) writeFileSync(module, code);
  return { schema, uiSchema: { 'ui:order': order, ...uiSchema } as UiSchema, module };
}
