// @vitest-environment node
/** The build's schema work: shared definitions, message templates, masks, lifted uiSchema, the derived wire schema. */
import { describe, expect, it } from 'vitest';
import { buildStepSchema, deriveWire, liftUi, maskPattern } from '../../src/build/schemaBuild';
import { isoFormats } from '../../src/domain/formats';

const definitions = {
  name: { type: 'string', maxLength: 18, pattern: '^[A-Za-z]+$', errorMessage: { maxLength: 'No more than {limit} chars allowed.', pattern: 'Letters only.' }, 'x-ui': { 'ui:options': { allowedChars: '[A-Za-z]' } } },
  ssn: { type: 'string', 'x-mask': '999-99-9999', errorMessage: { pattern: 'Use {x-mask}' } },
  date: { type: 'string', format: 'mdy-date', 'x-wire': 'isoDate' },
};

describe('building a step schema', () => {
  it('inlines a definition, patched by the keywords beside its $ref, and fills {limit} from the final rule', () => {
    const built = buildStepSchema({ properties: { first: { $ref: 'definitions.schema.json#/definitions/name', title: 'First', maxLength: 22 } } }, definitions, 'test');
    expect(built.properties).toEqual({ first: expect.objectContaining({ title: 'First', maxLength: 22, pattern: '^[A-Za-z]+$', errorMessage: { maxLength: 'No more than 22 chars allowed.', pattern: 'Letters only.' } }) });
  });
  it('removes a keyword and its message with null (RFC 7396)', () => {
    const built = buildStepSchema({ properties: { sig: { $ref: '#/definitions/name', pattern: null, errorMessage: { pattern: null } } } }, definitions, 'test') as { properties: { sig: Record<string, unknown> } };
    expect(built.properties.sig.pattern).toBeUndefined();
    expect(built.properties.sig.errorMessage).toEqual({ maxLength: 'No more than 18 chars allowed.' });
  });
  it('makes the pattern and maxLength of a mask', () => {
    expect(maskPattern('999-99-9999')).toBe('^\\d{3}-\\d{2}-\\d{4}$');
    expect(maskPattern('999-99-9999', true)).toBe('^\\d{9}$');
    const built = buildStepSchema({ properties: { ssn: { $ref: '#/definitions/ssn' } } }, definitions, 'test') as { properties: { ssn: Record<string, unknown> } };
    expect(built.properties.ssn).toMatchObject({ pattern: '^\\d{3}-\\d{2}-\\d{4}$', maxLength: 11, errorMessage: { pattern: 'Use 999-99-9999' } });
  });
  it.each([
    [{ properties: { a: { $ref: '#/definitions/nope' } } }, "test: $ref '#/definitions/nope' names no definition in schemas/definitions.schema.json"],
    [{ properties: { a: { $ref: '#/definitions/ssn', pattern: 'x' } } }, 'test: a field with x-mask takes its pattern from the mask; put other patterns under allOf'],
    [{ properties: { a: { type: 'string', errorMessage: { pattern: 'At most {limit}' } } } }, "test: message 'At most {limit}' uses {limit}, but its schema has no pattern"],
  ])('refuses %j with a clear error', (schema, message) => expect(() => buildStepSchema(schema, definitions, 'test')).toThrow(message));
});

describe('lifting x-ui into the uiSchema', () => {
  it("puts a field's defaults at its place; the step's uiSchema wins; {keyword} in help comes from the schema", () => {
    const built = buildStepSchema({ properties: { first: { $ref: '#/definitions/name' }, ssn: { $ref: '#/definitions/ssn' } } }, definitions, 'test');
    const { schema, uiSchema } = liftUi(built, { first: { 'ui:options': { allowedChars: '[A-Z]' } }, ssn: { 'ui:help': 'Format: {x-mask}' } });
    expect(uiSchema).toEqual({ first: { 'ui:options': { allowedChars: '[A-Z]' } }, ssn: { 'ui:help': 'Format: 999-99-9999' } });
    expect(JSON.stringify(schema)).not.toContain('x-ui');
  });
});

describe('the derived wire schema', () => {
  const step = buildStepSchema(
    { type: 'object', required: ['ssn', 'captcha'], properties: { ssn: { $ref: '#/definitions/ssn' }, dob: { $ref: '#/definitions/date' }, captcha: { type: 'boolean', 'x-wire': 'omit' } } },
    definitions,
    'test',
  );
  const { schema, transforms } = deriveWire([step], isoFormats, 'Unknown field.');
  it('sends masks as digits and dates as ISO, leaves form-only fields out, and says which transform each field takes', () => {
    const part = (schema.allOf as { properties: Record<string, Record<string, unknown>>; required: string[] }[])[1];
    expect(part.properties.ssn).toMatchObject({ pattern: '^\\d{9}$', maxLength: 9 });
    expect(part.properties.ssn['x-mask']).toBeUndefined();
    expect(part.properties.dob.format).toBe('iso-date');
    expect(part.properties.captcha).toBeUndefined();
    expect(part.required).toEqual(['ssn']);
    expect(transforms).toEqual({ ssn: 'digits', dob: 'isoDate', captcha: 'omit' });
  });
  it('closes the payload to fields no step declares', () => {
    expect((schema.allOf as unknown[])[0]).toEqual({ properties: { ssn: {}, dob: {} }, additionalProperties: false, errorMessage: { additionalProperties: 'Unknown field.' } });
  });
});
