/** Where a property's schema is in a step schema: its properties, the branches whose condition holds for the data,
 *  and allOf. Apart from the review (review.ts), so the step's own code (fieldLabel.ts) does not carry the review. */
import type { RJSFSchema } from '@rjsf/utils';

type Schema = RJSFSchema & Record<string, unknown>;
type Data = Record<string, unknown>;

export const isObj = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A condition of `const` values and `required` names, as our step schemas write them; others are taken as met. */
export function holds(condition: unknown, data: unknown): boolean {
  if (!isObj(condition) || !isObj(data)) return true;
  const required = Array.isArray(condition.required) ? (condition.required as string[]) : [];
  if (required.some((k) => data[k] === undefined)) return false;
  const props = isObj(condition.properties) ? condition.properties : {};
  return Object.entries(props).every(([k, s]) => !isObj(s) || !('const' in s) || data[k] === undefined || data[k] === s.const);
}

/** The schema of a property, looked up in `properties`, in branches whose condition holds for `data` (every branch
 *  when there is no data, as the build's checks ask), and in allOf. */
export function propertySchema(schema: Schema, name: string, data?: unknown): Schema | undefined {
  const own = isObj(schema.properties) ? (schema.properties as Record<string, Schema>)[name] : undefined;
  if (own) return own;
  const branches = [isObj(schema.then) && holds(schema.if, data) ? schema.then : null, isObj(schema.else) && (data === undefined || !holds(schema.if, data)) ? schema.else : null];
  for (const branch of branches) {
    const found = branch ? propertySchema(branch as Schema, name, data) : undefined;
    if (found) return found;
  }
  for (const part of Array.isArray(schema.allOf) ? (schema.allOf as Schema[]) : []) {
    const found = propertySchema(part, name, data);
    if (found) return found;
  }
  return undefined;
}

