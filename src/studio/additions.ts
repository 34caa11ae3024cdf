/** What the studio adds (issue 24): a new partner, made as `npm run variant:new` makes it, a field of a partner's
 *  own on one of its steps, from a shared definition, and a partner's new logo. Each is a set of edits of the workspace (and the partner's
 *  logo, a whole file), shown in the preview and written only on Save. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { scaffoldVariant, type NewVariant } from '../../scripts/variant-new';
import { folderOf, languagesIn, partnersOf, stepsOf } from './fields';
import { LOGO_FIX, logoProblem, logoType } from '../build/logoFile';
import type { Edit, Workspace } from './workspace';

/** A new partner's folder, as edits that create its files (and its logo). */
export function newPartner(workspace: Workspace, known: string, wanted: NewVariant): Edit[] {
  if (partnersOf(known).some((p) => p.id === wanted.name)) throw new Error(`There is a partner '${wanted.name}' already: choose another name.`);
  const scratch = mkdtempSync(join(tmpdir(), 'hsa-studio-partner-'));
  try {
    const folder = scaffoldVariant(wanted, scratch);
    const edits: Edit[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else {
          const file = `variants/${wanted.name}/${relative(folder, path).split('\\').join('/')}`;
          const text = readFileSync(path, 'utf8');
          if (!file.endsWith('.json')) workspace.addFile(file, text);
          // Its variant.json names the schema beside it, wherever the checkout is.
          else edits.push({ file, path: [], value: name === 'variant.json' ? { ...JSON.parse(text), $schema: '../variant.schema.json' } : JSON.parse(text) });
        }
      }
    };
    walk(folder);
    return edits;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export interface NewField {
  partner: string;
  step: string;
  /** The field's name in the payload (letters and digits, starting with a letter). */
  name: string;
  /** A definition of schemas/definitions.schema.json. */
  definition: string;
  /** Its label, and its message when missing (required when given), by language. */
  label: Record<string, string>;
  required?: Record<string, string>;
}

/** A field of the partner's own: declared in its patch of the step schema from a definition, required with its
 *  message when asked, shown first in the step's first section, its words translated in the partner's language files. */
export function newField(workspace: Workspace, known: string, f: NewField): Edit[] {
  // rule-scan: the name of a new field in the payload, not a rule of a field's value
  if (!/^[a-z][A-Za-z0-9]{1,40}$/.test(f.name)) throw new Error(`'${f.name}': a field's name is letters and digits, starting with a lower-case letter.`);
  const partner = partnersOf(known).find((p) => p.id === f.partner);
  if (!partner || partner.fallback) throw new Error('A field of its own is added to a partner other than the standard one.');
  const step = stepsOf(known, f.partner).find((s) => s.id === f.step);
  if (!step) throw new Error(`Partner '${f.partner}' has no step '${f.step}'.`);
  if (!definitionNames(known).includes(f.definition)) throw new Error(`There is no definition '${f.definition}'.`);
  if (!f.label.en?.trim()) throw new Error('Give the field a label in English.');
  const folder = `variants/${f.partner}`;
  const schemaFile = `${folder}/schemas/${step.schema}.schema.json`;
  const uiFile = `${folder}/schemas/${step.schema}.ui.json`;
  const schema = workspace.jsonOf(schemaFile) as { properties?: Record<string, unknown>; required?: { $append?: string[] } };
  if (schema.properties?.[f.name] !== undefined) throw new Error(`The step has a field '${f.name}' already.`);
  const edits: Edit[] = [{ file: schemaFile, path: ['properties', f.name], value: { $ref: `definitions.schema.json#/definitions/${f.definition}`, title: f.label.en } }];
  const append = (file: string, path: (string | number)[], existing: unknown) =>
    Array.isArray(existing) ? edits.push({ file, path: [...path, -1], value: f.name, insert: true }) : edits.push({ file, path, value: [f.name] });
  if (f.required?.en?.trim()) {
    append(schemaFile, ['required', '$append'], schema.required?.$append);
    edits.push({ file: schemaFile, path: ['errorMessage', 'required', f.name], value: f.required.en });
  }
  // First in the step's first section, as the membership partner puts its number.
  const standardUi = JSON.parse(readFileSync(join(known, `schemas/${step.schema}.ui.json`), 'utf8')) as { 'ui:options'?: { sections?: { title: string }[] } };
  const section = standardUi['ui:options']?.sections?.[0]?.title;
  if (section) {
    const ui = workspace.jsonOf(uiFile) as { 'ui:options'?: { sections?: { $patch?: Record<string, { fields?: { $prepend?: string[] } }> } } };
    append(uiFile, ['ui:options', 'sections', '$patch', section, 'fields', '$prepend'], ui['ui:options']?.sections?.$patch?.[section]?.fields?.$prepend);
  }
  for (const language of languagesIn(known).slice(1)) {
    const file = `${folder}/${language}/translations.json`;
    if (f.label[language]?.trim()) edits.push({ file, path: [f.label.en], value: f.label[language] });
    if (f.required?.en?.trim() && f.required[language]?.trim()) edits.push({ file, path: [f.required.en], value: f.required[language] });
  }
  return edits;
}

/** The shared definitions a field may take its rules from. */
export const definitionNames = (root: string): string[] => Object.keys((JSON.parse(readFileSync(join(root, 'schemas/definitions.schema.json'), 'utf8')) as { definitions: Record<string, unknown> }).definitions);

export interface NewLogo {
  partner: string;
  /** The file's name, as chosen (its extension must say what its bytes are). */
  name: string;
  /** Its bytes, in base64. */
  data: string;
}

/** A partner's new logo, checked as the build checks it: the file is kept until Save, variant.json names it. */
export function newLogo(workspace: Workspace, known: string, { partner, name, data }: NewLogo): Edit[] {
  if (typeof name !== 'string' || typeof data !== 'string') throw new Error('Send the logo: its file name and its content.');
  const bytes = Buffer.from(data, 'base64');
  const problem = logoProblem(bytes, name);
  if (problem) throw new Error(`${problem}. ${LOGO_FIX}.`);
  const file = `logo.${logoType(bytes)}`;
  const folder = folderOf(known, partner);
  workspace.addFile(`${folder}/${file}`, bytes);
  return [{ file: `${folder}/variant.json`, path: ['brand', 'logo'], value: file }];
}
