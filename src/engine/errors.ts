/** Maps validation errors onto the fields they belong to. */
import type { RJSFValidationError } from '@rjsf/utils';

interface InnerError {
  keyword?: string;
  params?: { missingProperty?: string };
}

/** Ajv adds a generic "must match then schema" beside the failing `then` branch's own errors: noise to a person. */
const STRUCTURAL = new Set(['if']);

/** ajv-errors reports a custom 'required' message on the parent object; move it to the missing field, so the
 *  message shows under that field and the error summary links to it. Structural errors are dropped. */
export function liftRequiredErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.filter((e) => !STRUCTURAL.has(e.name ?? '')).map((e) => {
    const inner = (e.params as { errors?: InnerError[] } | undefined)?.errors?.[0];
    const missing = inner?.keyword === 'required' ? inner.params?.missingProperty : undefined;
    if (e.name !== 'errorMessage' || !missing) return e;
    const parent = e.property === '.' || !e.property ? '' : e.property;
    return { ...e, property: `${parent}.${missing}`, stack: `${parent}.${missing} ${e.message}` };
  });
}
