// @vitest-environment node
/** The step's validator keeps each condition's compiled function by the schema object: RJSF's lookup (a hash of the
 *  sub-schema's sorted JSON) runs once per sub-schema, not at every check, and the checks answer as before. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import AJV8PrecompiledValidator from '@rjsf/validator-ajv8/lib/precompiledValidator.js';
import { getDefaultFormState, retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import { stepModules } from '../../generated/steps';
import { stepValidator } from '../../src/engine/stepValidator';

type Data = Record<string, unknown>;

afterEach(() => vi.restoreAllMocks());

describe('stepValidator', () => {
  it("looks each condition's function up once, however often RJSF resolves the step", async () => {
    const module = await stepModules.standard.terms();
    const lookups = vi.spyOn(AJV8PrecompiledValidator.prototype, 'getValidator');
    const validator = stepValidator(module);
    const resolve = () => getDefaultFormState(validator, module.schema, { tos: {} }, module.schema, false, { constAsDefaults: 'never' });
    resolve();
    const first = lookups.mock.calls.length;
    // Step 4 checks its conditions (the middle initial's, the welcome kit's) as it resolves its defaults.
    expect(first).toBeGreaterThan(1);
    resolve();
    resolve();
    expect(lookups.mock.calls.length).toBe(first);
  });

  it('resolves and validates the step as RJSF does without it', async () => {
    const module = await stepModules.standard.terms();
    const kept = stepValidator(module);
    const plain = new AJV8PrecompiledValidator(module.validateFns, module.schema);
    // Which boxes step 4 asks for follows its conditions: the paperless one, or the mailed kit's.
    const boxes = (validator: AJV8PrecompiledValidator, data: Data) => {
      const tos = retrieveSchema(validator, module.schema, module.schema, data).properties?.tos as RJSFSchema;
      return Object.keys(retrieveSchema(validator, tos, module.schema, data.tos).properties ?? {});
    };
    const cases: Data[] = [{ tos: {} }, { tos: { wantsMailedKit: true } }, { middleInitial: 'Q', tos: { wantsMailedKit: false } }];
    for (const data of [...cases, ...cases]) {
      expect(boxes(kept, data)).toEqual(boxes(plain, data));
      expect(kept.validateFormData(data, module.schema).errors).toEqual(plain.validateFormData(data, module.schema).errors);
    }
    expect(boxes(kept, { tos: {} })).not.toEqual(boxes(kept, { tos: { wantsMailedKit: true } }));
  });
});
