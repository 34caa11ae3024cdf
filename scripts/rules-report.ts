/** npm run rules: every field's limits and messages, per variant and step, as Markdown tables for review.
 *  Reads the merged schemas the build wrote under generated/ (run the build or the compile step first). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { variants } from '../generated/index';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; errorMessage?: unknown; allOf?: Schema[]; then?: Schema; required?: string[] };

const messages = (s: Schema): string[] => {
  const own = s.errorMessage;
  const list = typeof own === 'string' ? [own] : own && typeof own === 'object' ? Object.entries(own as Record<string, unknown>).filter(([k]) => k !== 'required').map(([k, v]) => `${k}: ${String(v)}`) : [];
  return [...list, ...(s.allOf ?? []).flatMap(messages)];
};

const limits = (s: Schema): string =>
  [
    s.maxLength !== undefined && `max ${s.maxLength}`,
    s.minLength !== undefined && `min ${s.minLength}`,
    s.pattern && `pattern \`${s.pattern}\``,
    s.format && `format ${s.format}`,
    s['x-mask'] && `typed as ${s['x-mask']}`,
    s.minAge !== undefined && `age at least ${s.minAge}`,
    s.maxAge !== undefined && `age at most ${s.maxAge}`,
    s.withinMonths !== undefined && `within ${s.withinMonths} months of today`,
    s.sameText && `same as ${(s.sameText as { $data: string }).$data}`,
    ...(s.allOf ?? []).map((a) => limits(a)).filter(Boolean),
  ]
    .filter(Boolean)
    .join('; ');

function rows(s: Schema, path: string, out: string[]): void {
  const requiredMessages = ((s.errorMessage as { required?: Record<string, string> } | undefined)?.required ?? {}) as Record<string, string>;
  const props = { ...(s.properties ?? {}), ...(s.then?.properties ?? {}) };
  for (const [name, child] of Object.entries(props)) {
    const p = path ? `${path}.${name}` : name;
    if (child.type === 'object' || child.properties) rows(child, p, out);
    else out.push(`| ${p} | ${String(child.title ?? '')} | ${requiredMessages[name] ?? (s.required?.includes(name) ? 'required' : '')} | ${limits(child)} | ${messages(child).join('<br>')} |`);
  }
  for (const branch of s.allOf ?? []) if (branch.then) rows(branch.then, path, out);
}

for (const v of variants) {
  for (const step of v.steps.filter((st) => st.schema)) {
    const file = join('generated', v.id, `${step.id}.json`);
    if (!existsSync(file)) continue;
    const { schema } = JSON.parse(readFileSync(file, 'utf8')) as { schema: Schema };
    const out: string[] = [];
    rows(schema, '', out);
    console.log(`\n## ${v.id}: ${step.title}\n\n| field | label | when missing | limits | messages |\n| --- | --- | --- | --- | --- |\n${out.join('\n')}`);
  }
}
