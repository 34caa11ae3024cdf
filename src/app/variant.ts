/** The variant of this page, chosen once from the page address (in a server-side render, the address the renderer
 *  gave before loading this module: src/app/ssr.tsx loads one copy of the app per variant). */
import { variants } from '../../generated/index';
import { resolveVariant } from '../engine/variant';

const address = typeof window !== 'undefined' ? window.location.href : ((globalThis as { hsaRenderAddress?: string }).hsaRenderAddress ?? '');

export const variant = resolveVariant(address, variants);
