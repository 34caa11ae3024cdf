/**
 * Build step: validates every variant folder, merges its overrides into the standard step schemas and writes
 * precompiled validators plus the merged schemas under generated/. The browser imports only generated code.
 *   Variant folders come from variants/ and, for tests, the extra folders listed in HSA_VARIANT_DIRS (':'-separated).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, relative, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import Ajv from 'ajv';
import ajvErrors from 'ajv-errors';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { _ } from 'ajv';
import { addRules } from '../src/domain/rules';
import { compileValidatorModule, wrapStandalone } from '../src/build/compile';
import { mergePatch, type Json } from '../src/build/mergePatch';
import { buildStepSchema, deriveWire, liftUi, toWireSchema } from '../src/build/schemaBuild';
import { newPairing, pairTranslations } from '../src/build/translations';
import { messageProblem } from '../src/build/message';
import { imageSize, LOGO_FIX, logoProblem } from '../src/build/logoFile';
import { variantFileType } from '../src/build/variantTypes';
import { isoFormats } from '../src/domain/formats';
import { overlappingMatches, type VariantLike } from '../src/engine/variant';
import { changedTexts, DEFAULT_LANGUAGE, languagesOf, shapeProblems, translateWords } from './languages';
import { inputsRecord, RECORD, variantDirsOf } from './buildInputs';
import { pointerOf } from '../src/build/jsonPointer';
import { checkColors, checkMessages, checkPatterns, checkRjsfReach, checkSteps, checkUiSchema, describeProblem, type Problem } from './check-config';

const repoRoot = resolve(import.meta.dirname, '..');
/** The checkout being built: this one, or another's (the studio builds a copy of the files it edits). Set by
 *  compileAll for the length of a build. */
let root = repoRoot;
const readJson = (file: string): Json => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Json;
  } catch (e) {
    throw new Error(`${relative(root, file)}: ${(e as Error).message}`, { cause: e });
  }
};
const readOptional = (file: string): Json => (existsSync(file) ? readJson(file) : {});

interface StepEntry { id: string; route: string; title: string; progressLabel?: string; schema: string | null; kind?: string }

function variantFolders(dirs: string[]): string[] {
  return dirs.flatMap((dir) => readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join(dir, d.name)));
}

/** A variant folder must match variants/variant.schema.json; say which file and field when it does not. */
function loadVariant(folder: string, check: (data: unknown) => boolean, errors: () => string): Record<string, Json> {
  const file = join(folder, 'variant.json');
  if (!existsSync(file)) throw new Error(`${relative(root, folder)}: variant.json is missing`);
  const data = readJson(file) as Record<string, Json>;
  if (!check(data)) throw new Error(`${relative(root, file)}: ${errors()}`);
  const stepsDir = join(folder, 'schemas');
  if (existsSync(stepsDir)) {
    for (const name of readdirSync(stepsDir)) {
      if (!/^[a-z]+\.(schema|ui)\.json$/.test(name)) throw new Error(`${relative(root, join(stepsDir, name))}: expected <step>.schema.json or <step>.ui.json`);
    }
  }
  return data;
}

/** The standard schemas/<file> with the variant's patch of it, a failed list operation naming the patch file. */
function patchStandard(file: string, folder: string): Json {
  const patchFile = join(folder, 'schemas', file);
  try {
    return mergePatch(readJson(join(root, 'schemas', file)), readOptional(patchFile));
  } catch (e) {
    throw new Error(`${relative(root, patchFile)}: ${(e as Error).message}`, { cause: e });
  }
}

/** Keys of a patch that the English does not have (a typo would otherwise add a text nobody reads). */
function unknownKeys(patch: Json, english: Json, pointer = ''): string[] {
  if (!patch || typeof patch !== 'object' || Array.isArray(patch) || !english || typeof english !== 'object' || Array.isArray(english)) return [];
  return Object.entries(patch).flatMap(([k, v]) => (k === '$comment' ? [] : k in english ? unknownKeys(v, english[k], `${pointer}/${k}`) : [`${pointer}/${k}`]));
}

