/** A step is drawn in two renders when the browser draws it (entered by a press, or on a page the server did not
 *  draw): the press's frame shows what a person sees first, the step's title and first section, and the rest (the
 *  later sections and the buttons below them) follows in a render React makes once that frame is out. On a phone the
 *  rest of a long step is below the fold, and drawing it took half of the press (issue 25). The rest is a deferred
 *  value: its render yields to input, adds below what is shown (nothing shown moves), and a test's act() draws it at
 *  once. A step the server drew is taken over whole: its markup has every field, and hydration must draw the same. */
import { createContext, useContext, useDeferredValue, useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/** Whether this render draws markup the server drew, or takes it over (hydration); false in a browser's own render. */
export const useDrawnByServer = (): boolean => useSyncExternalStore(noChanges, () => false, () => true);

/** Whether the steps below draw in two renders (the site's do). A tool that draws a step afresh at each change (the
 *  studio's preview and editors) draws it whole, so its later sections do not go for a frame at each change. */
export const DrawsInTwo = createContext(true);

/** Whether the rest of the step is drawn: false in the first render of a step the browser draws, then true. */
export function useRestDrawn(): boolean {
  const inTwo = useContext(DrawsInTwo);
  const drawnByServer = useDrawnByServer();
  return useDeferredValue(true, drawnByServer || !inTwo);
}
