/**
 * Build step: validates every variant folder, merges its overrides into the standard step schemas and writes
 * precompiled validators plus the merged schemas under generated/. The browser imports only generated code.
 *   Variant folders come from variants/ and, for tests, the extra folders listed in HSA_VARIANT_DIRS (':'-separated).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import Ajv from 'ajv';
import ajvErrors from 'ajv-errors';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { _ } from 'ajv';
import { addRules } from '../src/domain/rules';
import { compileValidatorModule, wrapStandalone } from '../src/engine/compile';
import { mergePatch, type Json } from '../src/engine/mergePatch';
import { buildStepSchema, deriveWire, liftUi, toWireSchema } from '../src/engine/schemaBuild';
import { isoFormats } from '../src/domain/formats';
import { overlappingMatches, type VariantLike } from '../src/engine/variant';
import { checkColors, checkMessages, checkSteps, checkUiSchema, describeProblem, type Problem } from './check-config';

const root = resolve(import.meta.dirname, '..');
const readJson = (file: string): Json => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Json;
  } catch (e) {
    throw new Error(`${relative(root, file)}: ${(e as Error).message}`, { cause: e });
  }
};
const readOptional = (file: string): Json => (existsSync(file) ? readJson(file) : {});

interface StepEntry { id: string; route: string; title: string; schema: string | null; kind?: string }

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

/** The client ships without RJSF's array fields (vite.config.ts): a schema that needs one fails the build. */
function refuseArrays(schema: Json, where: string, path = ''): void {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
  if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array')) || 'items' in schema) {
    throw new Error(`${where}: ${path || '/'} is an array; the form engine renders no array fields`);
  }
  for (const [key, value] of Object.entries(schema)) {
    if (Array.isArray(value)) value.forEach((v, i) => refuseArrays(v, where, `${path}/${key}/${i}`));
    else refuseArrays(value, where, `${path}/${key}`);
  }
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

export interface CompileTarget {
  /** Folders holding variant folders. */
  variantDirs: string[];
  outDir: string;
}

export function defaultTarget(env: NodeJS.ProcessEnv = process.env): CompileTarget {
  const extra = (env.HSA_VARIANT_DIRS ?? '').split(':').filter(Boolean).map((d) => resolve(root, d));
  return { variantDirs: [join(root, 'variants'), ...extra], outDir: join(root, 'generated') };
}

