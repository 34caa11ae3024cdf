// @vitest-environment jsdom
/** The enrollment's own checks (the variant's wire validator, a chunk of their own) must come before it is sent. A
 *  download that never ends fails at the spec's 120 seconds for a chunk, and the application is kept as a network
 *  error, never told as 'We Apologize' nor dropped: 'Try again' loads the checks anew and sends it. In a file of its
 *  own: the page asks for the checks once, and every test of thankyou.test.tsx has them already. */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThankYou } from '../../src/app/pages/ThankYou';
import { SendingDialog } from '../../src/app/components/SendingDialog';
import { PAINT_AT_THE_LATEST_MS } from '../../src/engine/loading';
import { NetworkErrorBanner } from '../../src/app/components/NetworkErrorBanner';
import { useWizard } from '../../src/app/wizardStore';
import { setClock } from '../../src/domain/dates';
import { wizardPayload } from '../fixtures/wizardPayload';

/** The variant's wire module as built, unless its download is held back forever (a request that never ends). */
const wireLoad = vi.hoisted(() => ({ hangs: true }));
vi.mock('../../generated/wire', async (importOriginal) => {
  const built = await importOriginal<typeof import('../../generated/wire')>();
  return { wireModules: Object.fromEntries(Object.entries(built.wireModules).map(([id, load]) => [id, () => (wireLoad.hangs ? new Promise(() => undefined) : load())])) };
});

const fetchMock = vi.fn(async (url: string) => (url.endsWith('/csrf-token') ? new Response(JSON.stringify({ token: 't' }), { status: 200 }) : new Response('success', { status: 200 })));
const enrollCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/enroll'));

beforeAll(() => {
  setClock(() => new Date('2026-11-22T12:00:00Z'));
  vi.stubGlobal('fetch', fetchMock);
});
afterAll(() => {
  setClock(() => new Date());
  vi.unstubAllGlobals();
});

it("keeps the application when the enrollment's checks do not download within 120 seconds, and 'Try again' loads them and sends it", async () => {
  useWizard.getState().setPayload(wizardPayload);
  vi.useFakeTimers();
  try {
    render(
      <>
        <NetworkErrorBanner />
        <ThankYou />
        <SendingDialog />
      </>,
    );
    // The sending begins once 'Verifying Information' is painted (at the latest PAINT_AT_THE_LATEST_MS later).
    await act(() => vi.advanceTimersByTimeAsync(PAINT_AT_THE_LATEST_MS));
    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(screen.getByRole('dialog', { name: 'Verifying Information' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText(/^Nothing is lost/)).toBeInTheDocument();
    expect(screen.queryByText(/^We Apologize/)).not.toBeInTheDocument();
    expect(enrollCalls()).toHaveLength(0);
    expect(useWizard.getState().payload).toEqual(wizardPayload);
  } finally {
    vi.useRealTimers();
  }
  wireLoad.hangs = false;
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('You will receive an e-mail in 3-5 business days.')).toBeInTheDocument();
  expect(enrollCalls()).toHaveLength(1);
});
