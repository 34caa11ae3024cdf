// @vitest-environment node
/** What the studio shows of a partner's pages (src/studio/pages.ts): the words and amounts as the build merges them,
 *  each with the file a careful person would change for that partner. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coloursOf, feeAmounts, pageTexts, sectionsIn } from '../../src/studio/pages';

const root = process.cwd();
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;

describe("a partner's page words", () => {
  it('lists the sections of text.json, the editor hint left out', () => {
    expect(sectionsIn(root)).toEqual(expect.arrayContaining(['welcome', 'feeSchedule', 'site']));
    expect(sectionsIn(root).some((s) => s.startsWith('$'))).toBe(false);
  });

  it("gives the standard partner's words from, and to, the standard files in each language", () => {
    const lead = pageTexts(root, 'standard', 'welcome').find((t) => t.key === 'lead')!;
    expect(lead.said).toEqual({ en: json('schemas/text.json').welcome.lead, es: json('schemas/es/text.json').welcome.lead });
    expect(lead.places).toEqual({ en: { file: 'schemas/text.json', path: ['welcome', 'lead'] }, es: { file: 'schemas/es/text.json', path: ['welcome', 'lead'] } });
  });

  it("gives another partner's words as its patch makes them, and changes them in its own files", () => {
    const texts = pageTexts(root, 'aarp', 'welcome');
    const marketing = texts.find((t) => t.key === 'marketing')!;
    expect(marketing.said.en).toEqual(json('variants/aarp/text.json').welcome.marketing);
    expect(marketing.said.es).toEqual(json('variants/aarp/es/text.json').welcome.marketing);
    const lead = texts.find((t) => t.key === 'lead')!;
    expect(lead.said.en).toBe(json('schemas/text.json').welcome.lead);
    expect(lead.places).toEqual({ en: { file: 'variants/aarp/text.json', path: ['welcome', 'lead'] }, es: { file: 'variants/aarp/es/text.json', path: ['welcome', 'lead'] } });
  });

  it("gives each fee amount, in the partner's own fees.json", () => {
    const standard = json('schemas/fees.json');
    expect(feeAmounts(root, 'standard').find((f) => f.key === 'atm')).toEqual({ key: 'atm', value: standard.atm, place: { file: 'schemas/fees.json', path: ['atm'] } });
    expect(feeAmounts(root, 'aarp').find((f) => f.key === 'atm')?.place).toEqual({ file: 'variants/aarp/fees.json', path: ['atm'] });
    expect(feeAmounts(root, 'aarp').some((f) => f.key.startsWith('$'))).toBe(false);
  });

  it("gives the partner's colours, or the stylesheet's where it sets none", () => {
    expect(coloursOf(root, root, 'aarp').map((c) => [c.name, c.value])).toEqual([
      ['brand', '#b3122b'],
      ['brand-dark', '#7d0c1e'],
    ]);
    const css = readFileSync('src/app/styles.css', 'utf8');
    expect(coloursOf(root, root, 'standard').map((c) => c.value)).toEqual([/--brand:\s*(#\w+)/.exec(css)![1], /--brand-dark:\s*(#\w+)/.exec(css)![1]]);
    expect(coloursOf(root, root, 'standard')[0].place).toEqual({ file: 'variants/standard/variant.json', path: ['brand', 'colors', 'brand'] });
  });
});