/** A catalogue (text, messages, fees) patched by a variant's file, whose keys must be the English ones. */
function patchFile(base: Json, file: string, english: Json, name: string): Json {
  const patch = readOptional(file);
  const unknown = unknownKeys(patch, english);
  if (unknown.length) throw new Error(`${name}: ${unknown.join(', ')} is not a key of the standard file. Correct the key, or add it to the standard file first`);
  try {
    return mergePatch(base, patch);
  } catch (e) {
    throw new Error(`${name}: ${(e as Error).message}`, { cause: e });
  }
}

export interface CompileTarget {
  /** Folders holding variant folders. */
  variantDirs: string[];
  outDir: string;
  /** The checkout whose schemas/ and variants/ are built (this one unless given). */
  root?: string;
  /** Writes what could be built before saying what is wrong (the studio's preview draws it meanwhile). */
  writeDespiteProblems?: boolean;
}

/** The configuration's problems, each with its file, JSON pointer and what to do. */
export class ConfigProblems extends Error {
  constructor(readonly problems: Problem[]) {
    super(`the configuration has ${problems.length} problem(s):\n${[...new Set(problems.map(describeProblem))].join('\n')}`);
  }
}

export function defaultTarget(env: NodeJS.ProcessEnv = process.env): CompileTarget {
  return { variantDirs: variantDirsOf(repoRoot, env), outDir: join(repoRoot, 'generated') };
}

export function compileAll(target: CompileTarget = defaultTarget()): void {
  root = target.root ?? repoRoot;
  try {
    // What this build is made from, taken before it reads them (a file changed meanwhile makes the record stale, never
    // a stale build current), and kept once it is made: the client's build copies it into dist/ for npm start.
    const record = inputsRecord(root, target.variantDirs);
    build(target);
    writeFileSync(join(target.outDir, RECORD), record);
  } finally {
    root = repoRoot;
  }
}

