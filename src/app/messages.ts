/** This variant's keyed messages (schemas/messages.json patched by its folder), for the wizard, its widgets and the
 *  vetting page: a module of their own, so the welcome page's script does not carry them. */
import { messagesByVariant } from '../../generated/messages';
import { variant } from './variant';

export const messages = messagesByVariant[variant.id];
