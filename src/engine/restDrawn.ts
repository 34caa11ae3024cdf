/** A step is drawn in two renders when the browser draws it (entered by a press, or on a page the server did not
 *  draw): the press's frame shows what a person sees first, the step's title and its first section's first fields
 *  (FIRST_DRAWN_FIELDS; a summary's first sections, FIRST_DRAWN_ROWS), and the rest (that section's other fields, the
 *  later sections and the buttons below them) follows in a render React makes once that frame is out. On a phone the rest of a long step is below the fold, and
 *  drawing it took half of the press (issue 25). The rest is a deferred
 *  value: its render yields to input, adds below what is shown (nothing shown moves), and a test's act() draws it at
 *  once. A step the server drew is taken over whole: its markup has every field, and hydration must draw the same. */
import { createContext, useContext, useDeferredValue, useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/** The most fields a step's first render draws: what a phone's first screen holds. Step 1 at 390 x 844 px (and at
 *  1280 x 800) shows its first five fields; the sixth's box starts below the fold (at 390 px its label's top line is
 *  the screen's last). Drawing all ten of step 1's first section took a third of Previous or more on the phone
 *  profile (issue 25). */
export const FIRST_DRAWN_FIELDS = 5;

/** The most rows of a summary (the review step) its first render draws, in whole sections: what a phone's first
 *  screen holds. The review at 390 x 844 px shows its first two sections' ten rows. */
export const FIRST_DRAWN_ROWS = 10;

/** A summary's sections that begin within its first FIRST_DRAWN_ROWS rows. */
export function firstDrawnSections<T extends { rows: readonly unknown[] }>(sections: readonly T[]): T[] {
  let before = 0;
  return sections.filter((s) => {
    const begins = before;
    before += s.rows.length;
    return begins < FIRST_DRAWN_ROWS;
  });
}

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
