// @vitest-environment jsdom
/** A partner's look comes from its folder: its colours become the page's CSS custom properties. */
import { describe, expect, it } from 'vitest';
import { applyBrand } from '../../src/app/brand';
import { variants } from '../../generated/index';

describe("a partner's colours", () => {
  it('set --brand and --brand-dark from variant.json; the standard keeps the stylesheet colours', () => {
    const aarp = document.createElement('div');
    applyBrand(variants.find((v) => v.id === 'aarp')!, aarp);
    expect(aarp.style.getPropertyValue('--brand')).toBe('#b3122b');
    expect(aarp.style.getPropertyValue('--brand-dark')).toBe('#7d0c1e');
    const standard = document.createElement('div');
    applyBrand(variants.find((v) => v.id === 'standard')!, standard);
    expect(standard.style.getPropertyValue('--brand')).toBe('');
  });
});
