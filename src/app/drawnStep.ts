/** Step 1 drawn by the server (issue 25): its page arrives with its fields, and the browser's script takes it over
 *  (hydrates) rather than drawing it again. A takeover must draw the very markup it takes over, so the wizard's
 *  first render needs the step's module at hand: the server's renderer loads it before drawing, and the browser
 *  before hydrating, and both hand it to the wizard through this context. */
import { createContext } from 'react';
import { matchPath } from 'react-router-dom';
import type { StepEntry, StepModule } from '../engine/types';
import { serverDrawnStep } from '../domain/site';
import { PATHS } from './routes';

/** Steps loaded, by `stepKey`. */
export type LoadedSteps = Map<string, StepModule>;
export const stepKey = (stepId: string, language: string) => `${stepId}/${language}`;

/** The steps loaded before the wizard was first drawn. */
export const DrawnSteps = createContext<LoadedSteps | null>(null);

/** The step the server draws at a path (serverDrawnStep), or null. */
export const drawnStepAt = (steps: StepEntry[], path: string): StepEntry | null => serverDrawnStep(steps, matchPath(PATHS.step, path)?.params.step);

/** The steps loaded before drawing: the one drawn, in its language. */
export const drawnSteps = (step: StepEntry, language: string, module: StepModule): LoadedSteps => new Map([[stepKey(step.id, language), module]]);