function build({ variantDirs, outDir, writeDespiteProblems = false }: CompileTarget): void {
  const variantAjv = new Ajv({ allErrors: true, strict: false });
  const checkVariant = variantAjv.compile(readJson(join(root, 'variants/variant.schema.json')) as object);
  const describe = () => variantAjv.errorsText(checkVariant.errors, { dataVar: 'variant' });

  const problems: Problem[] = [];
  const schemaExists = (name: string) => existsSync(join(root, `schemas/${name}.schema.json`)) && existsSync(join(root, `schemas/${name}.ui.json`));
  const stepsJson = readJson(join(root, 'schemas/steps.json'));
  problems.push(...checkSteps(stepsJson, 'schemas/steps.json', schemaExists));
  const stepsOk = problems.length === 0;
  const steps = (stepsJson as unknown as { steps: StepEntry[] }).steps;
  const definitions = (readJson(join(root, 'schemas/definitions.schema.json')) as { definitions: Record<string, Json> }).definitions;
  const standardMessages = readJson(join(root, 'schemas/messages.json')) as Record<string, Json>;
  const wireAdditions = buildStepSchema(readJson(join(root, 'schemas/wire.schema.json')), definitions, 'schemas/wire.schema.json');
  /** A wire schema as a precompiled module. `describe`: every error, with the schema's own messages (ajv-errors), as
   *  the browser shows them; otherwise a pass/fail check that stops at the first error (the server's: ServerWire in
   *  src/server/validation.ts). */
  const wireModule = (schema: Json, describe: boolean) => {
    const ajv = new Ajv({ allErrors: describe, $data: true, strict: false, code: { source: true, esm: false, lines: false, formats: _`formats` } });
    if (describe) ajvErrors(ajv);
    addRules(ajv);
    return wrapStandalone(standaloneCode(ajv, ajv.compile(schema as object)), '../../src/domain/formats');
  };
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  const languages = languagesOf(join(root, 'schemas'));
  const languageEnum = (definitions.language as { enum?: Json } | undefined)?.enum;
  if (JSON.stringify(languageEnum) !== JSON.stringify(languages)) {
    problems.push({ file: 'schemas/definitions.schema.json', pointer: '/definitions/language/enum', problem: `is ${JSON.stringify(languageEnum)} but the site has ${JSON.stringify(languages)}`, fix: 'List English and each language folder of schemas/, in that order' });
  }
  const standardText = readJson(join(root, 'schemas/text.json'));
  const standardFees = readJson(join(root, 'schemas/fees.json'));
  // Each language's own catalogues, checked against the English once.
  const catalogues = Object.fromEntries(
    languages.map((lang) => {
      if (lang === DEFAULT_LANGUAGE) return [lang, { text: standardText, messages: standardMessages as Json, words: {} }];
      const file = (name: string) => join(root, 'schemas', lang, name);
      const text = readJson(file('text.json'));
      const messages = readJson(file('messages.json'));
      problems.push(...shapeProblems(standardText, text, `schemas/${lang}/text.json`), ...shapeProblems(standardMessages, messages, `schemas/${lang}/messages.json`));
      return [lang, { text, messages, words: readOptional(file('translations.json')) as Record<string, string> }];
    }),
  );

  const variants: Record<string, Json>[] = [];
  const loaders: string[] = [];
  const wireLoaders: string[] = [];
  const wireCheckLoaders: string[] = [];
  const copyLoaders: string[] = [];
  const translationLoaders: string[] = [];
  const messagesByVariant: Record<string, Record<string, Record<string, string>>> = {};
  const translationsByVariant: Record<string, Record<string, Record<string, string>>> = {};
  const detailsByVariant: Record<string, Record<string, Json>> = {};
  const revisions: Record<string, string> = {};
  for (const folder of variantFolders(variantDirs)) {
    const variant = loadVariant(folder, checkVariant, describe);
    const variantFile = (...parts: string[]) => join(folder, ...parts);
    const named = (file: string) => relative(root, variantFile(file));
    problems.push(...checkColors(variant as Record<string, Json>, named('variant.json')));
    const id = variant.id as string;
    if (variants.some((v) => v.id === id)) throw new Error(`${relative(root, folder)}: variant id '${id}' is used twice`);
    // A variant may replace the step list with its own steps.json; otherwise it walks the standard one.
    const stepsFile = variantFile('steps.json');
    const ownSteps = existsSync(stepsFile) ? readJson(stepsFile) : null;
    const stepProblems = [...(ownSteps ? checkSteps(ownSteps, relative(root, stepsFile), schemaExists) : []), ...(stepsOk ? [] : ['standard'])];
    problems.push(...stepProblems.filter((p): p is Problem => typeof p !== 'string'));
    if (stepProblems.length) continue; // a broken step list cannot be walked
    const stepList = ownSteps ? (ownSteps as unknown as { steps: StepEntry[] }).steps : steps;
    // The welcome page's script carries what every page reads (no editor hint, no words: those load per language);
    // what only the wizard and the vetting page read (the documents, the membership check, the partner's group,
    // cancelling, the vetting page, the fee amounts) loads with them (generated/details.ts).
    const { $schema: _hint, documents, membership, groupCode, cancelOnLaterSteps, vettingUrl, ...shipped } = variant;
    const fees = patchFile(standardFees, variantFile('fees.json'), standardFees, named('fees.json'));
    const brand = shipLogo(shipped.brand as Record<string, Json>, folder, id, outDir, problems);
    variants.push({ ...shipped, brand, steps: stepList.map(({ title: _title, progressLabel: _label, ...s }) => s) as unknown as Json });
    detailsByVariant[id] = { cancelOnLaterSteps, vettingUrl, fees, ...(groupCode ? { groupCode } : {}), ...(membership ? { membership } : {}) };
    messagesByVariant[id] = {};
    const englishText = patchFile(standardText, variantFile('text.json'), standardText, named('text.json'));
    const englishMessages = patchFile(standardMessages, variantFile('messages.json'), standardMessages, named('messages.json'));

    // The step schemas, their validators and the wire payload: built once, in English, whatever the languages.
    const out = join(outDir, id);
    mkdirSync(out, { recursive: true });
    const formSteps = stepList.filter((step) => step.schema);
    const buildSteps = (inLanguage: <T extends Json>(json: T) => T, lang: string) =>
      formSteps.map((step) => {
        const where = `${relative(root, folder)}: step '${step.id}'`;
        const merged = inLanguage(patchStandard(`${step.schema}.schema.json`, folder));
        const ui = inLanguage(patchStandard(`${step.schema}.ui.json`, folder));
        return liftUi(buildStepSchema(merged, lang === DEFAULT_LANGUAGE ? definitions : (inLanguage(definitions as Json) as Record<string, Json>), where, lang), ui as Record<string, Json>);
      });
    const buildWire = (built: { schema: Record<string, Json> }[], inLanguage: <T extends Json>(json: T) => T, unknownField: string) => deriveWire([...built.map((b) => b.schema), inLanguage(wireAdditions)], isoFormats, unknownField);
    const same = <T extends Json>(json: T): T => json;
    const englishSteps = buildSteps(same, DEFAULT_LANGUAGE);
    formSteps.forEach((step, i) => {
      const { schema, uiSchema } = englishSteps[i];
      // Problems are named in the standard file, and in the variant's patch where it has one.
      const pair = (ext: string) => [`schemas/${step.schema}.${ext}`, ...(existsSync(variantFile('schemas', `${step.schema}.${ext}`)) ? [named(`schemas/${step.schema}.${ext}`)] : [])].join(' patched by ');
      problems.push(...checkUiSchema(uiSchema, schema, pair('ui.json')), ...checkMessages(schema, pair('schema.json')), ...checkRjsfReach(schema, uiSchema, { schema: pair('schema.json'), ui: pair('ui.json') }));
      // A pattern the validators cannot read stops the build here, with its file and pointer (and what else was found):
      // nothing of this partner could be built past it, not even for the studio's preview.
      const unreadable = checkPatterns(schema, pair('schema.json'));
      if (unreadable.length) throw new ConfigProblems([...problems, ...unreadable]);
      writeFileSync(join(out, `${step.id}.json`), JSON.stringify({ schema, uiSchema }));
      // The browser's step module: the validators, the schema they check, and the uiSchema (the JSON's one key it
      // takes; the server and the tests read the JSON).
      writeFileSync(join(out, `${step.id}.validators.ts`), `${compileValidatorModule(schema as never, { addRules, formatsModule: '../../src/domain/formats' })}export { uiSchema } from './${step.id}.json';\n`);
    });
    loaders.push(`  ${JSON.stringify(id)}: {\n${formSteps.map((step) => `    ${JSON.stringify(step.id)}: () => import('./${id}/${step.id}.validators').then((step) => ({ validateFns: step.default as unknown as ValidatorFunctions, schema: step.schema as unknown as RJSFSchema, uiSchema: step.uiSchema as unknown as UiSchema })),`).join('\n')}\n  },`);
    // The wire payload: derived from this variant's steps, checked by the browser before sending and by the server.
    const wire = buildWire(englishSteps, same, (englishMessages as Record<string, string>).unknownField);
    writeFileSync(join(out, 'wire.json'), JSON.stringify(wire));
    writeFileSync(join(out, 'wire.validator.ts'), wireModule(wire.schema, true));
    wireLoaders.push(`  ${JSON.stringify(id)}: () => Promise.all([import('./${id}/wire.validator'), import('./${id}/wire.json')]).then(([validate, json]) => ({ validate: validate.default as unknown as WireModule['validate'], transforms: json.default.transforms as WireModule['transforms'] })),`);
    writeFileSync(join(out, 'wire.check.ts'), wireModule(wire.schema, false));
    wireCheckLoaders.push(`  ${JSON.stringify(id)}: () => import('./${id}/wire.check').then((check) => check.default as unknown as (data: unknown) => boolean),`);

    const copyLoadersByLanguage: string[] = [];
    const translationLoadersByLanguage: string[] = [];
    messagesByVariant[id] = {};
    translationsByVariant[id] = {};
    for (const lang of languages) {
      const english = lang === DEFAULT_LANGUAGE;
      const own = (name: string) => (english ? variantFile(name) : variantFile(lang, name));
      const catalogue = catalogues[lang];
      const text = english ? englishText : patchFile(catalogue.text, own('text.json'), standardText, named(`${lang}/text.json`));
      const { $comment: _note, ...messages } = (english ? englishMessages : patchFile(catalogue.messages, own('messages.json'), standardMessages, named(`${lang}/messages.json`))) as Record<string, string>;
      if (!english) {
        // What the partner reworded in English needs its own words in every language.
        for (const [file, before, after, translated, base] of [['text.json', standardText, englishText, text, catalogue.text], ['messages.json', standardMessages, englishMessages, messages, catalogue.messages]] as const) {
          const untranslated = changedTexts(before, after).filter((p) => !changedTexts(base, translated).includes(p));
          problems.push(...untranslated.map((pointer) => ({ file: named(`${lang}/${file}`), pointer, problem: `has no translation of the partner's ${named(file)}`, fix: 'Add it beside the partner\'s English' })));
        }
      }
      // A catalogue of this language as the site and the partner have it, for a problem's file.
      const inCatalogue = (file: string) => `schemas/${english ? '' : `${lang}/`}${file} or ${named(english ? file : `${lang}/${file}`)}`;
      // The summary's dates (src/domain/dates.ts): a month named by its number, twelve names, January first; and a
      // pattern of the month, the day and the year, nothing else.
      const textFile = inCatalogue('text.json');
      const { months, longDate } = ((text as Record<string, Json>).form ?? {}) as Record<string, Json>;
      if (!Array.isArray(months) || months.length !== 12 || months.some((m) => typeof m !== 'string' || !m.trim())) problems.push({ file: textFile, pointer: '/form/months', problem: `has ${Array.isArray(months) ? months.filter((m) => typeof m === 'string' && m.trim()).length : 'no'} months`, fix: 'Name the twelve months, January first' });
      const names = typeof longDate === 'string' ? [...longDate.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort() : [];
      if (names.join() !== 'day,month,year') problems.push({ file: textFile, pointer: '/form/longDate', problem: `names ${names.length ? names.map((n) => `{${n}}`).join(', ') : 'nothing'}`, fix: 'Write the date with {month}, {day} and {year}, each once' });
      // Every text is a message (ICU MessageFormat): one the page could not read stops the build.
      for (const [file, catalogue] of [['text.json', text], ['messages.json', messages]] as const) {
        problems.push(...messageProblems(catalogue as Json).map(({ pointer, problem }) => ({ file: inCatalogue(file), pointer, problem: `is not a message the page can read (${problem})`, fix: 'Balance its braces; write a plural as {count, plural, one {…} other {…}}' })));
      }
      const missing = new Set<string>();
      const words = { ...catalogue.words, ...(readOptional(own('translations.json')) as Record<string, string>) };
      const inLanguage = <T extends Json>(json: T): T => (english ? json : (translateWords(json, words, missing) as T));
      mkdirSync(join(out, lang), { recursive: true });
      if (!english) {
        // The page's table for this language: the English steps and wire beside the same built from the translation.
        const translatedSteps = buildSteps(inLanguage, lang);
        const pairing = newPairing();
        englishSteps.forEach((built, i) => pairTranslations(built as unknown as Json, translatedSteps[i] as unknown as Json, pairing));
        pairTranslations(wire.schema as Json, buildWire(translatedSteps, inLanguage, messages.unknownField).schema as Json, pairing);
        problems.push(...pairing.conflicts.map((c) => ({ file: `schemas/${lang}/translations.json`, pointer: '/', problem: `makes '${c.english}' read two ways in ${relative(root, folder)} ('${c.first}' and '${c.second}')`, fix: 'Give the English one translation, or reword one of the English texts' })));
        writeFileSync(join(out, lang, 'translations.json'), JSON.stringify(pairing.pairs));
        translationsByVariant[id][lang] = pairing.pairs;
        translationLoadersByLanguage.push(`    ${lang}: () => import('./${id}/${lang}/translations.json').then((m) => m.default as Record<string, string>),`);
      }
      // The words of every page in this language: loaded before the first page is drawn, and on a switch.
      const stepWords = inLanguage(stepList.map(({ id: step, title, progressLabel }) => ({ id: step, title, ...(progressLabel ? { progressLabel } : {}) })) as unknown as Json);
      writeFileSync(join(out, lang, 'words.json'), JSON.stringify({ text, messages, documents: inLanguage(documents), steps: stepWords }));
      copyLoadersByLanguage.push(`    ${lang}: () => import('./${id}/${lang}/words.json').then((m) => m.default as unknown as Words),`);
      if (missing.size) {
        problems.push(...[...missing].map((w) => ({ file: `schemas/${lang}/translations.json`, pointer: pointerOf([w]), problem: `has no translation (used by ${relative(root, folder)})`, fix: `Add "${w.slice(0, 60)}${w.length > 60 ? '…' : ''}": "<${lang}>" to schemas/${lang}/translations.json, or to ${named(`${lang}/translations.json`)} for this partner only` })));
      }
      messagesByVariant[id][lang] = messages;
    }
    copyLoaders.push(`  ${JSON.stringify(id)}: {\n${copyLoadersByLanguage.join('\n')}\n  },`);
    translationLoaders.push(`  ${JSON.stringify(id)}: {\n${translationLoadersByLanguage.join('\n')}\n  },`);
    revisions[id] = writeRevision(out, id, { variant: variants[variants.length - 1], details: detailsByVariant[id] });
  }
  if (problems.length && !writeDespiteProblems) throw new ConfigProblems(problems);
  if (variants.filter((v) => v.fallback).length !== 1) throw new Error('variants: exactly one variant.json must set "fallback": true');
  const clashes = overlappingMatches(variants as unknown as VariantLike[]);
  if (clashes.length) throw new Error(`variants: ${clashes.join('; ')}: give each partner host labels of its own (match.hostLabels)`);

  // The shared definitions in both shapes, for the server's route bodies and the admin import.
  const built = Object.fromEntries(Object.keys(definitions).map((k) => [k, buildStepSchema(definitions[k], definitions, `schemas/definitions.schema.json: ${k}`)]));
  const wireDefinitions = Object.fromEntries(Object.entries(built).map(([k, v]) => [k, toWireSchema(v, isoFormats)]));
  // The route bodies are checked with the English definitions; their messages are put in the request's language by
  // their English (each built message beside the same message of the definitions built in that language).
  const messagesIn = Object.fromEntries(
    languages
      .filter((lang) => lang !== DEFAULT_LANGUAGE)
      .map((lang) => {
        const said = translateWords(definitions as Json, catalogues[lang].words, new Set()) as Record<string, Json>;
        const pairing = newPairing();
        for (const k of Object.keys(built)) pairTranslations(built[k], buildStepSchema(said[k], said, `schemas/${lang}/translations.json: ${k}`, lang), pairing);
        return [lang, pairing.pairs];
      }),
  );
  writeFileSync(join(outDir, 'definitions.json'), JSON.stringify({ form: built, wire: wireDefinitions, messages: messagesIn }));

  writeFileSync(join(outDir, 'revisions.json'), JSON.stringify(revisions));
  writeModules(outDir, { variants, languages, languageNames: Object.fromEntries(languages.map((l) => [l, (catalogues[l].text as { site: { languageName: string } }).site.languageName])), loaders, wireLoaders, wireCheckLoaders, copyLoaders, translationLoaders, messagesByVariant, translationsByVariant, detailsByVariant });
  if (problems.length) throw new ConfigProblems(problems);
}

interface Collected {
  variants: Record<string, Json>[];
  languages: string[];
  languageNames: Record<string, string>;
  loaders: string[];
  wireLoaders: string[];
  wireCheckLoaders: string[];
  copyLoaders: string[];
  translationLoaders: string[];
  messagesByVariant: Record<string, Record<string, Record<string, string>>>;
  translationsByVariant: Record<string, Record<string, Record<string, string>>>;
  detailsByVariant: Record<string, Record<string, Json>>;
}

/** The modules the site imports (generated/*.ts): each part apart, so a page's script carries only what it reads. */
function writeModules(outDir: string, { variants, languages, languageNames, loaders, wireLoaders, wireCheckLoaders, copyLoaders, translationLoaders, messagesByVariant, translationsByVariant, detailsByVariant }: Collected): void {
  // Variant data (small: the server writes a page's own into the page, src/server/render.ts) apart from the step
  // loaders (needed by the wizard only).
  writeFileSync(join(outDir, 'index.ts'), `/* Generated by scripts/compile-validators.ts: do not edit. */
import type { VariantConfig } from '../src/domain/site';

export const variants = ${JSON.stringify(variants)} as unknown as VariantConfig[];

/** The site's languages, the first the default, and each one's name in itself (its text site.languageName). */
export const languages = ${JSON.stringify(languages)};
export const languageNames: Record<string, string> = ${JSON.stringify(languageNames)};
`);
  writeFileSync(join(outDir, 'steps.ts'), `/* Generated by scripts/compile-validators.ts: do not edit. */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { StepModule } from '../src/engine/types';

/** Each variant's steps: schema pairs and validators in English, put in a language as they are drawn. */
export const stepModules: Record<string, Record<string, () => Promise<StepModule>>> = {
${loaders.join('\n')}
};
`);
  // The keyed messages apart from the variant data: the welcome page needs none of them (its script has a budget).
  writeFileSync(join(outDir, 'messages.ts'), `/* Generated by scripts/compile-validators.ts: do not edit. */
export const messagesByVariant: Record<string, Record<string, Record<string, string>>> = ${JSON.stringify(messagesByVariant)};
/** The server's translation of the wire validator's messages, by their English (as the page's, translations.ts). */
export const translationsByVariant: Record<string, Record<string, Record<string, string>>> = ${JSON.stringify(translationsByVariant)};
`);
  // Each variant's words per language (page copy, messages, document names, step titles): one small chunk each.
  writeFileSync(join(outDir, 'words.ts'), `/* Generated by scripts/compile-validators.ts: do not edit. */
import type { Words } from '../src/domain/site';

export const wordsModules: Record<string, Record<string, () => Promise<Words>>> = {
${copyLoaders.join('\n')}
};
`);
  // Each variant's translation tables of its steps' words, per language other than English.
  writeFileSync(join(outDir, 'translations.ts'), `/* Generated by scripts/compile-validators.ts: do not edit. */
export const translationModules: Record<string, Record<string, () => Promise<Record<string, string>>>> = {
${translationLoaders.join('\n')}
};
`);
  writeFileSync(join(outDir, 'details.ts'), `/* Generated by scripts/compile-validators.ts: do not edit. */
import type { VariantDetails } from '../src/domain/site';

export const detailsByVariant = ${JSON.stringify(detailsByVariant)} as unknown as Record<string, VariantDetails>;
`);
  writeFileSync(join(outDir, 'wire.ts'), `/* Generated by scripts/compile-validators.ts: do not edit. */
import type { WireModule } from '../src/domain/site';

/** Each variant's wire validator (its messages in English: the server puts them in the request's language). */
export const wireModules: Record<string, () => Promise<WireModule>> = {
${wireLoaders.join('\n')}
};
`);
  writeFileSync(join(outDir, 'wire-check.ts'), `/* Generated by scripts/compile-validators.ts: do not edit. */

/** Each variant's wire payload checked pass or fail, stopping at the first error: how the server decides an
 *  enrollment (wire.ts's validator words a refusal). The browser never loads it. */
export const wireChecks: Record<string, () => Promise<(data: unknown) => boolean>> = {
${wireCheckLoaders.join('\n')}
};
`);
}

/** A partner's revision: everything the build made of its folder and the standard files (its settings, details and
 *  fees, each step's schema pair, the wire payload, every language's words and documents with their addresses), and
 *  a hash of it that changes with any of them. Written beside them (revision.json) for the server, which keeps each
 *  revision it serves and records it with every enrollment: what an applicant saw and signed can be told from it. */
function writeRevision(out: string, id: string, settings: Record<string, Json>): string {
  const files: Record<string, Json> = {};
  const read = (dir: string, prefix = ''): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isDirectory()) read(join(dir, entry.name), `${prefix}${entry.name}/`);
      else if (entry.name.endsWith('.json') && entry.name !== 'revision.json') files[`${prefix}${entry.name}`] = readJson(join(dir, entry.name));
    }
  };
  read(out);
  const content = { ...settings, files };
  const revision = `${id}-${createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 12)}`;
  writeFileSync(join(out, 'revision.json'), JSON.stringify({ revision, variant: id, content }));
  return revision;
}

