// @vitest-environment jsdom
/** The wizard shell around the steps: what the applicant finds when coming back to step 1, and step schemas that
 *  load slowly or not at all. */
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { StepModule } from '../../src/engine/types';

/** Lets a test replace how a step's schema pair loads; the real generated loaders otherwise. */
const loaders = vi.hoisted(() => ({ override: null as null | ((variant: string, step: string, real: () => Promise<unknown>) => Promise<unknown>) }));
vi.mock(import('../../generated/steps'), async (importOriginal) => {
  const real = (await importOriginal()).stepModules;
  const wrapped = Object.fromEntries(
    Object.entries(real).map(([variant, steps]) => [
      variant,
      Object.fromEntries(Object.entries(steps).map(([step, load]) => [step, () => (loaders.override ? loaders.override(variant, step, load) : load()) as Promise<StepModule>])),
    ]),
  );
  return { stepModules: wrapped };
});

import { Wizard } from '../../src/app/pages/Wizard';
import { useWizard } from '../../src/app/wizardStore';
import { useSiteStatus } from '../../src/app/siteStatus';
import { CHUNK_TIMEOUT_MS } from '../../src/app/lazy';
import { currentWords } from '../../src/app/words';
import { firstOfThisMonth } from '../dates';
import { loadWords } from '../words';

const holder = {
  firstName: 'Pat', lastName: 'Doe', ssn: '123-45-6789', dob: '04-15-1970', homePhone: '202-555-0143', email: 'p@example.com', remail: 'p@example.com',
  verificationCode: 'secret', individualEnrollment: true, group: { id: 'DEMO100', name: 'Demo Employer Inc.', coverage: 'I', effectiveDate: firstOfThisMonth('MM-DD-YYYY') },
  homeAddress: { line1: '1 Main St', city: 'Town', state: 'VA', zip: '22150' }, useAltMailingAddress: false, mailingAddress: {},
  requestAdditionalCard: false, additionalCard: {}, tos: {},
};

const fetchMock = vi.fn(async (url: string) => {
  if (url.endsWith('/csrf-token')) return new Response('{"token":"t"}');
  if (url.endsWith('/verify-ssn')) return new Response('true');
  if (url.includes('/employer/')) return new Response('{"name":"Demo Employer Inc.","employerStatus":"active"}');
  return new Response('{}', { status: 404 });
});

function renderWizard(route: string) {
  render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path="/enrollment/:step" element={<Wizard />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  loaders.override = null;
  useWizard.getState().reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('coming back to step 1', () => {
  it('shows the SSN field empty and required again, while the SSN given stays in the application until a new one is typed', async () => {
    useWizard.getState().setPayload(holder);
    useWizard.getState().reach(2);
    renderWizard('/enrollment/accountholder');
    const ssn = await screen.findByLabelText(/^Social security number/i);
    expect(ssn).toHaveValue('');
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Pat');
    expect(useWizard.getState().payload.ssn).toBe('123-45-6789');
    // The buttons come with the rest of the step, in the render after its first section (restDrawn.ts).
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'SSN is required.' })).toHaveAttribute('href', '#root_ssn');
    await userEvent.type(ssn, '387654321');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Step 2: Additional Cardholder' });
    expect(useWizard.getState().payload.ssn).toBe('387-65-4321');
  });
});

describe('entering step 1', () => {
  it('asks for the CSRF token once the step is painted, on each entry, never before its frame', async () => {
    const asked = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/csrf-token')).length;
    // The frames are the test's to paint.
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const paint = () => act(() => frames.splice(0).forEach((frame) => frame(performance.now())));
    fetchMock.mockClear();
    useWizard.getState().setPayload(holder);
    useWizard.getState().reach(2);
    renderWizard('/enrollment/accountholder');
    await screen.findByLabelText(/^First name/);
    // Drawn, not yet painted: the request waits for the frame.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked()).toBe(0);
    paint();
    await waitFor(() => expect(asked()).toBe(1));
    await userEvent.type(screen.getByLabelText(/^Social security number/i), '387654321');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Step 2: Additional Cardholder' });
    await userEvent.click(await screen.findByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { level: 1, name: 'Step 1: Account Holder Information' });
    expect(asked()).toBe(1);
    paint();
    await waitFor(() => expect(asked()).toBe(2));
  });
});

