// @vitest-environment node
/** npm run rules covers every field of every step and variant, for the browser and for the server. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { html, rulesReport } from '../../scripts/rules-report';
import { languages, variants } from '../../generated/index';

type Node = { [k: string]: unknown };
/** Every field a schema declares anywhere (properties at any depth, in branches and parts), by dotted path. */
function fieldsOf(node: unknown, path = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => fieldsOf(n, path, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node as Node)) {
      if (k === 'properties' && v && typeof v === 'object') {
        for (const [name, child] of Object.entries(v as Node)) {
          const field = path ? `${path}.${name}` : name;
          const c = child as Node;
          if (c.type === 'object' || c.properties || c.required) fieldsOf(c, field, out);
          else out.add(field);
        }
      } else if (!['if', 'not', 'errorMessage'].includes(k)) fieldsOf(v, path, out);
    }
  }
  return out;
}

describe('the rules report', () => {
  const tables = rulesReport();
  const titleOf = (variant: string, language: string, step: string) =>
    (JSON.parse(readFileSync(`generated/${variant}/${language}/words.json`, 'utf8')) as { steps: { id: string; title: string }[] }).steps.find((s) => s.id === step)!.title;
  it.each(variants.flatMap((v) => languages.flatMap((l) => v.steps.filter((s) => s.schema).map((s) => [v.id, l, s.id] as const))))('%s (%s) %s lists every field', (variant, language, step) => {
    const { schema } = JSON.parse(readFileSync(`generated/${variant}/${step}.json`, 'utf8')) as { schema: Node };
    const table = tables.find((t) => t.variant === variant && t.language === language && t.title === titleOf(variant, language, step));
    expect(table).toBeDefined();
    expect(table!.rows.map((r) => r.field).sort()).toEqual([...fieldsOf(schema)].sort());
  });

  it("lists the server's wire payload of each variant, with the partner's own field", () => {
    const wire = tables.find((t) => t.variant === 'aarp' && t.language === 'en' && t.title.startsWith('The server'));
    expect(wire?.rows.find((r) => r.field === 'aarpNum')).toMatchObject({ whenMissing: 'AARP number is required.', limits: expect.stringContaining('pattern `^\\d{10}$`') });
  });

  it('gives each rule its message, and the step 4 fields one by one', () => {
    const terms = tables.find((t) => t.variant === 'standard' && t.language === 'en' && t.title.startsWith('Step 4'))!;
    expect(terms.rows.find((r) => r.field === 'tos.firstName')).toMatchObject({ whenMissing: "Must match applicant's First Name.", messages: expect.arrayContaining(["sameText: Must match applicant's First Name."]) });
  });

  it('renders as an HTML page an analyst can open', () => {
    const page = html(tables);
    expect(page).toMatch(/^<!doctype html><html lang="en">/);
    expect(page).toContain('<th scope="row">homeAddress.line1</th>');
    expect(page).toContain('P.O. box not allowed.');
  });

  it('lists every language, each rule in its own words', () => {
    const words = JSON.parse(readFileSync('schemas/es/translations.json', 'utf8')) as Record<string, string>;
    const terms = tables.find((t) => t.variant === 'standard' && t.language === 'es' && t.title === titleOf('standard', 'es', 'terms'))!;
    expect(terms.rows.find((r) => r.field === 'tos.firstName')?.whenMissing).toBe(words["Must match applicant's First Name."]);
    expect(html(tables)).toContain('standard (es)');
  });
});
