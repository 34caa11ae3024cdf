// @vitest-environment node
/** The studio's form of a field (src/studio/fieldForm.ts, src/studio/app/fieldData.ts): drawn from the field
 *  meta-schema with the keywords the field has, checked by its own compiled validators with the meta-schema's
 *  messages, and turned into the changes a careful person would make. */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { fieldForm, keywordSchema } from '../../src/studio/fieldForm';
import { FORM_KEYWORDS, LIMIT_KEYWORDS, stepFields, type FieldInfo } from '../../src/studio/fields';
import { fieldChanges, fieldData, staleCleared } from '../../src/studio/app/fieldData';
import { editsOf, type Change } from '../../src/studio/app/changes';
import { Workspace } from '../../src/studio/workspace';
import { findingsOf } from '../../src/studio/app/FieldEditor';

const root = process.cwd();
// Where the studio writes its forms' validators (they import the site's rules by a relative path).
const workspace = new Workspace(root);
const dir = join(workspace.copyDir, 'settings');
afterAll(() => workspace.close());
const firstName = (): FieldInfo => stepFields(root, 'standard', 'accountholder').find((f) => f.path === 'firstName')!;

async function validatorOf(field: FieldInfo) {
  const form = fieldForm(field, ['en', 'es'], dir);
  const module = (await import(form.module)) as { default: never; schema: never };
  const validator = createPrecompiledValidator(module.default, module.schema);
  return { form, check: (data: Record<string, unknown>) => validator.validateFormData(data, module.schema).errors.map((e) => `${e.property} ${e.message}`) };
}

describe("a field's form in the studio", () => {
  it('has a schema in the meta-schema for every limit and format the studio edits', () => {
    for (const keyword of [...LIMIT_KEYWORDS, ...FORM_KEYWORDS, 'messages']) expect(() => keywordSchema(keyword)).not.toThrow();
    expect(() => keywordSchema('maxDigits')).toThrow("schemas/meta/field.schema.json has no 'maxDigits'");
  });

  it("holds the field's own keywords, each text in each language, in the layout's order", async () => {
    const { form } = await validatorOf(firstName());
    expect(Object.keys(form.schema.properties!)).toEqual(['label', 'help', 'maxLength', 'pattern', 'messages', 'review']);
    expect(Object.keys((form.schema.properties!.messages as { properties: object }).properties)).toEqual(['required', 'maxLength', 'pattern']);
    expect(form.uiSchema['ui:order']).toEqual(['label', 'help', 'maxLength', 'pattern', 'messages', 'review']);
    expect(form.uiSchema.label).toMatchObject({ 'ui:title': 'Label', en: { 'ui:title': 'English' }, es: { 'ui:title': 'Español' } });
    expect(form.uiSchema.messages.required['ui:title']).toBe('Message when missing (required)');
  });

  it("refuses what the meta-schema refuses, in the meta-schema's words", async () => {
    const { check } = await validatorOf(firstName());
    expect(check({ label: { en: 'First name' }, maxLength: 18, pattern: '^a$', messages: { required: { en: 'x' }, maxLength: { en: 'x' }, pattern: { en: 'x' } } })).toEqual([]);
    expect(check({ label: { en: 'First name' }, maxLength: 5000 })).toContain('.maxLength Give 1000 characters or fewer.');
    expect(check({ label: { en: 'First name' }, maxLength: 1.5 })).toContain('.maxLength Give a whole number of characters.');
    // A most of 0 would leave a field nobody can fill in.
    expect(check({ label: { en: 'First name' }, maxLength: 0 })).toContain('.maxLength Give 1 character or more: a field that takes none cannot be filled in.');
    expect(check({ label: { en: 'First name' }, maxLength: 1 })).toEqual([]);
    // A required English is reported on its text (the engine puts it at the English box).
    expect(check({ label: { es: 'Nombre' } })).toContain('.label Write it in English: the field needs it.');
    const ssn = stepFields(root, 'standard', 'accountholder').find((f) => f.form?.keyword === 'x-mask')!;
    const { check: checkSsn } = await validatorOf(ssn);
    expect(checkSsn({ label: { en: 'SSN' }, 'x-mask': 'xxx' })).toContain(".x-mask Write a 9 for each digit, with the separators between them, such as 999-99-9999.");
  });

  it("shows at the field a finding at its own pattern or limit, by the file and pointer of the keyword's place", () => {
    const field = firstName();
    const at = (file: string, pointer: string) => ({ file, pointer, problem: 'is not a pattern the form can read', fix: '' });
    const pattern = at('schemas/accountholder.schema.json', '/properties/firstName/pattern');
    const patched = at('schemas/accountholder.schema.json patched by variants/aarp/schemas/accountholder.schema.json', '/properties/firstName/maxLength');
    const elsewhere = [at('schemas/accountholder.schema.json', '/properties/lastName/pattern'), at('schemas/terms.schema.json', '/properties/firstName/pattern')];
    expect(findingsOf(field, [pattern, patched, ...elsewhere], new Map())).toEqual([pattern, patched]);
  });

  it("gives the form the field's values with the changes made so far, and takes back the changes its data makes", () => {
    const field = firstName();
    const data = fieldData(field, new Map());
    expect(data).toMatchObject({ label: { en: 'First name', es: 'Nombre' }, maxLength: field.limits[0].value, pattern: field.form!.value });
    const changes = new Map<string, Change>(fieldChanges(field, { ...data, maxLength: '22', messages: { ...(data.messages as object), required: { en: 'Please give your first name.', es: 'Indique su nombre.' } } }, new Set()));
    expect(fieldData(field, changes)).toMatchObject({ maxLength: 22, messages: { required: { en: 'Please give your first name.', es: 'Indique su nombre.' } } });
    expect(editsOf(changes)).toEqual([
      { file: 'schemas/accountholder.schema.json', path: ['errorMessage', 'required', 'firstName'], value: 'Please give your first name.' },
      { file: 'schemas/es/translations.json', path: ['Please give your first name.'], value: 'Indique su nombre.' },
      { file: 'schemas/accountholder.schema.json', path: ['properties', 'firstName', 'maxLength'], value: 22 },
    ]);
  });

  it('builds nothing the form refuses, and empties a translation left as it was for a reworded English', () => {
    const field = firstName();
    const data = fieldData(field, new Map());
    expect(editsOf(new Map(fieldChanges(field, { ...data, maxLength: 5000 }, new Set(['maxLength']))))).toEqual([]);
    expect(editsOf(new Map(fieldChanges(field, { ...data, pattern: undefined }, new Set())))).toEqual([]);
    const reworded = staleCleared(field, { ...data, label: { en: 'Given name', es: 'Nombre' } });
    expect(reworded.label).toEqual({ en: 'Given name', es: undefined });
    expect(staleCleared(field, data)).toBe(data);
  });

  it("writes a review option in the step's uiSchema when ticked, and takes it out when unticked", () => {
    const field = firstName();
    const data = fieldData(field, new Map());
    expect(data.review).toEqual({ hidden: false });
    const place = { file: 'schemas/accountholder.ui.json', path: ['firstName', 'ui:options', 'review', 'hidden'] };
    expect(editsOf(new Map(fieldChanges(field, { ...data, review: { hidden: true } }, new Set())))).toEqual([{ ...place, value: true }]);
    const hidden = { ...field, review: { hidden: true, place } };
    expect(editsOf(new Map(fieldChanges(hidden, { ...data, review: { hidden: false } }, new Set())))).toEqual([{ ...place, value: undefined }]);
  });
});
