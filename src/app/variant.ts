/** The variant of this page, chosen once from the page address. */
import { variants } from '../../generated/index';
import { resolveVariant } from '../engine/variant';

export const variant = resolveVariant(window.location.href, variants);
