// @vitest-environment jsdom
/** The pages' effects that had their react-hooks/exhaustive-deps warnings silenced (Wizard.tsx, Verify.tsx): what
 *  they must do once the warnings are fixed rather than silenced. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate, type NavigateFunction } from 'react-router-dom';

const hooks = vi.hoisted(() => ({ entered: [] as { stepId: string; group: string | null }[] }));
vi.mock(import('../../src/app/stepRules'), async (importOriginal) => {
  const real = await importOriginal();
  return {
    ...real,
    enterStep: (step: StepEntry, params: URLSearchParams) => {
      hooks.entered.push({ stepId: step.id, group: params.get('group') });
      real.enterStep(step, params);
    },
  };
});

import { Wizard } from '../../src/app/pages/Wizard';
import { useReviewSteps } from '../../src/app/pages/Verify';
import { useWizard } from '../../src/app/wizardStore';
import type { ReviewStep } from '../../src/engine/review';
import type { StepEntry } from '../../src/engine/types';

const fetchMock = vi.fn(async (url: string) => (url.endsWith('/csrf-token') ? new Response('{"token":"t"}') : new Response('{}', { status: 404 })));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  hooks.entered = [];
  useWizard.getState().reset();
});
afterEach(() => vi.unstubAllGlobals());

describe('Wizard: entering a step', () => {
  it("runs the step's hook once per step entered, with the address's parameters of that moment, and not again when only the query changes", async () => {
    useWizard.getState().reach(1);
    const router: { navigate?: NavigateFunction } = {};
    function Page() {
      router.navigate = useNavigate();
      return <Wizard />;
    }
    render(
      <MemoryRouter initialEntries={['/enrollment/accountholder?group=FIRST']}>
        <Routes>
          <Route path="/enrollment/:step" element={<Page />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByLabelText(/^First name/);
    expect(hooks.entered).toEqual([{ stepId: 'accountholder', group: 'FIRST' }]);
    // The same step with another query: not entered again.
    await act(async () => router.navigate?.('/enrollment/accountholder?group=SECOND'));
    expect(hooks.entered).toHaveLength(1);
    // Another step, then back with a third query: entered again, with the parameters it has now.
    await act(async () => router.navigate?.('/enrollment/additionalcardholder'));
    await screen.findByRole('heading', { level: 1, name: /Additional Cardholder/ });
    await act(async () => router.navigate?.('/enrollment/accountholder?group=THIRD'));
    await waitFor(() => expect(hooks.entered.filter((e) => e.stepId === 'accountholder')).toEqual([
      { stepId: 'accountholder', group: 'FIRST' },
      { stepId: 'accountholder', group: 'THIRD' },
    ]));
  });
});

describe('Verify: the review steps', () => {
  const step = (stepId: string): ReviewStep => ({ stepId, schema: { type: 'object' }, uiSchema: {} });
  const loadersOf = (...ids: string[]) => ids.map((id) => ({ stepId: id, load: () => Promise.resolve(step(id)) }));

  it('loads the steps it is given', async () => {
    const { result } = renderHook(() => useReviewSteps(loadersOf('one', 'two'), 'en'));
    await waitFor(() => expect(result.current?.map((s) => s.stepId)).toEqual(['one', 'two']));
  });

  it('loads again when given other steps, rather than keeping those of its first render', async () => {
    const first = loadersOf('one');
    const second = loadersOf('one', 'two');
    const { result, rerender } = renderHook(({ loaders }) => useReviewSteps(loaders, 'en'), { initialProps: { loaders: first } });
    await waitFor(() => expect(result.current?.map((s) => s.stepId)).toEqual(['one']));
    rerender({ loaders: second });
    await waitFor(() => expect(result.current?.map((s) => s.stepId)).toEqual(['one', 'two']), { timeout: 500 });
  });
});
