// @vitest-environment node
/**
 * One home per rule: a limit, pattern, list or message lives in one schema file, never in TypeScript. These scans
 * fail when a rule is written again where an analyst's edit would not reach it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const files = (dir: string, ext: RegExp): string[] =>
  readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(root, path)).isDirectory() ? files(path, ext) : ext.test(name) ? [path] : [];
  });

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };
/** Every value of `keyword` in a JSON document, with where it stands. */
function valuesOf(json: Json, keyword: string, at = ''): { at: string; value: Json }[] {
  if (Array.isArray(json)) return json.flatMap((v, i) => valuesOf(v, keyword, `${at}/${i}`));
  if (json === null || typeof json !== 'object') return [];
  return Object.entries(json).flatMap(([k, v]) => [...(k === keyword ? [{ at: `${at}/${k}`, value: v }] : []), ...valuesOf(v, keyword, `${at}/${k}`)]);
}

const schemaFiles = [...files('schemas', /\.json$/), ...files('variants', /\.json$/)];
const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as Json;

/** Every message an applicant can read from the schemas: ajv-errors messages and the keyed messages. */
const messages = new Set<string>([
  ...schemaFiles.flatMap((f) => valuesOf(read(f), 'errorMessage').flatMap(({ value }) => flatStrings(value))),
  ...Object.values(read('schemas/messages.json') as Record<string, string>),
].filter((m): m is string => typeof m === 'string' && m.length > 10 && !m.includes('{')));
function flatStrings(v: Json): string[] {
  if (typeof v === 'string') return [v];
  if (v && typeof v === 'object') return Object.values(v).flatMap(flatStrings);
  return [];
}

// The named formats' own definitions (what 'mdy-date' means) are the one place their shapes are written.
const FORMAT_HOMES = ['src/domain/dates.ts', 'src/domain/formats.ts', 'src/build/schemaBuild.ts'];
// A line may say why a literal is not a field rule: `rule-scan: <why>` on it or the line before.
const ALLOWED = /rule-scan: \S/;
/** Regular expressions or limits of the kind field rules are made of. */
const RULE_LITERAL = /\\d\{\d|\[A-Za-z|\[0-9\]\{|\b(maxLength|minLength|maximum|minimum): ?\d/;

const sources = [...files('src', /\.tsx?$/), ...files('widgets', /\.tsx?$/)].filter((f) => !FORMAT_HOMES.includes(f));

describe('one home per rule', () => {
  it('no message of the schemas is written again in src/ or widgets/', () => {
    const found = sources.flatMap((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return [...messages].filter((m) => text.includes(m)).map((m) => `${file}: '${m}'`);
    });
    expect(messages.size).toBeGreaterThan(40);
    expect(found).toEqual([]);
  });

  it('no pattern or limit of a field is written in src/ or widgets/', () => {
    const found = sources.flatMap((file) => {
      const lines = readFileSync(join(root, file), 'utf8').split('\n');
      return lines.flatMap((line, i) => (RULE_LITERAL.test(line) && !ALLOWED.test(line) && !ALLOWED.test(lines[i - 1] ?? '') ? [`${file}:${i + 1}: ${line.trim()}`] : []));
    });
    expect(found).toEqual([]);
  });

  it('the scan finds a rule literal where one is written', () => {
    expect(RULE_LITERAL.test("const SSN = /^\\d{3}-\\d{2}-\\d{4}$/;")).toBe(true);
    expect(RULE_LITERAL.test('firstName: { type: "string", maxLength: 18 }')).toBe(true);
    expect(RULE_LITERAL.test('const digits = (s: string) => s.replace(/\\D/g, "");')).toBe(false);
  });

  // Two rules may coincide (a name and a city take the same characters) within the definitions; a rule restated in
  // another file is a second home.
  it('each pattern and list is written in one schema file', () => {
    const seen = new Map<string, string[]>();
    // The form's files, not the schemas that check the configuration itself (schemas/meta, variant.schema.json).
    for (const file of schemaFiles.filter((f) => !f.startsWith('schemas/meta/') && !f.endsWith('variant.schema.json'))) {
      for (const keyword of ['pattern', 'enum']) {
        for (const { at, value } of valuesOf(read(file), keyword).filter((v) => !v.at.includes('/errorMessage/') && (typeof v.value === 'string' || Array.isArray(v.value)))) {
          const key = `${keyword} ${JSON.stringify(value)}`;
          if (!(seen.get(key) ?? []).some((p) => p.startsWith(`${file}#`))) seen.set(key, [...(seen.get(key) ?? []), `${relative(root, join(root, file))}#${at}`]);
        }
      }
    }
    expect([...seen].filter(([, places]) => places.length > 1)).toEqual([]);
  });
});
