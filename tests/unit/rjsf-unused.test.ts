// @vitest-environment node
/** The parts of RJSF the client ships without (scripts/rjsf-unused.ts): the list matches RJSF, what it says is
 *  replaced is, and the build check refuses a step that would reach one. */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDefaultRegistry } from '@rjsf/core';
import { rjsfNames, unusedRjsf } from '../../scripts/rjsf-unused';
import { checkRjsfReach } from '../../scripts/check-config';
import { engineTemplates } from '../../src/engine/StepForm';
import { widgets } from '../../widgets';
import accountholder from '../../generated/standard/accountholder.json';
import terms from '../../generated/standard/terms.json';
import aarpAccountholder from '../../generated/aarp/accountholder.json';

const components = resolve(import.meta.dirname, '../../node_modules/@rjsf/core/lib/components');
/** Whether the index.js of a folder on the module's path imports the rest of the path (as vite.config.ts matches). */
const importedByAnIndex = (module: string): boolean =>
  [...module.matchAll(/\//g)].some(({ index }) => {
    const file = join(components, module.slice(0, index), 'index.js');
    return existsSync(file) && readFileSync(file, 'utf8').includes(`from "./${module.slice(index + 1)}.js"`);
  });
const registry = getDefaultRegistry();
const files = { schema: 'step.schema.json', ui: 'step.ui.json' };

describe('the list of RJSF parts left out', () => {
  it('names modules that an index of RJSF imports, where the build stands them in', () => {
    expect(unusedRjsf.map((m) => m.module).filter((m) => !importedByAnIndex(m))).toEqual([]);
  });
  it("names fields and widgets as RJSF's registry does", () => {
    for (const m of unusedRjsf.filter((u) => u.module.startsWith('fields/'))) expect(Object.keys(registry.fields)).toEqual(expect.arrayContaining(rjsfNames(m)));
    for (const m of unusedRjsf.filter((u) => u.module.startsWith('widgets/'))) expect(Object.keys(registry.widgets)).toEqual(expect.arrayContaining(rjsfNames(m)));
  });
  it("has the engine's own part in place of each one it says is replaced", () => {
    const ours: Record<string, unknown> = { ...engineTemplates, ...widgets };
    for (const m of unusedRjsf.filter((u) => u.replaced)) for (const name of rjsfNames(m)) expect(ours[name], name).toBeDefined();
  });
});

describe('the build check of what a step reaches', () => {
  it('finds nothing in the shipped steps', () => {
    for (const { schema, uiSchema } of [accountholder, terms, aarpAccountholder]) expect(checkRjsfReach(schema as never, uiSchema as never, files)).toEqual([]);
  });
  it("refuses a widget RJSF's own name picks, in the uiSchema", () => {
    const ui = { code: { 'ui:widget': 'password' } };
    expect(checkRjsfReach({ type: 'object', properties: { code: { type: 'string' } } }, ui, files)).toEqual([
      expect.objectContaining({ file: 'step.ui.json', pointer: '/code/ui:widget', problem: expect.stringContaining("the field 'code' would be drawn by RJSF's PasswordWidget") }),
    ]);
  });
  it('lets an explicit widget win over the format', () => {
    const schema = { type: 'object', properties: { email: { type: 'string', format: 'email' } } };
    expect(checkRjsfReach(schema, { email: { 'ui:widget': 'text' } }, files)).toEqual([]);
    expect(checkRjsfReach(schema, {}, files)).toEqual([expect.objectContaining({ pointer: '/properties/email/format' })]);
  });
  it('takes the type a branch leaves out from the field it patches, and ignores what only validates', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', not: { anyOf: [{ const: 'x' }] } } }, if: { properties: { a: { const: 'y' } } }, then: { properties: { a: { minLength: 2 } } } };
    expect(checkRjsfReach(schema, {}, files)).toEqual([]);
  });
  it('refuses a $ref left in a built step', () => {
    expect(checkRjsfReach({ type: 'object', properties: { a: { $ref: '#/definitions/a' } } }, {}, files)).toEqual(expect.arrayContaining([expect.objectContaining({ problem: expect.stringContaining("RJSF's CyclicSchemaField") })]));
  });
});
