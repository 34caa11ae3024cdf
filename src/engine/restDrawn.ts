/** A step is drawn in two renders when the browser draws it (entered by a press, or on a page the server did not
 *  draw): the press's frame shows what a person sees first, and the rest follows in a render React makes once that
 *  frame is out. On a step with sections (ui:options.sections) the first render draws the step's title and its first
 *  section's first FIRST_DRAWN_FIELDS fields (a field is a property of the step: an address counts as one); that
 *  section's other fields, the later sections, the fields no section places and the buttons come with the rest. A
 *  step without sections is drawn whole. The review draws its first sections first (FIRST_DRAWN_ROWS). On a phone the
 *  rest of a long step is below the fold, and drawing it took half of the press (issue 25). The rest is a
 *  deferred value: its render yields to input, adds below what is shown (nothing shown moves), and a test's act()
 *  draws it at once. A step the server drew is taken over whole: its markup has every field, and hydration must draw
 *  the same. */
import { createContext, useContext, useDeferredValue, useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/** The most fields of its first section a step with sections draws in its first render: what a phone's first screen
 *  holds. Step 1 at 390 x 844 px (and at 1280 x 800) shows its first five fields; the sixth's box starts below the
 *  fold (at 390 px its label's top line is the screen's last). Drawing all ten of step 1's first section took a
 *  quarter to a half of Previous on the phone profile, in quick runs (issue 25). */
export const FIRST_DRAWN_FIELDS = 5;

/** A summary's (the review's) first render draws the sections that begin within its first FIRST_DRAWN_ROWS rows, each
 *  whole, so it may draw a few more rows: about what a phone's first screen holds. The review at 390 x 844 px shows
 *  its first two sections' ten rows (more with a middle initial or a work phone). */
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
