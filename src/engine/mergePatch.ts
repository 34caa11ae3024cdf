/** JSON Merge Patch (RFC 7396): how a variant overrides the standard schemas. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function mergePatch<T extends Json>(target: T, patch: Json): T {
  if (!isObject(patch)) return patch as T;
  const out: Record<string, Json> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key] ?? null, value);
  }
  return out as T;
}
