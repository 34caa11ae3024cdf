/**
 * npm run variant:new <name> [-- --title "…" --phone 1-800-555-0100]: a new partner folder under variants/ that
 * passes the build's checks and runs with no code change. It starts from the standard variant's data (links,
 * documents, fee schedule) with the partner's own id, host label, title and phone, an empty messages.json, and a
 * schemas/ folder for its patches of the standard step schemas (README, 'Adding a partner').
 */
import { languagesOf } from './languages';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

export interface NewVariant {
  name: string;
  title?: string;
  phone?: string;
}

/** Writes variants/<name>/ (or under `dir`) and returns the folder. Refuses a bad name or an existing folder. */
export function scaffoldVariant({ name, title, phone }: NewVariant, dir = join(root, 'variants')): string {
  if (!/^[a-z][a-z0-9-]{1,30}$/.test(name)) throw new Error(`'${name}': a partner's name is 2 to 31 lower-case letters, digits or dashes, starting with a letter (it is also its host label)`);
  const folder = join(dir, name);
  if (existsSync(folder)) throw new Error(`${relative(root, folder)} exists already: choose another name`);
  const standard = JSON.parse(readFileSync(join(root, 'variants/standard/variant.json'), 'utf8')) as Record<string, unknown>;
  const { fallback: _fallback, ...rest } = standard;
  const variant = {
    ...rest,
    $schema: relative(folder, join(root, 'variants/variant.schema.json')),
    id: name,
    match: { hostLabels: [name] },
    brand: { ...(standard.brand as Record<string, string>), logo: 'logo.svg' },
    helpPhone: phone ?? (standard.helpPhone as string),
    vettingUrl: `/vetting/${name}`,
  };
  mkdirSync(join(folder, 'schemas'), { recursive: true });
  writeFileSync(join(folder, 'variant.json'), `${JSON.stringify(variant, null, 2)}\n`);
  writeFileSync(join(folder, 'messages.json'), '{}\n');
  // The partner's title and logo words, in every language (a name reads the same in each; reword as needed).
  const site = { site: { title: title ?? `${name} HSA Enrollment`, logo: title ?? `${name} HSA` } };
  writeFileSync(join(folder, 'text.json'), `${JSON.stringify(site, null, 2)}\n`);
  for (const language of languagesOf(join(root, 'schemas')).slice(1)) {
    mkdirSync(join(folder, language), { recursive: true });
    writeFileSync(join(folder, language, 'text.json'), `${JSON.stringify(site, null, 2)}\n`);
  }
  // A placeholder logo (replace logo.svg with the partner's own, about 40 px high).
  writeFileSync(
    join(folder, 'logo.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><rect width="160" height="40" rx="4" fill="#1d4f91"/><text x="80" y="26" fill="#fff" font-family="sans-serif" font-size="16" text-anchor="middle">${name}</text></svg>\n`,
  );
  return folder;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [name, ...args] = process.argv.slice(2);
  const option = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  try {
    const folder = scaffoldVariant({ name: name ?? '', title: option('--title'), phone: option('--phone') });
    console.log(`Created ${relative(process.cwd(), folder)}. Edit its variant.json, run npm run check, then open http://${name}.localhost:8080/enrollment after npm run build.`);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
