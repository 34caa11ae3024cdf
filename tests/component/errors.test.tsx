// @vitest-environment jsdom
/** Rendering errors and screens that fail to load: a clear page, never a blank one. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ErrorBoundary } from '../../src/app/components/ErrorBoundary';
import { CHUNK_TIMEOUT_MS, withTimeout } from '../../src/app/lazy';

afterEach(() => vi.useRealTimers());

function Broken(): never {
  throw new Error('boom: stack details');
}

describe('errors', () => {
  it("shows 'Unexpected Application Error!' for a rendering error, without its details", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<MemoryRouter><ErrorBoundary><Broken /></ErrorBoundary></MemoryRouter>);
    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.queryByText(/boom/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/enrollment');
  });

  it("fails a screen that has not loaded in 120 seconds with 'Loading chunk failed'", async () => {
    vi.useFakeTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const pending = withTimeout(() => new Promise<never>(() => undefined));
    const settled = expect(pending).rejects.toThrow('Loading chunk failed');
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    await settled;
  });

  it('passes a screen that loads in time', async () => {
    await expect(withTimeout(async () => 'screen')).resolves.toBe('screen');
  });

  it('tells the applicant when a screen could not be loaded', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Unloaded(): never {
      throw new Error('Loading chunk failed');
    }
    render(<MemoryRouter><ErrorBoundary><Unloaded /></ErrorBoundary></MemoryRouter>);
    expect(screen.getByText(/Loading chunk failed/)).toBeInTheDocument();
  });
});
