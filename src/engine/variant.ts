/** Picks the variant whose match rule fits the page address; the fallback variant otherwise. */
export interface VariantMatch {
  /** Case-insensitive substrings of the page address's host and path (never its query string or fragment). */
  addressContains?: string[];
}

export interface VariantLike {
  id: string;
  match: VariantMatch;
  fallback?: boolean;
}

export function resolveVariant<V extends VariantLike>(href: string, variants: readonly V[]): V {
  const address = href.split(/[?#]/)[0].toLowerCase();
  const hit = variants.find((v) => !v.fallback && (v.match.addressContains ?? []).some((s) => address.includes(s.toLowerCase())));
  const fallback = variants.find((v) => v.fallback);
  if (hit) return hit;
  if (!fallback) throw new Error('No fallback variant is defined');
  return fallback;
}
