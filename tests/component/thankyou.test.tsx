// @vitest-environment jsdom
/** Stage 5 sends the enrollment once, shows 'Verifying Information' while pending, then the outcome. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThankYou } from '../../src/app/pages/ThankYou';
import { SendingDialog, showSending } from '../../src/app/components/SendingDialog';
import { PAINT_AT_THE_LATEST_MS } from '../../src/engine/loading';
import { NetworkErrorBanner } from '../../src/app/components/NetworkErrorBanner';
import { useSiteStatus } from '../../src/app/siteStatus';
import { useWizard } from '../../src/app/wizardStore';
import { setClock } from '../../src/domain/dates';

// The effective date below is within the schema's window of this day.
beforeAll(() => setClock(() => new Date('2026-11-22T12:00:00Z')));
afterAll(() => setClock(() => new Date()));
import { widgetServices } from '../../src/app/services';
import { wizardPayload as payload } from '../fixtures/wizardPayload';

let enrollAnswer: () => Promise<Response>;
const fetchMock = vi.fn(async (url: string) => {
  if (url.endsWith('/csrf-token')) return new Response(JSON.stringify({ token: 't' }), { status: 200 });
  return enrollAnswer();
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  useWizard.getState().reset();
  useWizard.getState().setPayload(payload);
  useSiteStatus.getState().clear();
});
afterEach(() => vi.unstubAllGlobals());

const enrollCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/enroll'));

/** The outcome's step as the wizard draws it: its screen, and beside it the dialog shown while the enrollment is on
 *  its way (Wizard.tsx). */
const SubmitStep = () => (
  <>
    <ThankYou />
    <SendingDialog />
  </>
);