describe('the screens after step 1', () => {
  it('load while the step before each is filled (the review page on step 2, the thank-you page on step 4), not with step 1', async () => {
    // The modules afresh, with lazy screens that say when they are fetched ahead.
    vi.resetModules();
    const preloaded: string[] = [];
    vi.doMock('../../src/app/lazy', async (importOriginal) => {
      const real = await importOriginal<typeof import('../../src/app/lazy')>();
      return { ...real, lazyPage: ((load, name) => Object.assign(real.lazyPage(load, name), { preload: () => preloaded.push(String(name)) })) as typeof real.lazyPage };
    });
    onTestFinished(() => void vi.doUnmock('../../src/app/lazy'));
    const fresh = { ...(await import('../../src/app/pages/Wizard')), ...(await import('../../src/app/wizardStore')) };
    await loadWords();
    const drawn = (route: string) =>
      render(
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="/enrollment/:step" element={<fresh.Wizard />} />
          </Routes>
        </MemoryRouter>,
      );
    fresh.useWizard.getState().setPayload(holder);
    const step1 = drawn('/enrollment/accountholder');
    await screen.findByLabelText(/^First name/);
    // Past the time the page's idle work waits for (whenIdle, src/engine/loading.ts): step 2 has no screen of its own.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(preloaded).toEqual([]);
    step1.unmount();
    fresh.useWizard.getState().reach(3);
    const step2 = drawn('/enrollment/additionalcardholder');
    await screen.findByRole('heading', { level: 1, name: 'Step 2: Additional Cardholder' });
    // Once the page is idle.
    await waitFor(() => expect(preloaded).toEqual(['Review']), { timeout: 3000 });
    step2.unmount();
    drawn('/enrollment/terms');
    await screen.findByRole('heading', { level: 1, name: 'Step 4: Terms and Conditions' });
    await waitFor(() => expect(preloaded).toEqual(['Review', 'ThankYou']), { timeout: 3000 });
  });
});

describe('the network-error state', () => {
  it("shows its banner above the step's title, where the wizard's API calls set it", async () => {
    renderWizard('/enrollment/accountholder');
    await screen.findByLabelText(/^First name/);
    act(() => useSiteStatus.getState().report('Network error'));
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent(currentWords().text.errors.network);
    expect(banner.nextElementSibling).toBe(screen.getByRole('heading', { level: 1 }));
    act(() => useSiteStatus.getState().clear());
  });
});

describe('loading a step', () => {
  it("does not stay on 'Loading…' for ever: after 120 seconds it says 'Loading chunk failed' and Try again loads the step", async () => {
    let attempts = 0;
    loaders.override = (_variant, step, real) => (step === 'accountholder' && ++attempts === 1 ? new Promise(() => undefined) : real());
    vi.useFakeTimers();
    renderWizard('/enrollment/accountholder');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    vi.useRealTimers();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Loading chunk failed');
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/^First name/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('says so at once when the load fails (e.g. offline), with a retry', async () => {
    let attempts = 0;
    loaders.override = (_variant, step, real) => (step === 'accountholder' && ++attempts === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : real());
    renderWizard('/enrollment/accountholder');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Loading chunk failed. Check your connection and try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/^First name/)).toBeInTheDocument();
  });
});

describe('terms step', () => {
  it("links the documents the terms name, from the variant's data, opening in a new tab so the application is kept", async () => {
    useWizard.getState().setPayload(holder);
    useWizard.getState().reach(3);
    renderWizard('/enrollment/terms');
    const terms = await screen.findByRole('region', { name: 'Terms and Conditions' });
    expect(terms).toHaveTextContent('Please read the Health Savings Account Custodial Agreement, the Schedule of Fees and the Privacy Notice.');
    const links = within(terms).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Health Savings Account Custodial Agreement (opens in a new tab)', 'https://www.example.com/hsa/custodial-agreement.pdf'],
      ['Schedule of Fees (opens in a new tab)', '/feeschedule'],
      ['Privacy Notice (opens in a new tab)', 'https://www.example.com/privacy'],
    ]);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(currentWords().documents.map((d) => d.url));
    for (const link of links) expect(link).toHaveAttribute('target', '_blank');
    expect(within(terms).getByRole('checkbox', { name: /accept and agree/ })).toBeInTheDocument();
  });
});
