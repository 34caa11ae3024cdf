/** The studio's form of a partner's settings (issue 24): drawn by the form engine from the settings' own schema,
 *  variants/variant.schema.json, restricted to the settings src/studio/partner-settings.ui.json lays out (its
 *  labels and help texts), with the partner's values from its variant.json. The form's validators are compiled as
 *  the build compiles a step's; the schema's own rules (a phone's pattern...) are left to the build's check, which
 *  names what breaks them, so nobody reads a validator's default message. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { compileValidatorModule } from '../build/compile';
import { addRules } from '../domain/rules';
import { folderOf } from './fields';
import layout from './partner-settings.ui.json' with { type: 'json' };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const read = (file: string): Obj => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Obj) : {});
const SCALARS = ['string', 'boolean', 'number', 'integer'];

/** The settings of the layout, from the variant schema: types and required, not the rules. */
function settingsSchema(variantSchema: Obj, names: string[], ui: Obj, where: string): RJSFSchema {
  const properties = variantSchema.properties as Obj;
  /** The object's settings that its schema requires, each with its message (by its label). */
  const requiredOf = (schema: Obj, children: Obj, labels: Obj): Obj => {
    const required = ((schema.required as string[] | undefined) ?? []).filter((k) => k in children);
    const label = (k: string) => String((isObj(labels[k]) && labels[k]['ui:title']) || k);
    return required.length ? { required, errorMessage: { required: Object.fromEntries(required.map((k) => [k, `${label(k)} is required.`])) } } : {};
  };
  const pick = (schema: Obj, labels: Obj, at: string): Obj => {
    if (!isObj(schema)) throw new Error(`src/studio/partner-settings.ui.json names '${at}', which variants/variant.schema.json does not have`);
    if (schema.type === 'object') {
      const children = Object.fromEntries(Object.keys(labels).filter((k) => !k.startsWith('ui:')).map((k) => [k, pick((schema.properties as Obj)[k] as Obj, labels[k] as Obj, `${at}.${k}`)]));
      return { type: 'object', properties: children, ...requiredOf(schema, children, labels) };
    }
    if (!SCALARS.includes(String(schema.type))) throw new Error(`src/studio/partner-settings.ui.json names '${at}', a list the form cannot draw`);
    return { type: schema.type };
  };
  const picked = Object.fromEntries(names.map((name) => [name, pick(properties[name] as Obj, isObj(ui[name]) ? ui[name] : {}, name)]));
  return { $comment: where, type: 'object', properties: picked, ...requiredOf(variantSchema, picked, ui) } as RJSFSchema;
}

export interface SettingsForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** The form's validators module, for the studio's page to import (under the studio's served folders). */
  module: string;
  /** The partner's settings as its variant.json has them. */
  data: Obj;
  /** Its variant.json, where the settings are written. */
  file: string;
}

/** The form for a partner of the checkout at root; its validators are written into dir. */
export function settingsForm(root: string, partner: string, dir: string): SettingsForm {
  const ui = layout as unknown as Obj;
  const names = ((ui['ui:options'] as { sections: { fields: string[] }[] }).sections ?? []).flatMap((s) => s.fields);
  const schema = settingsSchema(read(join(root, 'variants/variant.schema.json')), names, ui, 'variants/variant.schema.json, as the studio lays it out');
  const { $comment: _hint, ...uiSchema } = ui;
  const file = `${folderOf(root, partner)}/variant.json`;
  const variant = read(join(root, file));
  const data = Object.fromEntries(
    names.filter((n) => n in variant).map((n) => [n, isObj(variant[n]) && isObj((schema.properties as Obj)[n]) ? Object.fromEntries(Object.entries(variant[n] as Obj).filter(([k]) => k in (((schema.properties as Obj)[n] as Obj).properties as Obj))) : variant[n]]),
  );
  mkdirSync(dir, { recursive: true });
  const module = join(dir, 'partner-settings.validators.ts');
  // Written once per studio (the layout and the schema are the code's and the checkout's, not the analyst's edits).
  if (!existsSync(module)) writeFileSync(module, compileValidatorModule(schema, { addRules, formatsModule: '../src/domain/formats' }));
  return { schema, uiSchema: uiSchema as UiSchema, module, data, file };
}
