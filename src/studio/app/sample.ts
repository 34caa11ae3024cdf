/** A sample applicant for the studio's preview of the review page: a value for every field of the steps' schemas,
 *  of the kind each field takes (its typed format, a date, its first choice, yes), so each row shows as it would. */
type Schema = Record<string, unknown>;
const isObj = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

function sampleValue(name: string, schema: Schema): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const choices = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (Array.isArray(choices) && choices.some((c) => 'const' in c)) return choices.find((c) => 'const' in c)!.const;
  if ('const' in schema) return schema.const;
  if (schema.type === 'boolean') return true;
  if (schema.type === 'object' || isObj(schema.properties)) return sampleOf(schema);
  if (schema.type !== 'string') return undefined;
  if (typeof schema['x-mask'] === 'string') {
    let digit = 0;
    return schema['x-mask'].replace(/9/g, () => String((++digit % 9) + 1));
  }
  if (schema.format === 'date' || 'minAge' in schema || 'withinMonths' in schema) return '1980-04-15';
  if (schema.format === 'email') return 'pat.sample@example.com';
  const text = `Sample ${name}`;
  return typeof schema.maxLength === 'number' ? text.slice(0, schema.maxLength) : text;
}

/** A sample of an object schema's data: its properties, and those a condition adds once they hold. */
export function sampleOf(schema: Schema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const add = (properties: unknown) => {
    for (const [name, child] of Object.entries(isObj(properties) ? properties : {})) if (isObj(child) && !(name in out)) out[name] = sampleValue(name, child);
  };
  add(schema.properties);
  if (isObj(schema.then)) add(schema.then.properties);
  return out;
}
