// @vitest-environment node
/** A language is data: the build's checks of a translation (scripts/languages.ts) name the file and the key. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { changedTexts, shapeProblems, translateWords } from '../../scripts/languages';
import { describeProblem } from '../../scripts/check-config';
import { pickLanguage } from '../../src/domain/language';

const english = { site: { title: 'Enrollment', skip: 'Skip' }, list: ['one', 'two'] };

describe('a translation checked against the English', () => {
  it('accepts the same keys and list lengths', () => expect(shapeProblems(english, { site: { title: 'Inscripción', skip: 'Saltar' }, list: ['uno', 'dos'] }, 'es.json')).toEqual([]));

  it('names a missing key, an extra key, an empty text and a list of another length', () => {
    const problems = shapeProblems(english, { site: { title: ' ', tittle: 'x' }, list: ['uno'] }, 'schemas/es/text.json').map(describeProblem);
    expect(problems).toEqual([
      'schemas/es/text.json: /site/skip: has no translation. Add it (the English is "Skip")',
      'schemas/es/text.json: /site/tittle: is not a key of the English. Correct the key or remove it',
      'schemas/es/text.json: /site/title: has no translation. Add it (the English is "Enrollment")',
      'schemas/es/text.json: /list: has 1 items where the English has 2. Translate each item of the English list, in its order',
    ]);
  });

  it("finds what a partner reworded, each needing its own translation", () => {
    expect(changedTexts(english, { ...english, site: { ...english.site, title: 'Acme' } })).toEqual(['/site/title']);
    expect(changedTexts(english, english)).toEqual([]);
  });

  it('translates the words a person reads, by their English, and nothing else', () => {
    const missing = new Set<string>();
    const schema = { title: 'First name', pattern: '^[A-Za-z]+$', properties: { title: { title: 'Title', enum: ['Mr'] } }, errorMessage: { pattern: 'Letters only.' }, 'ui:options': { notice: ['Read this.'] } };
    const out = translateWords(schema, { 'First name': 'Nombre', Title: 'Título', 'Letters only.': 'Solo letras.' }, missing);
    expect(out).toEqual({ title: 'Nombre', pattern: '^[A-Za-z]+$', properties: { title: { title: 'Título', enum: ['Mr'] } }, errorMessage: { pattern: 'Solo letras.' }, 'ui:options': { notice: ['Read this.'] } });
    expect([...missing]).toEqual(['Read this.']);
  });

  it('holds the whole of the shipped Spanish: every text and message key of the English', () => {
    const read = (f: string) => JSON.parse(readFileSync(f, 'utf8'));
    expect(shapeProblems(read('schemas/text.json'), read('schemas/es/text.json'), 'schemas/es/text.json')).toEqual([]);
    expect(shapeProblems(read('schemas/messages.json'), read('schemas/es/messages.json'), 'schemas/es/messages.json')).toEqual([]);
  });
});

describe("a page's language, one rule for the server and the browser", () => {
  const site = ['en', 'es'];
  it('takes the first candidate the site has, by its two-letter language', () => {
    expect(pickLanguage([undefined, 'fr', ' ES-mx', 'en'], site)).toBe('es');
    expect(pickLanguage(['en-US', 'es'], site)).toBe('en');
  });
  it("falls back to the site's first language", () => expect(pickLanguage([null, 42, 'de'], site)).toBe('en'));
});
