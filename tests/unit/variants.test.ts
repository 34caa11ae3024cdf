// @vitest-environment node
/** Variant folders: checked at build time with clear errors; a partner is a folder, with no code change. */
import { mkdtempSync, mkdirSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileAll } from '../../scripts/compile-validators';
import { scaffoldVariant } from '../../scripts/variant-new';

const repo = resolve(import.meta.dirname, '../..');

function workspace(variants: Record<string, Record<string, unknown> | string>) {
  const dir = mkdtempSync(join(tmpdir(), 'variants-'));
  const folders = join(dir, 'variants');
  for (const [name, content] of Object.entries(variants)) {
    mkdirSync(join(folders, name), { recursive: true });
    writeFileSync(join(folders, name, 'variant.json'), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return { variantDirs: [join(repo, 'variants'), folders], outDir: join(dir, 'generated') };
}

const good = (id: string) => ({
  id,
  match: { hostLabels: [id] },
  brand: { bankName: 'B' },
  helpPhone: '1-800-555-0100',
  groupCookie: '999999',
  cancelOnLaterSteps: false,
  vettingUrl: '/v',
  links: { home: 'h', privacy: 'p', terms: 't' },
  documents: [{ title: 'Schedule of Fees', url: 'c' }],
  flags: {},
});

describe('variant folders at build time', () => {
  it('accepts the shipped variants and a well-formed new one', () => {
    expect(() => compileAll(workspace({ zeta: good('zeta') }))).not.toThrow();
  });

  it('names the file and the field when variant.json breaks its schema', () => {
    const { brand: _brand, ...noBrand } = good('zeta');
    expect(() => compileAll(workspace({ zeta: noBrand }))).toThrow(/zeta[/\\]variant\.json: .*brand/);
    expect(() => compileAll(workspace({ zeta: { ...good('zeta'), helpPhone: 'call us' } }))).toThrow(/zeta[/\\]variant\.json: .*helpPhone/);
    const { documents: _documents, ...noDocuments } = good('zeta');
    expect(() => compileAll(workspace({ zeta: noDocuments }))).toThrow(/zeta[/\\]variant\.json: .*documents/);
    expect(() => compileAll(workspace({ zeta: { ...good('zeta'), documents: [{ title: 'Custodial Agreement' }] } }))).toThrow(/zeta[/\\]variant\.json: .*documents.*url/);
  });

  it('names the file when variant.json is not JSON', () => {
    expect(() => compileAll(workspace({ zeta: '{ "id": ' }))).toThrow(/zeta[/\\]variant\.json: .*JSON/);
  });

  it('refuses a folder without variant.json and a duplicated id', () => {
    const ws = workspace({});
    mkdirSync(join(ws.variantDirs[1], 'empty'), { recursive: true });
    expect(() => compileAll(ws)).toThrow(/empty: variant\.json is missing/);
    expect(() => compileAll(workspace({ again: good('standard') }))).toThrow(/'standard' is used twice/);
  });

  it('refuses two partners that would match one host, and a match rule that is not a host label', () => {
    expect(() => compileAll(workspace({ one: good('one'), two: { ...good('two'), match: { hostLabels: ['one'] } } }))).toThrow(
      "variants: 'one' and 'two' both match the host label 'one': give each partner host labels of its own (match.hostLabels)",
    );
    expect(() => compileAll(workspace({ zeta: { ...good('zeta'), match: { hostLabels: ['zeta.example.com'] } } }))).toThrow(/zeta[/\\]variant\.json: .*hostLabels/);
  });

  describe('every configuration mistake names its file, its pointer and what to do', () => {
    const withPatch = (file: string, patch: object) => {
      const ws = workspace({ zeta: good('zeta') });
      mkdirSync(join(ws.variantDirs[1], 'zeta', 'schemas'), { recursive: true });
      writeFileSync(join(ws.variantDirs[1], 'zeta', file.includes('/') ? '' : 'schemas', file), JSON.stringify(patch));
      return ws;
    };
    it.each([
      ['a widget we do not have', 'accountholder.ui.json', { dob: { 'ui:widget': 'datepicker' } }, /schemas\/accountholder\.ui\.json patched by .*zeta.*accountholder\.ui\.json: \/dob\/ui:widget: there is no widget 'datepicker'\. Use one of /],
      ['a misspelled option', 'accountholder.ui.json', { firstName: { 'ui:options': { allowedChar: '[A-Z]' } } }, /\/firstName\/ui:options: 'allowedChar' is not an option we know\. See schemas\/meta\/ui-options\.schema\.json/],
      ['a keystroke filter that is not a character class', 'accountholder.ui.json', { firstName: { 'ui:options': { allowedChars: 'A-Z' } } }, /\/firstName\/ui:options\/allowedChars: must match pattern/],
      ['a field that is not in the schema', 'accountholder.ui.json', { fristName: { 'ui:help': 'x' } }, /\/fristName: there is no field 'fristName' in the schema\. Correct the name, or remove it/],
      ['a section naming a missing field', 'accountholder.ui.json', { 'ui:options': { sections: { $patch: { 'Home Address': { fields: { $append: ['homeAdress'] } } } } } }, /\/ui:options\/sections\/1\/fields\/1: there is no field 'homeAdress' in the schema/],
      ['a rule without its message', 'accountholder.schema.json', { properties: { verificationCode: { minLength: 4 } } }, /accountholder\.schema\.json: \/properties\/verificationCode\/minLength: the rule 'minLength' has no message\. Add errorMessage\.minLength beside it/],
      ['a required field without its message', 'accountholder.schema.json', { required: { $append: ['workPhone'] } }, /\/required: the required field 'workPhone' has no message\. Add errorMessage\.required\.workPhone/],
      ['a step kind we do not have', 'steps.json', { steps: [{ id: 'one', route: 'one', title: 'One', schema: null, kind: 'summery' }] }, /zeta[/\\]steps\.json: \/steps\/0\/kind: "summery" is not one of form, summary, submit/],
      ['a step rule we do not have', 'steps.json', { steps: [{ id: 'one', route: 'one', title: 'One', schema: 'accountholder', rules: ['startSession', 'mailingAdressOnlyIfDifferent'] }] }, /zeta[/\\]steps\.json: \/steps\/0\/rules\/1: "mailingAdressOnlyIfDifferent" is not one of startSession, .*mailingAddressOnlyIfDifferent/],
      // A field the client has no part of RJSF for (scripts/rjsf-unused.ts): named with its file, field and what to do.
      ['an array', 'accountholder.schema.json', { properties: { pets: { type: 'array', items: { type: 'string' } } } }, /accountholder\.schema\.json patched by .*zeta.*accountholder\.schema\.json: \/properties\/pets: the field 'pets' would be drawn by RJSF's ArrayField, which the client does not ship \(no step has an array\)\. Declare each item/],
      ['a number', 'accountholder.schema.json', { properties: { homeAddress: { properties: { zip: { type: 'integer' } } } } }, /\/properties\/homeAddress\/properties\/zip: the field 'homeAddress\.zip' would be drawn by RJSF's NumberField, .*Make it a string with a pattern/],
      ['a field with no type', 'accountholder.schema.json', { properties: { nickname: { maxLength: 9, errorMessage: { maxLength: 'x' } } } }, /\/properties\/nickname: the field 'nickname' would be drawn by RJSF's FallbackField/],
      ['a choice of schemas', 'accountholder.schema.json', { properties: { middleInitial: { anyOf: [{ maxLength: 1 }, { const: '' }] } } }, /\/properties\/middleInitial\/anyOf: the field 'middleInitial' would be drawn by RJSF's AnyOfField, .*Use enum with ui:enumNames/],
      ['a choice of schemas in a branch', 'accountholder.schema.json', { then: { properties: { mailingAddress: { oneOf: [{ required: ['zip'] }] } } } }, /\/then\/properties\/mailingAddress\/oneOf: the field 'mailingAddress' would be drawn by RJSF's OneOfField/],
      ['a format that picks a widget', 'accountholder.schema.json', { properties: { email: { format: 'email', errorMessage: { format: 'x' } } } }, /accountholder\.schema\.json: \/properties\/email\/format: the field 'email' would be drawn by RJSF's EmailWidget, .*Give the field a ui:widget/],
      ['a layout field', 'accountholder.ui.json', { group: { 'ui:field': 'LayoutGridField' } }, /accountholder\.ui\.json: \/group\/ui:field: the field 'group' would be drawn by RJSF's LayoutGridField, .*Remove ui:field/],
      ['optional-data controls', 'accountholder.ui.json', { 'ui:globalOptions': { enableOptionalDataFieldForType: ['object'] } }, /accountholder\.ui\.json: \/: the step would be drawn by RJSF's OptionalDataControlsField/],
      ['a step with no schema pair', 'steps.json', { steps: [{ id: 'one', route: 'one', title: 'One', schema: 'nothing' }] }, /zeta[/\\]steps\.json: \/steps\/0\/schema: schemas\/nothing\.schema\.json does not exist/],
    ])('%s', (_what, file, patch, message) => {
      expect(() => compileAll(withPatch(file === 'steps.json' ? '/steps.json' : file, patch))).toThrow(message);
    });
  });

  it("refuses a partner's colour that white text cannot be read on", () => {
    const pale = { ...good('zeta'), brand: { ...good('zeta').brand, colors: { brand: '#f5a623', 'brand-dark': '#0b4f8a' } } };
    expect(() => compileAll(workspace({ zeta: pale }))).toThrow(/zeta[/\\]variant\.json: \/brand\/colors\/brand: white text on #f5a623 has a contrast of 2\.\d\d:1, below 4\.5:1\. Choose a darker colour/);
    expect(() => compileAll(workspace({ zeta: { ...good('zeta'), brand: { ...good('zeta').brand, colors: { brand: 'red' } } } }))).toThrow(/zeta[/\\]variant\.json: .*colors/);
  });

  it('names a schema patch that is not JSON', () => {
    const ws = workspace({ zeta: good('zeta') });
    mkdirSync(join(ws.variantDirs[1], 'zeta', 'schemas'));
    writeFileSync(join(ws.variantDirs[1], 'zeta', 'schemas', 'accountholder.schema.json'), '{ nope');
    expect(() => compileAll(ws)).toThrow(/zeta[/\\]schemas[/\\]accountholder\.schema\.json: /);
  });

  it("names a $ref to no definition, and a variant's message that the site does not have", () => {
    const ws = workspace({ zeta: good('zeta') });
    mkdirSync(join(ws.variantDirs[1], 'zeta', 'schemas'));
    writeFileSync(join(ws.variantDirs[1], 'zeta', 'schemas', 'accountholder.schema.json'), JSON.stringify({ properties: { employeeNumber: { $ref: 'definitions.schema.json#/definitions/employeeNo' } } }));
    expect(() => compileAll(ws)).toThrow(/zeta: step 'accountholder': \$ref 'definitions.schema.json#\/definitions\/employeeNo' names no definition/);
    const ws2 = workspace({ zeta: good('zeta') });
    writeFileSync(join(ws2.variantDirs[1], 'zeta', 'messages.json'), JSON.stringify({ duplicateAcount: 'typo' }));
    expect(() => compileAll(ws2)).toThrow(/zeta[/\\]messages\.json: \/duplicateAcount is not a key of the standard file/);
  });

  it('names a pattern the form cannot read, by its file and pointer', () => {
    const ws = workspace({ zeta: good('zeta') });
    mkdirSync(join(ws.variantDirs[1], 'zeta', 'schemas'));
    writeFileSync(join(ws.variantDirs[1], 'zeta', 'schemas', 'accountholder.schema.json'), JSON.stringify({ properties: { firstName: { pattern: '^[A-Z' } } }));
    expect(() => compileAll(ws)).toThrow(/schemas[/\\]accountholder\.schema\.json patched by .*zeta[/\\]schemas[/\\]accountholder\.schema\.json: \/properties\/firstName\/pattern: is not a pattern the form can read \(Invalid regular expression/);
  });

  it("patches the site's messages per variant, for widgets and the server", async () => {
    const ws = workspace({ zeta: good('zeta') });
    writeFileSync(join(ws.variantDirs[1], 'zeta', 'messages.json'), JSON.stringify({ groupNotFound: 'Zeta: no such group.' }));
    // A partner's own wording needs its own translation: the build names the file and the key.
    expect(() => compileAll(ws)).toThrow(/zeta[/\\]es[/\\]messages\.json: \/groupNotFound: has no translation of the partner's .*zeta[/\\]messages\.json/);
    mkdirSync(join(ws.variantDirs[1], 'zeta', 'es'));
    writeFileSync(join(ws.variantDirs[1], 'zeta', 'es', 'messages.json'), JSON.stringify({ groupNotFound: 'Zeta: no existe ese grupo.' }));
    compileAll(ws);
    const { readFileSync } = await import('node:fs');
    const messages = readFileSync(join(ws.outDir, 'messages.ts'), 'utf8');
    expect(messages).toContain('Zeta: no such group.');
    expect(messages).toContain('Zeta: no existe ese grupo.');
    expect(messages).toContain('Number not found. Correct your entry or contact your employer or financial advisor.');
    // Not in the variant data the welcome page's script carries.
    expect(readFileSync(join(ws.outDir, 'index.ts'), 'utf8')).not.toContain('Number not found.');
  });

  it('builds the test partner folder with its own message, with no code change', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'variants-'));
    cpSync(join(repo, 'tests/fixtures/variants'), join(dir, 'v'), { recursive: true });
    const outDir = join(dir, 'generated');
    compileAll({ variantDirs: [join(repo, 'variants'), join(dir, 'v')], outDir });
    const { readFileSync } = await import('node:fs');
    const acme = JSON.parse(readFileSync(join(outDir, 'acme/accountholder.json'), 'utf8'));
    expect(acme.schema.errorMessage.required.lastName).toBe('Acme needs your last name.');
    expect(acme.schema.errorMessage.required.firstName).toBe('First name is required.');
    // In Spanish, the partner's own words (tests/fixtures/variants/acme/es/translations.json) and the site's, by their English.
    const spanish = JSON.parse(readFileSync(join(outDir, 'acme/es/translations.json'), 'utf8'));
    expect(spanish['Acme needs your last name.']).toBe(JSON.parse(readFileSync(join(repo, 'tests/fixtures/variants/acme/es/translations.json'), 'utf8'))['Acme needs your last name.']);
    expect(spanish['First name is required.']).toBe(JSON.parse(readFileSync(join(repo, 'schemas/es/translations.json'), 'utf8'))['First name is required.']);
  });

  it('refuses a partner word with no translation, naming the words file and the English', () => {
    const ws = workspace({ zeta: { ...good('zeta'), documents: [{ title: 'Zeta Plan Rules', url: 'c' }] } });
    expect(() => compileAll(ws)).toThrow(/schemas\/es\/translations\.json: \/Zeta Plan Rules: has no translation \(used by .*zeta\)\. Add "Zeta Plan Rules": "<es>" to schemas\/es\/translations\.json, or to .*zeta[/\\]es[/\\]translations\.json for this partner only/);
    mkdirSync(join(ws.variantDirs[1], 'zeta', 'es'));
    writeFileSync(join(ws.variantDirs[1], 'zeta', 'es', 'translations.json'), JSON.stringify({ 'Zeta Plan Rules': 'Reglas del plan Zeta' }));
    expect(() => compileAll(ws)).not.toThrow();
  });

  it("refuses a partner text that is not a key of the site's text, and a reworded text with no translation", () => {
    const ws = workspace({ zeta: good('zeta') });
    writeFileSync(join(ws.variantDirs[1], 'zeta', 'text.json'), JSON.stringify({ welcome: { leed: 'Hello' } }));
    expect(() => compileAll(ws)).toThrow(/zeta[/\\]text\.json: \/welcome\/leed is not a key of the standard file/);
    writeFileSync(join(ws.variantDirs[1], 'zeta', 'text.json'), JSON.stringify({ welcome: { marketing: ['Zeta members pay no fee.'] } }));
    expect(() => compileAll(ws)).toThrow(/zeta[/\\]es[/\\]text\.json: \/welcome\/marketing: has no translation/);
  });

  it('refuses a text that is not a message the page can read (a plural without its other form), naming the file and the text', () => {
    const ws = workspace({ zeta: good('zeta') });
    writeFileSync(join(ws.variantDirs[1], 'zeta', 'text.json'), JSON.stringify({ vetting: { receivedDocuments: '{count, plural, one {Got it}}' } }));
    mkdirSync(join(ws.variantDirs[1], 'zeta', 'es'));
    writeFileSync(join(ws.variantDirs[1], 'zeta', 'es', 'text.json'), JSON.stringify({ vetting: { receivedDocuments: '{count, plural, one {Recibido} other {Recibidos}}' } }));
    expect(() => compileAll(ws)).toThrow(/schemas\/text\.json or .*zeta[/\\]text\.json: \/vetting\/receivedDocuments: is not a message the page can read \(.*\)\. Balance its braces; write a plural as/);
  });

  it("refuses a calendar without twelve months or a date pattern without its month, day and year, naming the file", () => {
    const ws = workspace({ zeta: good('zeta') });
    writeFileSync(join(ws.variantDirs[1], 'zeta', 'text.json'), JSON.stringify({ form: { months: { $remove: ['December'] } } }));
    expect(() => compileAll(ws)).toThrow(/schemas\/text\.json or .*zeta[/\\]text\.json: \/form\/months: has 11 months\. Name the twelve months, January first/);
    writeFileSync(join(ws.variantDirs[1], 'zeta', 'text.json'), JSON.stringify({ form: { longDate: '{mes} {day}, {year}' } }));
    mkdirSync(join(ws.variantDirs[1], 'zeta', 'es'), { recursive: true });
    writeFileSync(join(ws.variantDirs[1], 'zeta', 'es', 'text.json'), JSON.stringify({ form: { longDate: '{day} de {month} de {year}' } }));
    expect(() => compileAll(ws)).toThrow(/zeta[/\\]text\.json: \/form\/longDate: names \{day\}, \{mes\}, \{year\}\. Write the date with \{month\}, \{day\} and \{year\}, each once/);
  });

  it("gives each partner a revision that changes with its words and nothing else's (issue 24)", async () => {
    const { readFileSync } = await import('node:fs');
    const ws = workspace({ zeta: good('zeta') });
    const revisions = () => JSON.parse(readFileSync(join(ws.outDir, 'revisions.json'), 'utf8')) as Record<string, string>;
    compileAll(ws);
    const first = revisions();
    expect(first.zeta).toMatch(/^zeta-[0-9a-f]{12}$/);
    compileAll(ws);
    expect(revisions()).toEqual(first);
    // The partner rewords its welcome (in both languages): its revision changes, the others' do not.
    writeFileSync(join(ws.variantDirs[1], 'zeta', 'text.json'), JSON.stringify({ welcome: { marketing: ['Zeta members pay no fee.'] } }));
    mkdirSync(join(ws.variantDirs[1], 'zeta', 'es'));
    writeFileSync(join(ws.variantDirs[1], 'zeta', 'es', 'text.json'), JSON.stringify({ welcome: { marketing: ['Los miembros de Zeta no pagan cargos.'] } }));
    compileAll(ws);
    expect(revisions().zeta).not.toBe(first.zeta);
    expect(revisions().standard).toBe(first.standard);
    // What it was: the revision's content names the documents with their addresses.
    const content = JSON.parse(readFileSync(join(ws.outDir, 'zeta', 'revision.json'), 'utf8')).content;
    expect(content.files['en/words.json'].documents).toEqual([{ title: 'Schedule of Fees', url: 'c' }]);
  });

  it('npm run variant:new makes a partner folder that passes every check, builds, and is chosen by its host', async () => {
    const ws = workspace({});
    const folder = scaffoldVariant({ name: 'zeta', title: 'Zeta Co-op HSA', phone: '1-800-555-0142' }, ws.variantDirs[1]);
    expect(() => compileAll(ws)).not.toThrow();
    const { readFileSync } = await import('node:fs');
    const index = readFileSync(join(ws.outDir, 'index.ts'), 'utf8');
    const variants = JSON.parse(/export const variants = (.*) as unknown as/.exec(index)![1]) as { id: string; match: { hostLabels?: string[] }; fallback?: boolean; helpPhone: string }[];
    const { resolveVariant } = await import('../../src/engine/variant');
    expect(resolveVariant('https://zeta.example.com/enrollment', variants)).toMatchObject({ id: 'zeta', helpPhone: '1-800-555-0142' });
    expect(() => scaffoldVariant({ name: 'zeta' }, ws.variantDirs[1])).toThrow(/exists already/);
    expect(() => scaffoldVariant({ name: 'Zeta Co' }, ws.variantDirs[1])).toThrow(/lower-case letters/);
    expect(folder).toMatch(/zeta$/);
  });
});
