/** Picks the variant whose match rule fits the page address; the fallback variant otherwise. */
export interface VariantMatch {
  /** Case-insensitive substrings of the whole page address (host and path). */
  addressContains?: string[];
}

export interface VariantLike {
  id: string;
  match: VariantMatch;
  fallback?: boolean;
}

export function resolveVariant<V extends VariantLike>(href: string, variants: readonly V[]): V {
  const address = href.toLowerCase();
  const hit = variants.find((v) => !v.fallback && (v.match.addressContains ?? []).some((s) => address.includes(s.toLowerCase())));
  const fallback = variants.find((v) => v.fallback);
  if (hit) return hit;
  if (!fallback) throw new Error('No fallback variant is defined');
  return fallback;
}
