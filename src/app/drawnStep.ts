/** Step 1 drawn by the server (issue 25): its page arrives with its fields, and the browser's script takes it over
 *  (hydrates) rather than drawing it again. A takeover must draw the very markup it takes over, so the wizard's
 *  first render needs the step's module at hand: the server's renderer loads it before drawing, and the browser
 *  before hydrating, and both hand it to the wizard through this context. */
import { createContext } from 'react';
import type { StepModule } from '../engine/types';

/** Steps loaded, by `stepKey`. */
export type LoadedSteps = Map<string, StepModule>;
export const stepKey = (stepId: string, language: string) => `${stepId}/${language}`;

/** The steps loaded before the wizard was first drawn. */
export const DrawnSteps = createContext<LoadedSteps | null>(null);