/** The partner's logo: a file of its folder, served with the site's assets under a name that changes with it, with
 *  its size (so the header keeps its place for it before it loads: no layout shift). Returns the brand as shipped. */
function shipLogo(given: Record<string, Json>, folder: string, id: string, outDir: string, problems: Problem[]): Record<string, Json> {
  const brand = { ...given };
  if (typeof brand.logo !== 'string') return brand;
  const named = (file: string) => relative(root, join(folder, file));
  const logo = join(folder, brand.logo);
  if (!existsSync(logo)) {
    problems.push({ file: named('variant.json'), pointer: '/brand/logo', problem: `${named(brand.logo)} does not exist`, fix: 'Put the logo file in the partner folder, or remove brand.logo' });
    return brand;
  }
  const bytes = readFileSync(logo);
  const served = `assets/brand/${id}-${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}${extname(logo)}`;
  mkdirSync(join(outDir, 'public/assets/brand'), { recursive: true });
  writeFileSync(join(outDir, 'public', served), bytes);
  const size = imageSize(bytes, extname(logo));
  const problem = logoProblem(bytes, named(brand.logo));
  if (problem) problems.push({ file: named('variant.json'), pointer: '/brand/logo', problem, fix: LOGO_FIX });
  return { ...brand, logo: `/${served}`, ...(size ? { logoSize: size } : {}) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    // --check (npm run check): every check of the build, writing nothing the site uses.
    const check = process.argv.includes('--check');
    const target = check ? { ...defaultTarget(), outDir: mkdtempSync(join(tmpdir(), 'hsa-check-')) } : defaultTarget();
    compileAll(target);
    if (check) rmSync(target.outDir, { recursive: true, force: true });
    // The code's type of variant.json (src/domain/site.ts), from its schema.
    else writeFileSync(join(target.outDir, 'variant-file.ts'), await variantFileType(readJson(join(root, 'variants/variant.schema.json')) as Record<string, unknown>));
    console.log(check ? 'The configuration is sound: every variant folder, step list, schema and uiSchema checked.' : `compiled validators into ${relative(process.cwd(), target.outDir) || '.'}`);
  } catch (e) {
    console.error(`Build failed: ${(e as Error).message}`);
    process.exit(1);
  }
}

/** The texts of a catalogue that are not messages, by JSON pointer. */
function messageProblems(json: Json, pointer = ''): { pointer: string; problem: string }[] {
  if (typeof json === 'string') {
    const problem = messageProblem(json);
    return problem ? [{ pointer, problem }] : [];
  }
  if (json === null || typeof json !== 'object') return [];
  return Object.entries(json).flatMap(([k, v]) => (k === '$comment' ? [] : messageProblems(v, `${pointer}/${k}`)));
}
