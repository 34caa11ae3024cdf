/** Maps validation errors onto the fields they belong to. */
import type { RJSFValidationError } from '@rjsf/utils';
import { pathToId, type Preview } from './formContext';

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

/** RJSF's property is '.a.b'; field ids are root_a_b. */
export const propertyToId = (property: string | undefined): string => pathToId((property ?? '').replace(/^\./, ''));

/** Each field's messages in the list's order, once each, as RJSF hands a field its errors. */
export function messagesById(errors: readonly RJSFValidationError[]): Map<string, string[]> {
  const byId = new Map<string, string[]>();
  for (const e of errors) {
    if (!e.message) continue;
    const id = propertyToId(e.property);
    const messages = byId.get(id) ?? [];
    if (!messages.includes(e.message)) messages.push(e.message);
    byId.set(id, messages);
  }
  return byId;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((m, i) => m === b[i]);

/** The fields whose messages in `errors` differ from those RJSF shows (`shown`), each keeping its list of the
 *  `previous` preview when that is the same, so a field re-renders only when its own messages change. */
export function changedMessages(errors: readonly RJSFValidationError[], shown: readonly RJSFValidationError[], previous: Preview | null): Map<string, readonly string[]> {
  const next = messagesById(errors);
  const current = messagesById(shown);
  const byId = new Map<string, readonly string[]>();
  for (const id of new Set([...next.keys(), ...current.keys()])) {
    const messages = next.get(id) ?? [];
    if (sameList(messages, current.get(id) ?? [])) continue;
    const before = previous?.byId.get(id);
    byId.set(id, before && sameList(before, messages) ? before : messages);
  }
  return byId;
}
