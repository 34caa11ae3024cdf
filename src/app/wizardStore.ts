/** The wizard store for this site: the application in memory. Loaded with the wizard (not by the welcome page). */
import { createWizardStore } from '../engine/store';
import { emptyPayload } from '../domain/payload';
import { clearOnLeave } from './state';

export const useWizard = createWizardStore(() => emptyPayload() as unknown as Record<string, unknown>);

clearOnLeave(() => useWizard.getState().reset());
