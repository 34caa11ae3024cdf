/** Compiles a fixture schema the way the build does, so component tests use precompiled validators too. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { compileValidatorModule } from '../../src/build/compile';
import { addRules } from '../../src/domain/rules';
import type { StepModule } from '../../src/engine/types';

const dir = resolve(import.meta.dirname, '../../generated/test');

export async function compileFixture(name: string, schema: RJSFSchema, uiSchema: UiSchema): Promise<StepModule> {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.validators.ts`);
  writeFileSync(file, compileValidatorModule(schema, { addRules, formatsModule: '../../src/domain/formats' }));
  const validateFns = ((await import(/* @vite-ignore */ file)) as { default: ValidatorFunctions }).default;
  return { schema, uiSchema, validateFns };
}
