/** A partner's look: its colours (variant.json brand.colors, named as the stylesheet's custom properties) become the
 *  page's CSS custom properties. */
import type { VariantConfig } from '../domain/site';

export function applyBrand(variant: Pick<VariantConfig, 'brand'>, root: HTMLElement = document.documentElement): void {
  for (const [name, color] of Object.entries(variant.brand.colors ?? {})) root.style.setProperty(`--${name}`, color);
}
