/** The variant of this page. The server chose it from the page's host, by the rule of src/engine/variant.ts, and
 *  wrote its settings into the page (src/server/render.ts): the built client reads them there, and carries no other
 *  partner's. The development server's pages, the tests and the server-side renderer (src/app/ssr.tsx: one copy per
 *  variant, given its address before it loads this module) choose it from the address. */
import { variants } from '../../generated/index';
import { resolveVariant, VARIANT_ELEMENT_ID } from '../engine/variant';
import type { VariantConfig } from '../domain/site';

/** The settings the server wrote into a page. */
export const writtenVariant = (page: Document): VariantConfig => JSON.parse(page.getElementById(VARIANT_ELEMENT_ID)?.textContent ?? 'null') as VariantConfig;

const address = () => (typeof window !== 'undefined' ? window.location.href : ((globalThis as { hsaRenderAddress?: string }).hsaRenderAddress ?? ''));

// Constants of the build: the client's keeps only the first branch, without the list of variants.
export const variant: VariantConfig = import.meta.env.PROD && !import.meta.env.SSR ? writtenVariant(document) : resolveVariant(address(), variants);
