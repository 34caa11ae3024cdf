// @vitest-environment jsdom
/** A step the browser draws comes in two renders (issue 25, src/engine/restDrawn.ts): the press's frame shows the
 *  step's first section, up to its first FIRST_DRAWN_FIELDS fields; the rest (that section's other fields, later
 *  sections, the fields no section places, the buttons) follows in the render React makes after it. A step the
 *  server draws, and its takeover, are whole. */
import { engineWords } from '../words';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { StepForm } from '../../src/engine/StepForm';
import { DrawsInTwo, FIRST_DRAWN_FIELDS, FIRST_DRAWN_ROWS, firstDrawnSections } from '../../src/engine/restDrawn';
import { widgets } from '../../widgets';
import type { StepModule } from '../../src/engine/types';
import schema from '../fixtures/engine-step.schema.json';
import uiSchema from '../fixtures/engine-step.ui.json';
import { compileFixture } from './compileFixture';

/** A step whose first section has two fields more than a first render draws. */
const long = Array.from({ length: FIRST_DRAWN_FIELDS + 2 }, (_, i) => `f${i + 1}`);
const longFirst = {
  schema: {
    type: 'object',
    properties: Object.fromEntries([...long, 'after'].map((f) => [f, { type: 'string', title: `Field ${f}` }])),
  },
  uiSchema: {
    'ui:options': {
      sections: [
        { title: 'Long', fields: long },
        { title: 'After', fields: ['after'] },
      ],
    },
  },
};

let module: StepModule;
let longModule: StepModule;
beforeAll(async () => {
  module = await compileFixture('engine-step', schema as never, uiSchema as never);
  longModule = await compileFixture('engine-step-long', longFirst.schema as never, longFirst.uiSchema as never);
});

const step = (drawn = module) => (
  <StepForm
    words={engineWords}
    module={drawn}
    formData={{}}
    widgets={widgets}
    onNext={vi.fn()}
    actions={() => (
      <button type="submit" className="button">
        Next
      </button>
    )}
  />
);
const shown = () => ({ about: screen.queryByRole('region', { name: 'About you' }), more: screen.queryByRole('region', { name: 'More' }), next: screen.queryByRole('button', { name: 'Next' }) });

/** Draws `element` as a press draws a step, at once (React's sync lane), outside a test's act() (which would draw
 *  everything), then runs `then` and takes it away. */
async function drawnAsAPress(element: ReactElement, then: () => void | Promise<void>) {
  const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = env.IS_REACT_ACT_ENVIRONMENT;
  env.IS_REACT_ACT_ENVIRONMENT = false;
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  try {
    flushSync(() => root.render(element));
    await then();
  } finally {
    root.unmount();
    container.remove();
    env.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  }
}

describe('a step drawn in two renders', () => {
  it('in the browser: the first section in the first render, then the later sections and the buttons', () =>
    drawnAsAPress(step(), async () => {
      let now = shown();
      expect(now.about).not.toBeNull();
      expect(screen.getByLabelText(/^Zip/)).toBeInTheDocument();
      expect(now.more).toBeNull();
      expect(now.next).toBeNull();
      const about = now.about;
      await waitFor(() => expect(shown().more).not.toBeNull());
      now = shown();
      expect(now.next).not.toBeNull();
      expect(screen.getByLabelText(/Note/)).toBeInTheDocument();
      // The first section was drawn once: it is the same element.
      expect(now.about).toBe(about);
    }));

  it(`draws a long first section's first ${FIRST_DRAWN_FIELDS} fields in the first render, and its others with the rest`, () =>
    drawnAsAPress(step(longModule), async () => {
      const fields = () => screen.queryAllByRole('textbox').map((f) => f.id);
      const ids = long.map((f) => `root_${f}`);
      expect(screen.getByRole('region', { name: 'Long' })).toBeInTheDocument();
      expect(fields()).toEqual(ids.slice(0, FIRST_DRAWN_FIELDS));
      expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
      const firstField = screen.getByLabelText(/^Field f1/);
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Next' })).not.toBeNull());
      // In the section's order, below those drawn first, which were drawn once (the same elements).
      expect(fields()).toEqual([...ids, 'root_after']);
      expect(within(screen.getByRole('region', { name: 'Long' })).getAllByRole('textbox')).toHaveLength(long.length);
      expect(screen.getByLabelText(/^Field f1/)).toBe(firstField);
    }));

  it('in the studio, which draws a step afresh at each change: whole, in one render', () =>
    drawnAsAPress(<DrawsInTwo.Provider value={false}>{step()}</DrawsInTwo.Provider>, () => {
      const now = shown();
      expect(now.about).not.toBeNull();
      expect(now.more).not.toBeNull();
      expect(now.next).not.toBeNull();
    }));

  it('in the studio, a long first section too: every field in one render', () =>
    drawnAsAPress(<DrawsInTwo.Provider value={false}>{step(longModule)}</DrawsInTwo.Provider>, () => {
      expect(screen.getAllByRole('textbox')).toHaveLength(long.length + 1);
      expect(screen.queryByRole('button', { name: 'Next' })).not.toBeNull();
    }));

  it('by the server: every section and the buttons, and its takeover draws nothing more', async () => {
    const longStep = document.body.appendChild(document.createElement('div'));
    longStep.innerHTML = renderToString(step(longModule));
    expect(longStep.querySelectorAll('input')).toHaveLength(long.length + 1);
    longStep.remove();
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(step());
    expect(shown().more).not.toBeNull();
    expect(shown().next).not.toBeNull();
    const sections = [...container.querySelectorAll('section')];
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(container, step());
    });
    // Hydrated in place: the same elements, no mismatch told.
    expect([...container.querySelectorAll('section')]).toEqual(sections);
    expect(sections.every((s) => s.isConnected)).toBe(true);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    container.remove();
  });
});

describe("a summary's first render", () => {
  const sections = (...rows: number[]) => rows.map((n, i) => ({ title: `s${i}`, rows: Array.from({ length: n }, (_, r) => r) }));
  const titles = (...rows: number[]) => firstDrawnSections(sections(...rows)).map((s) => s.title);

  it(`draws whole sections, each that begins within the first ${FIRST_DRAWN_ROWS} rows`, () => {
    expect(FIRST_DRAWN_ROWS).toBe(10);
    // The review's own: Personal Information (6 rows) and Home Address (4) fill a phone's first screen.
    expect(titles(6, 4, 3, 2)).toEqual(['s0', 's1']);
    expect(titles(6, 3, 3, 2)).toEqual(['s0', 's1', 's2']);
    // A section longer than the screen is still drawn whole, alone.
    expect(titles(12, 3)).toEqual(['s0']);
    expect(titles()).toEqual([]);
  });
});