export function compileAll({ variantDirs, outDir: out }: CompileTarget = defaultTarget()): void {
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
  const wireAjv = () => {
    const ajv = new Ajv({ allErrors: true, $data: true, strict: false, code: { source: true, esm: false, lines: false, formats: _`formats` } });
    ajvErrors(ajv);
    return addRules(ajv);
  };
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  const variants: Record<string, Json>[] = [];
  const loaders: string[] = [];
  const wireLoaders: string[] = [];
  const messagesByVariant: Record<string, Record<string, string>> = {};
  const detailsByVariant: Record<string, Record<string, Json>> = {};
  for (const folder of variantFolders(variantDirs)) {
    const variant = loadVariant(folder, checkVariant, describe);
    problems.push(...checkColors(variant as Record<string, Json>, relative(root, join(folder, 'variant.json'))));
    const id = variant.id as string;
    if (variants.some((v) => v.id === id)) throw new Error(`${relative(root, folder)}: variant id '${id}' is used twice`);
    // A variant may replace the step list with its own steps.json; otherwise it walks the standard one.
    const stepsFile = join(folder, 'steps.json');
    const ownSteps = existsSync(stepsFile) ? readJson(stepsFile) : null;
    const stepProblems = [...(ownSteps ? checkSteps(ownSteps, relative(root, stepsFile), schemaExists) : []), ...(stepsOk ? [] : ['standard'])];
    problems.push(...stepProblems.filter((p): p is Problem => typeof p !== 'string'));
    if (stepProblems.length) continue; // a broken step list cannot be walked
    const stepList = ownSteps ? (ownSteps as unknown as { steps: StepEntry[] }).steps : steps;
    // Ships in the welcome page's script: only what the site reads (no editor hint).
    // The welcome page's script carries what every page reads; what only the wizard and the vetting page read (the
    // documents, the membership check, the partner's group, cancelling and the vetting page) loads with them
    // (generated/details.ts).
    const { $schema: _hint, documents, membership, text, groupCode, cancelOnLaterSteps, vettingUrl, ...shipped } = variant;
    const { vettingIntro, ...pageText } = (text ?? {}) as Record<string, Json>;
    variants.push({ ...shipped, ...(text ? { text: pageText } : {}), steps: stepList as unknown as Json });
    detailsByVariant[id] = { documents, cancelOnLaterSteps, vettingUrl, ...(groupCode ? { groupCode } : {}), ...(membership ? { membership } : {}), ...(vettingIntro ? { vettingIntro } : {}) };
    mkdirSync(join(out, id), { recursive: true });
    const stepLoaders: string[] = [];
    const stepSchemas: Record<string, Json>[] = [];
    for (const step of stepList) {
      if (!step.schema) continue;
      const where = `${relative(root, folder)}: step '${step.id}'`;
      const merged = patchStandard(`${step.schema}.schema.json`, folder);
      const ui = patchStandard(`${step.schema}.ui.json`, folder);
      const { schema, uiSchema } = liftUi(buildStepSchema(merged, definitions, where), ui as Record<string, Json>);
      refuseArrays(schema, where);
      // Problems are named in the standard file, and in the variant's patch where it has one.
      const named = (ext: string) => [`schemas/${step.schema}.${ext}`, ...(existsSync(join(folder, 'schemas', `${step.schema}.${ext}`)) ? [relative(root, join(folder, 'schemas', `${step.schema}.${ext}`))] : [])].join(' patched by ');
      problems.push(...checkUiSchema(uiSchema, schema, named('ui.json')), ...checkMessages(schema, named('schema.json')));
      stepSchemas.push(schema);
      writeFileSync(join(out, id, `${step.id}.json`), JSON.stringify({ schema, uiSchema }));
      writeFileSync(join(out, id, `${step.id}.validators.ts`), compileValidatorModule(schema as never, { addRules, formatsModule: '../../src/domain/formats' }));
      stepLoaders.push(`    ${JSON.stringify(step.id)}: () => Promise.all([import('./${id}/${step.id}.validators'), import('./${id}/${step.id}.json')]).then(([validators, json]) => ({ validateFns: validators.default as unknown as ValidatorFunctions, schema: json.default.schema as unknown as RJSFSchema, uiSchema: json.default.uiSchema as unknown as UiSchema })),`);
    }
    // The wire payload: derived from this variant's steps, checked by the browser before sending and by the server.
    const own = readOptional(join(folder, 'messages.json')) as Record<string, Json>;
    const unknown = Object.keys(own).filter((k) => !(k in standardMessages));
    if (unknown.length) throw new Error(`${relative(root, join(folder, 'messages.json'))}: ${unknown.join(', ')} is not a message of schemas/messages.json`);
    const { $comment: _note, ...messages } = mergePatch(standardMessages, own) as Record<string, string>;
    const wire = deriveWire([...stepSchemas, wireAdditions], isoFormats, messages.unknownField);
    const ajv = wireAjv();
    writeFileSync(join(out, id, 'wire.json'), JSON.stringify(wire));
    writeFileSync(join(out, id, 'wire.validator.ts'), wrapStandalone(standaloneCode(ajv, ajv.compile(wire.schema)), '../../src/domain/formats'));
    wireLoaders.push(`  ${JSON.stringify(id)}: () => Promise.all([import('./${id}/wire.validator'), import('./${id}/wire.json')]).then(([validate, json]) => ({ validate: validate.default as unknown as WireModule['validate'], transforms: json.default.transforms as WireModule['transforms'] })),`);
    messagesByVariant[id] = messages;
    loaders.push(`  ${JSON.stringify(id)}: {\n${stepLoaders.join('\n')}\n  },`);
  }
  if (problems.length) throw new Error(`the configuration has ${problems.length} problem(s):\n${[...new Set(problems.map(describeProblem))].join('\n')}`);
  if (variants.filter((v) => v.fallback).length !== 1) throw new Error('variants: exactly one variant.json must set "fallback": true');
  const clashes = overlappingMatches(variants as unknown as VariantLike[]);
  if (clashes.length) throw new Error(`variants: ${clashes.join('; ')}: give each partner host labels of its own (match.hostLabels)`);

  // The shared definitions in both shapes, for the server's route bodies and the admin import.
  const built = Object.fromEntries(Object.keys(definitions).map((k) => [k, buildStepSchema(definitions[k], definitions, `schemas/definitions.schema.json: ${k}`)]));
  const wireDefinitions = Object.fromEntries(Object.entries(built).map(([k, v]) => [k, toWireSchema(v, isoFormats)]));
  writeFileSync(join(out, 'definitions.json'), JSON.stringify({ form: built, wire: wireDefinitions }));

  // Variant data (small, needed by every page) apart from the step loaders (needed by the wizard only).
  writeFileSync(join(out, 'index.ts'), `/* Generated by scripts/compile-validators.ts: do not edit. */
import type { VariantConfig } from '../src/engine/types';

export const variants = ${JSON.stringify(variants)} as unknown as VariantConfig[];
`);
  writeFileSync(join(out, 'steps.ts'), `/* Generated by scripts/compile-validators.ts: do not edit. */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { StepModule } from '../src/engine/types';

export const stepModules: Record<string, Record<string, () => Promise<StepModule>>> = {
${loaders.join('\n')}
};
`);
  // The keyed messages apart from the variant data: the welcome page needs none of them (its script has a budget).
  writeFileSync(join(out, 'messages.ts'), `/* Generated by scripts/compile-validators.ts: do not edit. */
export const messagesByVariant: Record<string, Record<string, string>> = ${JSON.stringify(messagesByVariant)};
`);
  writeFileSync(join(out, 'details.ts'), `/* Generated by scripts/compile-validators.ts: do not edit. */
import type { VariantDetails } from '../src/engine/types';

export const detailsByVariant = ${JSON.stringify(detailsByVariant)} as unknown as Record<string, VariantDetails>;
`);
  writeFileSync(join(out, 'wire.ts'), `/* Generated by scripts/compile-validators.ts: do not edit. */
import type { WireModule } from '../src/engine/types';

export const wireModules: Record<string, () => Promise<WireModule>> = {
${wireLoaders.join('\n')}
};
`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    // --check (npm run check): every check of the build, writing nothing the site uses.
    const check = process.argv.includes('--check');
    const target = check ? { ...defaultTarget(), outDir: mkdtempSync(join(tmpdir(), 'hsa-check-')) } : defaultTarget();
    compileAll(target);
    if (check) rmSync(target.outDir, { recursive: true, force: true });
    console.log(check ? 'The configuration is sound: every variant folder, step list, schema and uiSchema checked.' : `compiled validators into ${relative(process.cwd(), target.outDir) || '.'}`);
  } catch (e) {
    console.error(`Build failed: ${(e as Error).message}`);
    process.exit(1);
  }
}
