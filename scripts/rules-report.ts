/** npm run rules: every field of every step and variant, with its limits, patterns and messages, as the browser and
 *  the server apply them (the server's wire form last), as tables in the terminal; `npm run rules -- --html FILE`
 *  writes the same as an HTML page to open. Reads what the build wrote under generated/ (run the build first). */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { languages, variants } from '../generated/index';
import { translateJson } from '../src/engine/localize';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; errorMessage?: unknown; allOf?: Schema[]; then?: Schema; else?: Schema; required?: string[] };

export interface RuleRow {
  field: string;
  label: string;
  whenMissing: string;
  limits: string;
  messages: string[];
}

export interface RuleTable {
  variant: string;
  language: string;
  title: string;
  rows: RuleRow[];
}

const messagesOf = (s: Schema): string[] => {
  const own = s.errorMessage;
  const list = typeof own === 'string' ? [own] : own && typeof own === 'object' ? Object.entries(own as Record<string, unknown>).filter(([k]) => k !== 'required' && typeof (own as Record<string, unknown>)[k] === 'string').map(([k, v]) => `${k}: ${String(v)}`) : [];
  return [...new Set([...list, ...(s.allOf ?? []).flatMap(messagesOf)])];
};

const limitsOf = (s: Schema): string =>
  [
    s.maxLength !== undefined && `max ${s.maxLength}`,
    s.minLength !== undefined && `min ${s.minLength}`,
    s.pattern && `pattern \`${s.pattern}\``,
    s.format && `format ${s.format}`,
    s['x-mask'] && `typed as ${s['x-mask']}`,
    s.minAge !== undefined && `age at least ${s.minAge}`,
    s.maxAge !== undefined && `age at most ${s.maxAge}`,
    s.withinMonths !== undefined && `within ${s.withinMonths} months of today`,
    Array.isArray(s.enum) && `one of ${(s.enum as unknown[]).length} choices`,
    s.const !== undefined && `must be ${JSON.stringify(s.const)}`,
    s.sameText && `same as ${(s.sameText as { $data: string }).$data}`,
    s.not && 'not a forbidden value',
    ...(s.allOf ?? []).map((a) => limitsOf(a)).filter(Boolean),
  ]
    .filter(Boolean)
    .join('; ');

/** The rows of an object schema: its properties, those of its branches and parts, nested objects by their paths. */
function collect(s: Schema, path: string, rows: Map<string, RuleRow>): void {
  const requiredMessages = ((s.errorMessage as { required?: Record<string, string> } | undefined)?.required ?? {}) as Record<string, string>;
  for (const [name, child] of Object.entries(s.properties ?? {})) {
    const field = path ? `${path}.${name}` : name;
    if (child.type === 'object' || child.properties || child.required) {
      collect(child, field, rows);
      continue;
    }
    const row = rows.get(field) ?? { field, label: String(child.title ?? ''), whenMissing: '', limits: '', messages: [] };
    row.label ||= String(child.title ?? '');
    row.limits = [row.limits, limitsOf(child)].filter(Boolean).join('; ');
    row.messages = [...new Set([...row.messages, ...messagesOf(child)])];
    rows.set(field, row);
  }
  for (const name of s.required ?? []) {
    const field = path ? `${path}.${name}` : name;
    const row = rows.get(field);
    if (row) row.whenMissing = requiredMessages[name] ?? (row.whenMissing || 'required');
  }
  for (const part of [s.then, s.else, ...(s.allOf ?? [])]) if (part) collect(part, path, rows);
}

export function rulesReport(): RuleTable[] {
  const tables: RuleTable[] = [];
  for (const v of variants) {
    for (const language of languages) {
      const built = join('generated', v.id);
      const dir = join(built, language);
      const copyFile = join(dir, 'words.json');
      const titles = existsSync(copyFile) ? (JSON.parse(readFileSync(copyFile, 'utf8')) as { steps: { id: string; title: string }[] }).steps : [];
      // The schemas are built in English; a language's words are their translations, by the English.
      const tableFile = join(dir, 'translations.json');
      const table = existsSync(tableFile) ? (JSON.parse(readFileSync(tableFile, 'utf8')) as Record<string, string>) : {};
      // Every string the table translates (its words and messages), by the page's own walk.
      const read = (file: string): Schema => translateJson(JSON.parse(readFileSync(file, 'utf8')).schema, (english) => table[english] ?? english, true) as Schema;
      for (const step of v.steps.filter((st) => st.schema)) {
        const file = join(built, `${step.id}.json`);
        if (!existsSync(file)) continue;
        const rows = new Map<string, RuleRow>();
        collect(read(file), '', rows);
        tables.push({ variant: v.id, language, title: titles.find((t) => t.id === step.id)?.title ?? step.id, rows: [...rows.values()] });
      }
      const wireFile = join(built, 'wire.json');
      if (existsSync(wireFile)) {
        const rows = new Map<string, RuleRow>();
        const wire = read(wireFile);
        for (const part of (wire.allOf ?? []).slice(1)) collect(part, '', rows);
        tables.push({ variant: v.id, language, title: 'The server: the enrollment as sent (wire payload)', rows: [...rows.values()] });
      }
    }
  }
  return tables;
}

const cell = (s: string) => s.replace(/\|/g, '\\|');
const markdown = (tables: RuleTable[]) =>
  tables
    .map((t) => `\n## ${t.variant} (${t.language}): ${t.title}\n\n| field | label | when missing | limits | messages |\n| --- | --- | --- | --- | --- |\n${t.rows.map((r) => `| ${r.field} | ${cell(r.label)} | ${cell(r.whenMissing)} | ${cell(r.limits)} | ${r.messages.map(cell).join('<br>')} |`).join('\n')}`)
    .join('\n');

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export const html = (tables: RuleTable[]) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>Rules report</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;margin-bottom:2rem}th,td{border:1px solid #bbb;padding:.3rem .5rem;vertical-align:top;text-align:left}th{background:#eef}</style>
<h1>Rules report</h1>
${tables
  .map(
    (t) => `<h2>${escapeHtml(`${t.variant} (${t.language}): ${t.title}`)}</h2>
<table><thead><tr><th scope="col">field</th><th scope="col">label</th><th scope="col">when missing</th><th scope="col">limits</th><th scope="col">messages</th></tr></thead><tbody>
${t.rows.map((r) => `<tr><th scope="row">${escapeHtml(r.field)}</th><td>${escapeHtml(r.label)}</td><td>${escapeHtml(r.whenMissing)}</td><td>${escapeHtml(r.limits)}</td><td>${r.messages.map(escapeHtml).join('<br>')}</td></tr>`).join('\n')}
</tbody></table>`,
  )
  .join('\n')}
</html>
`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const tables = rulesReport();
  const at = process.argv.indexOf('--html');
  if (at > 0 && process.argv[at + 1]) {
    writeFileSync(process.argv[at + 1], html(tables));
    console.log(`wrote ${process.argv[at + 1]}`);
  } else console.log(markdown(tables));
}
