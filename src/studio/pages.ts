/** What the studio shows of a partner's page words and fee amounts (issue 24): each sentence of a section of
 *  text.json (the welcome page's, the fee schedule's…) in every language, and each amount of fees.json, with where
 *  a careful person would change it: the standard partner's in the standard files (schemas/text.json,
 *  schemas/<lang>/text.json, schemas/fees.json), another partner's in its own patch of them (variants/<p>/text.json,
 *  variants/<p>/<lang>/text.json, variants/<p>/fees.json), which the build merges over the standard ones. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergePatch, type Json } from '../build/mergePatch';
import { folderOf, languagesIn, partnersOf, type Place } from './fields';

type Obj = { [key: string]: Json };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const read = (file: string): Json => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Json) : {});

/** A sentence, or a list of them (a list is written whole: a patch replaces a list, never one of its items). */
export type Said = string | string[];

export interface PageText {
  /** Its key in the section: lead, before… */
  key: string;
  /** What the partner's page says, in each language (English first), as the build merges it. */
  said: Record<string, Said>;
  /** Where each language's words are changed for this partner. */
  places: Record<string, Place>;
}

export interface FeeAmount {
  key: string;
  value: string;
  place: Place;
}

/** The sections of text.json an analyst edits, in the order a person meets them (the editor's hint left out). */
export function sectionsIn(root: string): string[] {
  const text = read(join(root, 'schemas/text.json')) as Obj;
  return Object.keys(text).filter((k) => isObj(text[k]));
}

const isSaid = (v: Json): v is Said => typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));

export function pageTexts(root: string, partner: string, section: string): PageText[] {
  const fallback = partnersOf(root).find((p) => p.id === partner)?.fallback === true;
  const folder = folderOf(root, partner);
  const languages = languagesIn(root);
  const fileOf = (lang: string) => {
    const inLanguage = lang === languages[0] ? '' : `${lang}/`;
    return fallback ? `schemas/${inLanguage}text.json` : `${folder}/${inLanguage}text.json`;
  };
  const merged = Object.fromEntries(
    languages.map((lang) => {
      const standard = read(join(root, 'schemas', lang === languages[0] ? '' : lang, 'text.json'));
      return [lang, ((fallback ? standard : mergePatch(standard, read(join(root, fileOf(lang))))) as Obj)[section]];
    }),
  );
  const english = merged[languages[0]];
  if (!isObj(english)) throw new Error(`text.json has no section '${section}'.`);
  return Object.entries(english)
    .filter((entry): entry is [string, Said] => isSaid(entry[1]))
    .map(([key]) => ({
      key,
      said: Object.fromEntries(languages.map((lang) => [lang, isObj(merged[lang]) && isSaid(merged[lang][key]) ? merged[lang][key] : ''])),
      places: Object.fromEntries(languages.map((lang) => [lang, { file: fileOf(lang), path: [section, key] }])),
    }));
}

export function feeAmounts(root: string, partner: string): FeeAmount[] {
  const fallback = partnersOf(root).find((p) => p.id === partner)?.fallback === true;
  const file = fallback ? 'schemas/fees.json' : `${folderOf(root, partner)}/fees.json`;
  const fees = (fallback ? read(join(root, file)) : mergePatch(read(join(root, 'schemas/fees.json')), read(join(root, file)))) as Obj;
  return Object.entries(fees)
    .filter((entry): entry is [string, string] => !entry[0].startsWith('$') && typeof entry[1] === 'string')
    .map(([key, value]) => ({ key, value, place: { file, path: [key] } }));
}

export interface Colour {
  /** Its name in variant.json and the stylesheet's custom property: brand, brand-dark. */
  name: string;
  /** The partner's, else the site's own (the stylesheet's). */
  value: string;
  place: Place;
}

/** The partner's colours, each a property of variants/variant.schema.json's brand.colors, in the partner's
 *  variant.json; one it does not set shows the stylesheet's. */
export function coloursOf(root: string, code: string, partner: string): Colour[] {
  const file = `${folderOf(root, partner)}/variant.json`;
  const own = ((read(join(root, file)) as { brand?: { colors?: Record<string, string> } }).brand?.colors ?? {}) as Record<string, string>;
  const schema = read(join(root, 'variants/variant.schema.json')) as { properties: { brand: { properties: { colors: { properties: Obj } } } } };
  const colors = schema.properties.brand.properties.colors;
  const stylesheet = readFileSync(join(code, 'src/app/styles.css'), 'utf8');
  return Object.keys(colors.properties).map((name) => ({
    name,
    value: own[name] ?? new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})`).exec(stylesheet)?.[1] ?? '#000000',
    place: { file, path: ['brand', 'colors', name] },
  }));
}
