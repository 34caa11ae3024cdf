/** Maps validation errors onto the fields they belong to. */
import type { RJSFValidationError } from '@rjsf/utils';

interface InnerError {
  keyword?: string;
  params?: { missingProperty?: string };
}

/** ajv-errors reports a custom 'required' message on the parent object; move it to the missing field, so the
 *  message shows under that field and the error summary links to it. */
export function liftRequiredErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.map((e) => {
    const inner = (e.params as { errors?: InnerError[] } | undefined)?.errors?.[0];
    const missing = inner?.keyword === 'required' ? inner.params?.missingProperty : undefined;
    if (e.name !== 'errorMessage' || !missing) return e;
    const parent = e.property === '.' || !e.property ? '' : e.property;
    return { ...e, property: `${parent}.${missing}`, stack: `${parent}.${missing} ${e.message}` };
  });
}
