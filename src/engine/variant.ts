/** Picks the variant whose match rule fits the page's host; the fallback variant otherwise. The server picks the
 *  variant of an API request by the same rule, from the request's host, so a partner is matched by host alone: a path
 *  or a query string never chooses one (an API call's path is not the page's). */
/** The element (a script of JSON) in which the server writes the settings of a page's variant (src/server/render.ts),
 *  which the built client reads (src/app/variant.ts). */
export const VARIANT_ELEMENT_ID = 'hsa-variant';

export interface VariantMatch {
  /** Labels of the host name, case-insensitive: ["aarp"] matches aarp.example.com and hsa.aarp.localhost, not
   *  aarpx.example.com nor localhost. */
  hostLabels?: string[];
}

export interface VariantLike {
  id: string;
  match: VariantMatch;
  fallback?: boolean;
}

/** The host name's labels of an address (an absolute URL, or a bare host with its port). */
function hostLabelsOf(address: string): string[] {
  let host: string;
  try {
    host = new URL(address.includes('://') ? address : `http://${address}`).hostname;
  } catch {
    return [];
  }
  return host.toLowerCase().split('.');
}

export function resolveVariant<V extends VariantLike>(address: string, variants: readonly V[]): V {
  const labels = hostLabelsOf(address);
  const hit = variants.find((v) => !v.fallback && (v.match.hostLabels ?? []).some((l) => labels.includes(l.toLowerCase())));
  const fallback = variants.find((v) => v.fallback);
  if (hit) return hit;
  if (!fallback) throw new Error('No fallback variant is defined');
  return fallback;
}

/** Pairs of variants that could both match one address (a shared host label): the build refuses them. */
export function overlappingMatches(variants: readonly VariantLike[]): string[] {
  const owner = new Map<string, string>();
  const clashes: string[] = [];
  for (const v of variants) {
    for (const label of v.match.hostLabels ?? []) {
      const key = label.toLowerCase();
      const other = owner.get(key);
      if (other && other !== v.id) clashes.push(`'${other}' and '${v.id}' both match the host label '${key}'`);
      owner.set(key, v.id);
    }
  }
  return clashes;
}
