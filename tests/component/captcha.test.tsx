// @vitest-environment jsdom
/** The captcha widget loads its code after a delay; a load that fails or hangs says so, with a retry. */
import { engineWords } from '../words';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StepForm } from '../../src/engine/StepForm';
import { widgets, type WidgetServices } from '../../widgets';
import type { StepModule } from '../../src/engine/types';
import { CHUNK_TIMEOUT_MS } from '../../src/engine/loading';
import { compileFixture } from './compileFixture';

/** How the widget's code arrives: the test decides each load. */
const altcha = vi.hoisted(() => ({ load: (): Promise<unknown> => Promise.resolve({}), loads: 0 }));
vi.mock('../../widgets/loadAltcha', () => ({
  loadAltcha: () => {
    altcha.loads += 1;
    return altcha.load();
  },
}));

const LOAD_FAILED = 'Loading chunk failed. Check your connection and try again.';

let module: StepModule;
beforeAll(async () => {
  module = await compileFixture(
    'captcha-step',
    { type: 'object', properties: { captcha: { type: 'boolean', title: 'Verify you are a person' } } },
    { captcha: { 'ui:widget': 'captcha', 'ui:options': { delayMs: 2000, messages: { loadFailed: LOAD_FAILED } } } },
  );
});
afterEach(() => vi.useRealTimers());

function renderCaptcha() {
  const services = { reportError: vi.fn(), captchaChallengeUrl: '/challenge', submitCaptcha: vi.fn() } as unknown as WidgetServices;
  const { container } = render(
    <StepForm words={engineWords} module={module} formData={{}} widgets={widgets} services={services as unknown as Record<string, unknown>} onNext={vi.fn()} actions={() => null} />,
  );
  return container;
}

describe('captcha widget', () => {
  it("does not wait for ever on its code: after 120 seconds it says 'Loading chunk failed', and Try again loads it", async () => {
    altcha.loads = 0;
    altcha.load = () => new Promise(() => undefined);
    vi.useFakeTimers();
    const container = renderCaptcha();
    await act(() => vi.advanceTimersByTimeAsync(2000 + CHUNK_TIMEOUT_MS - 1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(LOAD_FAILED);
    vi.useRealTimers();
    altcha.load = () => Promise.resolve({});
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(container.querySelector('altcha-widget')).not.toBeNull());
    expect(screen.queryByText(LOAD_FAILED)).not.toBeInTheDocument();
    expect(altcha.loads).toBe(2);
  });

  it('says so at once when its code cannot be loaded (e.g. offline)', async () => {
    altcha.load = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    vi.useFakeTimers();
    renderCaptcha();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByRole('alert')).toHaveTextContent(LOAD_FAILED);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
