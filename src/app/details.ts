/** This variant's details for the wizard and the vetting page (documents, membership check, vetting words): a module
 *  of their own, so the welcome page's script does not carry them. */
import { detailsByVariant } from '../../generated/details';
import { variant } from './variant';

export const details = detailsByVariant[variant.id];
/** Every variant's (the vetting page answers for each variant's address): from here, so the two modules are one chunk. */
export { detailsByVariant };
