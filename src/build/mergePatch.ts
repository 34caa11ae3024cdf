/**
 * JSON Merge Patch (RFC 7396): how a variant overrides the standard schemas, and how keywords beside a `$ref` patch a
 * definition. One extension, so a partner changes one item of a list without restating the rest: in place of a list,
 * an object of list operations
 *   { "$append": [...], "$prepend": [...], "$remove": [...], "$patch": { "<item>": patch } }
 * where an item is named by itself (a string, such as a required field) or by its `title` or `id` (a section).
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

const LIST_OPERATIONS = ['$append', '$prepend', '$remove', '$patch'];
const isListPatch = (v: unknown): v is Record<string, Json> => isObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => LIST_OPERATIONS.includes(k));
const nameOf = (item: Json): string | undefined => (typeof item === 'string' ? item : isObject(item) ? ((item.title ?? item.id) as string | undefined) : undefined);
const listOf = (v: Json | undefined, op: string): Json[] => {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new Error(`${op} takes a list`);
  return v;
};

function patchList(target: Json[], ops: Record<string, Json>): Json[] {
  const names = target.map(nameOf);
  const known = (name: string, op: string) => {
    if (!names.includes(name)) throw new Error(`${op} names '${name}', which the list does not have (it has ${names.filter(Boolean).join(', ')})`);
  };
  const remove = listOf(ops.$remove, '$remove').map(String);
  remove.forEach((n) => known(n, '$remove'));
  const patches = isObject(ops.$patch) ? ops.$patch : {};
  Object.keys(patches).forEach((n) => known(n, '$patch'));
  const kept = target.filter((item) => !remove.includes(nameOf(item) ?? '')).map((item) => {
    const name = nameOf(item);
    return name !== undefined && name in patches ? mergePatch(item, patches[name]) : item;
  });
  return [...listOf(ops.$prepend, '$prepend'), ...kept, ...listOf(ops.$append, '$append')];
}

export function mergePatch<T extends Json>(target: T, patch: Json): T {
  if (Array.isArray(target) && isListPatch(patch)) return patchList(target, patch) as T;
  if (!isObject(patch)) return patch as T;
  const out: Record<string, Json> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key] ?? null, value);
  }
  return out as T;
}
