// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mergePatch } from '../../src/build/mergePatch';
import { resolveVariant, VARIANT_ELEMENT_ID } from '../../src/engine/variant';
import { writtenVariant } from '../../src/app/variant';
import { getPath, setPath } from '../../src/engine/paths';
import { idToPath, pathToId } from '../../src/engine/formContext';
import { autoHyphenDate, filterChars, maskDigits } from '../../widgets/format';

describe('JSON Merge Patch (RFC 7396)', () => {
  it.each([
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [['a', 'b'], ['c', 'd'], ['c', 'd']],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ])('%j + %j = %j', (target, patch, expected) => {
    expect(mergePatch(target as never, patch as never)).toEqual(expected);
  });

  it('does not modify its inputs', () => {
    const target = { a: { b: 1 } };
    mergePatch(target, { a: { b: 2 } });
    expect(target).toEqual({ a: { b: 1 } });
  });
});

describe('list operations in a patch (a partner changes one item, not the whole list)', () => {
  const sections = [{ title: 'A', fields: ['x', 'y'] }, { title: 'B', fields: ['z'] }];
  it('appends, prepends and removes named items, and patches one item by its title', () => {
    expect(mergePatch(['a', 'b', 'c'], { $append: ['d'], $prepend: ['z'], $remove: ['b'] })).toEqual(['z', 'a', 'c', 'd']);
    expect(mergePatch(sections, { $patch: { A: { fields: { $prepend: ['w'] } } } })).toEqual([{ title: 'A', fields: ['w', 'x', 'y'] }, { title: 'B', fields: ['z'] }]);
    expect(mergePatch({ required: ['a'] }, { required: ['b'] })).toEqual({ required: ['b'] }); // a plain list still replaces
  });
  it('names an item the list does not have', () => {
    expect(() => mergePatch(sections, { $patch: { Personal: {} } })).toThrow("$patch names 'Personal', which the list does not have (it has A, B)");
    expect(() => mergePatch(['a'], { $remove: ['b'] })).toThrow("$remove names 'b'");
  });
  it("keeps a change to the standard's list in a partner that patched it", async () => {
    const { stepModules } = await import('../../generated/steps');
    const [standard, aarp] = await Promise.all([stepModules.standard.accountholder(), stepModules.aarp.accountholder()]);
    expect(aarp.schema.required).toEqual([...(standard.schema.required ?? []), 'aarpNum']);
    const titles = (m: typeof standard) => (m.uiSchema['ui:options']!.sections as { title?: string }[]).map((s) => s.title);
    expect(titles(aarp)).toEqual(titles(standard));
  });
});

describe('variant resolution from the page address', () => {
  const variants = [
    { id: 'standard', fallback: true, match: {} },
    { id: 'aarp', match: { hostLabels: ['aarp'] } },
    { id: 'oc', match: { hostLabels: ['oc'] } },
  ];
  it.each([
    ['http://127.0.0.1:8080/enrollment', 'standard'],
    ['http://aarp.localhost:8080/enrollment', 'aarp'],
    ['https://HSA.AARP.example.com/enrollment', 'aarp'],
    ['aarp.localhost:8080', 'aarp'],
    // A host label, not a piece of the address: 'oc' does not capture localhost, nor 'aarp' a path or a longer label.
    ['http://localhost:8080/enrollment', 'standard'],
    ['https://hsa.example.com/AARP/enrollment', 'standard'],
    ['https://aarpx.example.com/enrollment', 'standard'],
    ['not a url', 'standard'],
    ['https://hsa.example.com/enrollment?x=1', 'standard'],
    // The query string and fragment never choose a variant (the server picks the variant by the same rule).
    ['https://hsa.example.com/enrollment?ref=aarp-newsletter', 'standard'],
    ['https://hsa.example.com/api/v1/enrollment/enroll?aarp', 'standard'],
    ['https://hsa.example.com/enrollment#aarp', 'standard'],
  ])('%s -> %s', (href, id) => {
    expect(resolveVariant(href, variants).id).toBe(id);
  });
  it('refuses a variant list without a fallback', () => {
    expect(() => resolveVariant('http://x/', [{ id: 'a', match: { hostLabels: ['zz'] } }])).toThrow(/fallback/);
  });
  it('reads, in the built client, the settings the server wrote into the page', () => {
    const settings = { id: 'aarp', match: { hostLabels: ['aarp'] }, brand: { bankName: 'B <i>' } };
    const page = { getElementById: (id: string) => (id === VARIANT_ELEMENT_ID ? { textContent: JSON.stringify(settings).replace(/</g, '\\u003c') } : null) };
    expect(writtenVariant(page as unknown as Document)).toEqual(settings);
  });
});

describe('paths and field ids', () => {
  it('reads and writes dotted paths without mutation', () => {
    const data = { group: { id: 'A' } };
    const next = setPath(data, 'group.name', 'Acme');
    expect(next).toEqual({ group: { id: 'A', name: 'Acme' } });
    expect(data).toEqual({ group: { id: 'A' } });
    expect(getPath(next, 'group.name')).toBe('Acme');
    expect(getPath(next, 'missing.x')).toBeUndefined();
  });
  it('maps RJSF ids to paths and back', () => {
    expect(idToPath('root_homeAddress_zip')).toBe('homeAddress.zip');
    expect(pathToId('homeAddress.zip')).toBe('root_homeAddress_zip');
  });
});

describe('keystroke filters and formats', () => {
  it('keeps only allowed characters', () => {
    expect(filterChars("O'Brien-Smith 3", '[A-Za-z -]')).toBe('OBrien-Smith ');
    expect(filterChars('ab12', undefined)).toBe('ab12');
  });
  it.each([
    ['5', '5'],
    ['5555', '555-5'],
    ['5555555555', '555-555-5555'],
    ['555-555-55559', '555-555-5555'],
  ])('phone %s -> %s', (typed, shown) => expect(maskDigits(typed, '999-999-9999')).toBe(shown));
  it.each([
    ['04', '04'],
    ['0415', '04-15'],
    ['04151958', '04-15-1958'],
    ['04-151958', '04-15-1958'],
    ['04-15-19589', '04-15-1958'],
    ['4/5/1958', '4/5/1958'],
    ['4-5-1958', '4-5-1958'],
  ])('date %s -> %s', (typed, shown) => expect(autoHyphenDate(typed)).toBe(shown));
  it('formats SSNs and member numbers', () => {
    expect(maskDigits('123456789', '999-99-9999')).toBe('123-45-6789');
    expect(maskDigits('1234567890', '999-999-999-9')).toBe('123-456-789-0');
  });
});
