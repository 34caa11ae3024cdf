/** A step's RJSF validator over its precompiled functions. */
// Imported directly: the package index also pulls in the Ajv compiler, which the browser never needs.
import AJV8PrecompiledValidator from '@rjsf/validator-ajv8/lib/precompiledValidator.js';
import type { StepModule } from './types';

/** RJSF finds a condition's compiled function (an `if` it checks as it resolves the schema) by hashing the
 *  sub-schema's sorted JSON, at every check: drawing step 4 hashed its conditions 7 times per pass over its defaults,
 *  and a step's schema is resolved again at its renders and changes. The sub-schemas are the step's own objects, so
 *  each is hashed once and its function kept by the object itself. */
export function stepValidator(module: Pick<StepModule, 'validateFns' | 'schema'>): AJV8PrecompiledValidator {
  const validator = new AJV8PrecompiledValidator(module.validateFns, module.schema);
  const find = validator.getValidator.bind(validator);
  const found = new WeakMap<object, ReturnType<typeof find>>();
  validator.getValidator = (schema) => {
    let fn = found.get(schema);
    if (!fn) found.set(schema, (fn = find(schema)));
    return fn;
  };
  return validator;
}
