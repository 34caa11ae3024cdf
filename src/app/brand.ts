/** A partner's look: its colours (variant.json brand.colors) become the page's CSS custom properties. */
import type { VariantConfig } from '../engine/types';

export function applyBrand(variant: Pick<VariantConfig, 'brand'>, root: HTMLElement = document.documentElement): void {
  const colors = variant.brand.colors ?? {};
  if (colors.brand) root.style.setProperty('--brand', colors.brand);
  if (colors.brandDark) root.style.setProperty('--brand-dark', colors.brandDark);
}