describe('thank-you stage', () => {
  it("shows 'Verifying Information' while pending, then the paperless outcome; sends once, with the wire payload", async () => {
    let answer!: (r: Response) => void;
    enrollAnswer = () => new Promise<Response>((resolve) => (answer = resolve));
    const { unmount } = render(<SubmitStep />);
    expect(await screen.findByRole('dialog', { name: 'Verifying Information' })).toBeInTheDocument();
    await vi.waitFor(() => expect(enrollCalls()).toHaveLength(1));
    await act(async () => answer(new Response('success', { status: 200 })));
    expect(await screen.findByText('You will receive an e-mail in 3-5 business days.')).toBeInTheDocument();
    expect(screen.getByText('Your debit card will arrive within 8 business days.')).toBeInTheDocument();
    unmount();
    render(<ThankYou />);
    expect(await screen.findByText('You will receive an e-mail in 3-5 business days.')).toBeInTheDocument();
    expect(enrollCalls()).toHaveLength(1);
    const [, init] = enrollCalls()[0] as unknown as [string, RequestInit];
    const sent = JSON.parse(String(init.body));
    expect(sent).toMatchObject({ ssn: '123456789', dob: '1970-04-15', homePhone: '2025550143', group: { effectiveDate: '2026-01-01' } });
    expect((init.headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // The applicant's data leaves the page once sent.
    expect(useWizard.getState().payload.ssn).toBeUndefined();
  });

  it("paints 'Verifying Information' before the sending's script runs: the enrollment goes once that frame is out", async () => {
    // The page's frames, run when the test says; its timers, when the test advances them.
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      enrollAnswer = async () => new Response('success', { status: 200 });
      // Next on step 4 showed the dialog, then drew this step behind it.
      showSending();
      render(<SubmitStep />);
      expect(screen.getByRole('dialog', { name: 'Verifying Information' })).toBeInTheDocument();
      await act(async () => vi.advanceTimersByTime(PAINT_AT_THE_LATEST_MS - 1));
      expect(useWizard.getState().submission).toBeUndefined();
      expect(enrollCalls()).toHaveLength(0);
      // The frame is painted: the sending begins in the task after it.
      act(() => frames.splice(0).forEach((f) => f(performance.now())));
      expect(useWizard.getState().submission).toBeUndefined();
      await act(async () => vi.advanceTimersByTime(0));
      expect(useWizard.getState().submission).toBeDefined();
      await vi.waitFor(() => expect(screen.getByText('You will receive an e-mail in 3-5 business days.')).toBeInTheDocument());
      // The answer closes the dialog the press opened.
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      // The deadline passing later sends nothing more.
      await act(async () => vi.advanceTimersByTime(PAINT_AT_THE_LATEST_MS));
      expect(enrollCalls()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends the enrollment from a page hidden before its frame (a hidden page paints none): at the deadline', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      enrollAnswer = async () => new Response('success', { status: 200 });
      render(<ThankYou />);
      await act(async () => vi.advanceTimersByTime(PAINT_AT_THE_LATEST_MS - 1));
      expect(enrollCalls()).toHaveLength(0);
      await act(async () => vi.advanceTimersByTime(1));
      expect(useWizard.getState().submission).toBeDefined();
      await vi.waitFor(() => expect(screen.getByText('You will receive an e-mail in 3-5 business days.')).toBeInTheDocument());
      expect(enrollCalls()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the mail outcome without electronic delivery', async () => {
    useWizard.getState().setPayload({ ...payload, tos: { ...payload.tos, requestElectronic: false, wantsMailedKit: true, requestWelcomeKit: true } });
    enrollAnswer = async () => new Response('success', { status: 200 });
    render(<ThankYou />);
    expect(await screen.findByText('Your welcome kit will arrive by mail in 5-7 business days.')).toBeInTheDocument();
    expect(screen.getByText('A welcome letter will arrive by post in 7-10 business days.')).toBeInTheDocument();
  });

  it('sends nothing the wire validator refuses (the server would refuse it too)', async () => {
    useWizard.getState().setPayload({ ...payload, verificationCode: undefined });
    enrollAnswer = async () => new Response('success', { status: 200 });
    render(<ThankYou />);
    expect(await screen.findByText(/^We Apologize/)).toBeInTheDocument();
    expect(enrollCalls()).toHaveLength(0);
  });

  it('promises the delivery that was sent: with both boxes ticked the mailed kit is sent, and the mail outcome shown', async () => {
    useWizard.getState().setPayload({ ...payload, tos: { ...payload.tos, requestElectronic: true, wantsMailedKit: true, requestWelcomeKit: true } });
    enrollAnswer = async () => new Response('success', { status: 200 });
    render(<ThankYou />);
    expect(await screen.findByText('Your welcome kit will arrive by mail in 5-7 business days.')).toBeInTheDocument();
    expect(screen.queryByText('You will receive an e-mail in 3-5 business days.')).not.toBeInTheDocument();
    const [, init] = enrollCalls()[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body)).tos).toMatchObject({ requestWelcomeKit: true, requestElectronic: false });
  });

  it.each([
    ['a server error', async () => new Response('{"message":"x"}', { status: 502 })],
    ['an unknown answer', async () => new Response('maybe', { status: 200 })],
  ])("shows 'We Apologize' on %s, with a way out: start again or exit to the bank's site", async (_what, answer) => {
    enrollAnswer = answer as () => Promise<Response>;
    render(<ThankYou />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'We Apologize. Our system is experiencing technical difficulties and we are unable to process your application. Please try again later.',
    );
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/enrollment');
    expect(screen.getByRole('link', { name: 'Exit' })).toHaveAttribute('href', 'https://www.example.com/');
  });

  it("tells a server failure with the server's own words, and no connection banner: the server answered", async () => {
    enrollAnswer = async () => new Response(JSON.stringify({ message: 'We could not verify your identity right now. Please try again later.' }), { status: 502 });
    render(
      <>
        <NetworkErrorBanner />
        <ThankYou />
      </>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not verify your identity right now. Please try again later.');
    expect(useSiteStatus.getState().networkError).toBe(false);
    expect(screen.queryByText(/could not reach our servers/)).not.toBeInTheDocument();
  });

  it("keeps the application when no answer came (spec: 'Network error'), and 'Try again' sends it again with the same key", async () => {
    enrollAnswer = async () => Promise.reject(new TypeError('fetch failed'));
    render(
      <>
        <NetworkErrorBanner />
        <ThankYou />
      </>,
    );
    expect(await screen.findByText(/^Nothing is lost/)).toBeInTheDocument();
    expect(useSiteStatus.getState().networkError).toBe(true);
    expect(screen.queryByText(/^We Apologize/)).not.toBeInTheDocument();
    enrollAnswer = async () => new Response('success', { status: 200 });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You will receive an e-mail in 3-5 business days.')).toBeInTheDocument();
    const keys = enrollCalls().map((call) => new Headers((call as unknown as [string, RequestInit])[1].headers).get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('shows the duplicate-account message when the enrollment is refused as a duplicate (409), not We Apologize', async () => {
    const duplicate =
      'Our records show that you already have a Health Savings Account with us. Please contact customer service (at the number provided below) if you have any questions regarding this account.';
    enrollAnswer = async () => new Response(JSON.stringify({ message: duplicate }), { status: 409, headers: { 'content-type': 'application/json' } });
    render(<ThankYou />);
    expect(await screen.findByRole('alert')).toHaveTextContent(duplicate);
    expect(screen.queryByText(/^We Apologize/)).not.toBeInTheDocument();
    expect(useSiteStatus.getState().networkError).toBe(false);
    expect(screen.getByRole('link', { name: 'Exit' })).toHaveAttribute('href', 'https://www.example.com/');
  });
});

describe('network-error state', () => {
  it("is set by any message containing 'network error', shown as a banner with a retry", async () => {
    render(<NetworkErrorBanner />);
    act(() => useSiteStatus.getState().report('Employer not found'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => useSiteStatus.getState().report('Network error. API is down'));
    expect(screen.getByRole('alert')).toHaveTextContent('We could not reach our servers.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("'Try again' tells the checks that failed (e.g. the SSN check) to run again", async () => {
    const listener = vi.fn();
    const stop = widgetServices.onRetry!(listener);
    render(<NetworkErrorBanner />);
    act(() => useSiteStatus.getState().report('Network error'));
    expect(listener).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('too many requests', () => {
  it("shows the server's own words (wait and try again) when it answers 429, until dismissed", async () => {
    await import('../../src/app/components/UnavailableDialog'); // where the wizard listens for the API's answers
    const { verifySsn } = await import('../../src/api/client');
    const message = 'Too many requests. Please wait a minute and try again.';
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (String(url).endsWith('/csrf-token') ? new Response('{"token":"t"}') : new Response(JSON.stringify({ message }), { status: 429, headers: { 'retry-after': '60' } }))));
    render(<NetworkErrorBanner />);
    await expect(act(() => verifySsn('123-45-6789'))).rejects.toThrow();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
