// @vitest-environment jsdom
/** A step the browser draws comes in two renders (issue 25, src/engine/restDrawn.ts): the press's frame shows the
 *  step's first section, the rest (later sections, the fields no section places, the buttons) follows in the render
 *  React makes after it. A step the server draws, and its takeover, are whole. */
import { engineWords } from '../words';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { StepForm } from '../../src/engine/StepForm';
import { DrawsInTwo } from '../../src/engine/restDrawn';
import { widgets } from '../../widgets';
import type { StepModule } from '../../src/engine/types';
import schema from '../fixtures/engine-step.schema.json';
import uiSchema from '../fixtures/engine-step.ui.json';
import { compileFixture } from './compileFixture';

let module: StepModule;
beforeAll(async () => {
  module = await compileFixture('engine-step', schema as never, uiSchema as never);
});

const step = () => (
  <StepForm
    words={engineWords}
    module={module}
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

  it('in the studio, which draws a step afresh at each change: whole, in one render', () =>
    drawnAsAPress(<DrawsInTwo.Provider value={false}>{step()}</DrawsInTwo.Provider>, () => {
      const now = shown();
      expect(now.about).not.toBeNull();
      expect(now.more).not.toBeNull();
      expect(now.next).not.toBeNull();
    }));

  it('by the server: every section and the buttons, and its takeover draws nothing more', async () => {
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
