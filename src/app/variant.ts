/** The variant of this page, in the browser. The server chose it from the page's host, by the rule of
 *  src/engine/variant.ts, and wrote its settings into the page (src/server/render.ts): the built client reads them
 *  there, and carries no other partner's. The development server's pages and the tests choose it from the address.
 *  Components take it from the page's site (useVariant, site.tsx), as the server-side renderer gives it; this is
 *  for the browser's own modules (the step rules, the API client). */
import { variants } from '../../generated/index';
import { resolveVariant, VARIANT_ELEMENT_ID } from '../engine/variant';
import type { VariantConfig } from '../domain/site';

/** The settings the server wrote into a page. */
export const writtenVariant = (page: Document): VariantConfig => JSON.parse(page.getElementById(VARIANT_ELEMENT_ID)?.textContent ?? 'null') as VariantConfig;

const address = () => (typeof window !== 'undefined' ? window.location.href : '');

// Constants of the build: the client's keeps only the first branch, without the list of variants.
export const variant: VariantConfig = import.meta.env.PROD && !import.meta.env.SSR ? writtenVariant(document) : resolveVariant(address(), variants);
