/** Words put in the page's language as a step is drawn (src/engine/localize.ts), and the build's table they come
 *  from (one build of the schemas and validators per variant, translations by the English). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { localizeErrors, localizeUi, untranslated } from '../../src/engine/localize';
import { formatMessage } from '../../src/build/message';
import { buildStepSchema } from '../../src/build/schemaBuild';
import { stepModules } from '../../generated/steps';
import { languages } from '../../generated/index';
import { fillPlural } from '../../src/app/plural';

const table: Record<string, string> = { 'First name': 'Nombre', 'Group': 'Grupo', 'Help me': 'Ayúdeme', 'Pick one': 'Elija uno', Red: 'Rojo', 'Too long.': 'Demasiado largo.' };
const translate = (english: string) => table[english] ?? english;
const schema: RJSFSchema = {
  type: 'object',
  properties: { first: { type: 'string', title: 'First name' }, group: { type: 'object', title: 'Group', properties: { color: { type: 'string', title: 'Pick one', enum: ['r'] } } } },
};

describe('a step drawn in a language', () => {
  it('gives each field its label in the language, from the schema and the uiSchema', () => {
    const ui = localizeUi(schema, { first: { 'ui:help': 'Help me', 'ui:widget': 'Group' }, group: { color: { 'ui:enumNames': ['Red'] } } }, translate);
    expect(ui).toEqual({ first: { 'ui:title': 'Nombre', 'ui:help': 'Ayúdeme', 'ui:widget': 'Group' }, group: { 'ui:title': 'Grupo', color: { 'ui:title': 'Elija uno', 'ui:enumNames': ['Rojo'] } } });
  });
  it('gives a field declared in a branch (shown on a condition) its label too', () => {
    const conditional: RJSFSchema = { type: 'object', properties: { a: { type: 'boolean' } }, allOf: [{ if: { properties: { a: { const: true } } }, then: { properties: { first: { type: 'string', title: 'First name' } } } }] };
    expect(localizeUi(conditional, {}, translate)).toEqual({ a: {}, first: { 'ui:title': 'Nombre' } });
  });
  it("keeps the uiSchema's own title, translated", () => {
    expect(localizeUi(schema, { first: { 'ui:title': 'Group' } }, translate)).toMatchObject({ first: { 'ui:title': 'Grupo' } });
  });
  it('leaves the schema the validators were built for as it is, and English untouched', () => {
    const before = JSON.stringify(schema);
    localizeUi(schema, {}, translate);
    expect(JSON.stringify(schema)).toBe(before);
    const ui = {};
    expect(localizeUi(schema, ui, untranslated)).toBe(ui);
  });
  it("puts each error's message in the language, in its stack too", () => {
    const errors: RJSFValidationError[] = [{ property: '.first', message: 'Too long.', stack: '.first Too long.' }, { property: '.x', message: 'Unknown.', stack: '.x Unknown.' }];
    expect(localizeErrors(errors, translate)).toEqual([{ property: '.first', message: 'Demasiado largo.', stack: '.first Demasiado largo.' }, errors[1]]);
  });
});

describe('the build: one schema and validator set per variant, words per language', () => {
  it('writes each step once per variant, whatever the number of languages', () => {
    expect(languages.length).toBeGreaterThan(1);
    for (const [variant, steps] of Object.entries(stepModules)) {
      for (const step of Object.keys(steps)) expect(existsSync(`generated/${variant}/${step}.validators.ts`)).toBe(true);
      for (const language of languages) expect(readdirSync(`generated/${variant}/${language}`).filter((f) => f.includes('validator'))).toEqual([]);
    }
  });
  it("ships each step's schema once: its validators' module exports the schema they check and the uiSchema", async () => {
    for (const [variant, steps] of Object.entries(stepModules)) {
      for (const [step, load] of Object.entries(steps)) {
        const json = JSON.parse(readFileSync(`generated/${variant}/${step}.json`, 'utf8')) as { schema: RJSFSchema; uiSchema: object };
        const module = await load();
        // RJSF's compiler may add the $id its validator is found by; nothing else differs.
        const { $id: _id, ...schema } = module.schema;
        expect(schema).toEqual(json.schema);
        expect(() => createPrecompiledValidator(module.validateFns, module.schema)).not.toThrow();
        expect(module.uiSchema).toEqual(json.uiSchema);
        const text = readFileSync(`generated/${variant}/${step}.validators.ts`, 'utf8');
        // (Up to the `$id` the compiler may have put at its end.)
        expect(text.split(JSON.stringify(json.schema).slice(0, -1)).length, `${variant}/${step}`).toBe(2);
      }
    }
  });
  it('formats a plural as the language says it (ICU MessageFormat)', () => {
    const spanish = '{limit, plural, one {No se permite más de # carácter.} other {No se permiten más de # caracteres.}}';
    expect(formatMessage(spanish, { limit: 1 }, 'es')).toBe('No se permite más de 1 carácter.');
    expect(formatMessage(spanish, { limit: 18 }, 'es')).toBe('No se permiten más de 18 caracteres.');
    expect(formatMessage('Please use the format {x-mask}', { 'x-mask': '999-99-9999' }, 'en')).toBe('Please use the format 999-99-9999');
  });
  it('refuses a plural the build cannot read, naming where it is', () => {
    const field = { type: 'object', properties: { a: { type: 'string', maxLength: 2, errorMessage: { maxLength: '{limit, plural, one {# letra}}' } } } };
    expect(() => buildStepSchema(field, {}, 'schemas/x.schema.json', 'es')).toThrow(/schemas\/x\.schema\.json: message '\{limit, plural, one \{# letra\}\}' is not a message the build can read .*Write a plural as/);
  });
  it("translates the middle initial's limit of 1 in the singular, by the English the validator says", () => {
    const spanish = JSON.parse(readFileSync('generated/standard/es/translations.json', 'utf8')) as Record<string, string>;
    expect(spanish['No more than 1 chars allowed.']).toBe('No se permite más de 1 carácter.');
    expect(spanish['No more than 18 chars allowed.']).toBe('No se permiten más de 18 caracteres.');
  });
});

describe('a count said in words at run time (ICU plural, src/app/plural.ts)', () => {
  const received = (language: string) => (JSON.parse(readFileSync(`generated/standard/${language}/words.json`, 'utf8')) as { text: { vetting: { receivedDocuments: string } } }).text.vetting.receivedDocuments;
  it.each([
    ['en', 1, 'Thank you. We received your document:'],
    ['en', 3, 'Thank you. We received your 3 documents:'],
    ['es', 1, 'Gracias. Recibimos su documento:'],
    ['es', 2, 'Gracias. Recibimos sus 2 documentos:'],
  ])('%s, %i', (language, count, said) => expect(fillPlural(received(language), { count }, language)).toBe(said));
});
