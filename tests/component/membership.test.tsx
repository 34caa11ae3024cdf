// @vitest-environment jsdom
// @vitest-environment-options {"url": "http://aarp.localhost:3000/"}
/** The membership variant, chosen from the page address: its verification dialogs and CSR mode. */
import { loadWords } from '../words';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const member = {
  firstName: 'Jane', middleInitial: 'A', lastName: 'Sample', dob: '04-15-1958', aarpNum: '123-456-789-0',
  homeAddress: { line1: '601 E St NW', city: 'Washington', state: 'DC', zip: '20049' },
};

let answer: () => Promise<Response>;
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => (String(url).endsWith('/csrf-token') ? new Response('{"token":"t"}') : answer()));

/** Modules resolve the variant from the address when first imported: load them afresh under an AARP address. */
async function loadAarp() {
  window.history.replaceState({}, '', '/enrollment/accountholder'); // on aarp.localhost (the file's environment)
  vi.resetModules();
  const membership = await import('../../src/app/membership');
  const { MembershipDialog } = await import('../../src/app/components/MembershipDialog');
  const { CsrMode } = await import('../../src/app/components/CsrMode');
  const { useCsrMode } = await import('../../src/app/csrMode');
  const { variant } = await import('../../src/app/variant');
  await loadWords();
  const { currentWords } = await import('../../src/app/words');
  return { copy: currentWords(), ...membership, MembershipDialog, CsrMode, useCsrMode, variant };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState({}, '', '/');
});

describe('membership variant', () => {
  it('is chosen from the address, with its own title and phone', async () => {
    const { variant, copy } = await loadAarp();
    expect(variant.id).toBe('aarp');
    expect(copy.text.site.title).toBe('Enrollment');
    expect(variant.helpPhone).not.toBe('1-866-555-0100');
  });

  it('sends the verification request of spec section 3 and, when verified, continues', async () => {
    const { checkMembership, MembershipDialog } = await loadAarp();
    answer = async () => new Response('true');
    render(<MembershipDialog />);
    let result: string | undefined;
    await act(async () => void checkMembership(member).then((r) => (result = r)));
    const dialog = await screen.findByRole('dialog', { name: 'Membership verified' });
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/verify-aarp'))!;
    expect(JSON.parse(String(init!.body))).toEqual({
      firstName: 'Jane', middleName: 'A', lastName: 'Sample', dateOfBirth: '1958-04-15', addrLine1: '601 E St NW', city: 'Washington', state: 'DC', zip: '20049', memberId: '1234567890',
    });
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(result).toBe('verified'));
  });

  it('when not verified offers join and renew links, Continue and Cancel; Continue closes it for step 1 to mark what to check', async () => {
    const { checkMembership, MembershipDialog } = await loadAarp();
    answer = async () => new Response('false');
    render(<MembershipDialog />);
    let result: string | undefined;
    await act(async () => void checkMembership(member).then((r) => (result = r)));
    const dialog = await screen.findByRole('dialog', { name: 'Membership not verified' });
    expect(dialog).toHaveTextContent('An active AARP membership is required');
    expect(within(dialog).getByRole('link', { name: 'Join AARP' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Renew your membership' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(result).toBe('notVerified'));
  });

  it('step 1 keeps a member not verified with the fields the check was made of marked, under the dialog\'s title', async () => {
    await loadAarp();
    answer = async () => new Response('false');
    const { useCsrMode } = await import('../../src/app/csrMode');
    useCsrMode.setState({ on: true });
    const { beforeNext, Refused } = await import('../../src/app/stepRules');
    const { variant } = await import('../../src/app/variant');
    const { middleInitial: _none, ...withoutMiddle } = member;
    const kept = await beforeNext(variant.steps[0], withoutMiddle);
    expect(kept).toBeInstanceOf(Refused);
    const { title, messages } = (kept as InstanceType<typeof Refused>).refusal;
    expect(title).toBe('Membership not verified');
    // An empty field was not part of the check: it is not marked.
    expect(Object.keys(messages)).toEqual(['aarpNum', 'firstName', 'lastName', 'dob', 'homeAddress.line1', 'homeAddress.city', 'homeAddress.state', 'homeAddress.zip']);
    expect(messages.dob).toBe('{label} may not match your AARP membership record.');
  });

  it("shows the 'Verifying Information' loader while the check is pending, then the result", async () => {
    const { checkMembership, MembershipDialog } = await loadAarp();
    let reply!: (r: Response) => void;
    answer = () => new Promise<Response>((resolve) => (reply = resolve));
    render(<MembershipDialog />);
    await act(async () => void checkMembership(member));
    const loader = await screen.findByRole('dialog', { name: 'Verifying Information' });
    expect(within(loader).getByRole('status')).toHaveTextContent('Please wait while we verify your information.');
    await act(async () => reply(new Response('true')));
    expect(await screen.findByRole('dialog', { name: 'Membership verified' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Verifying Information' })).not.toBeInTheDocument();
  });

  it.each([
    ['no answer', async () => Promise.reject(new TypeError('offline'))],
    ['a server failure', async () => new Response('{"message":"x"}', { status: 500 })],
  ])("tells a check that could not be made (%s) as the spec's 'Network error. API is down', not as a membership not verified", async (_what, failing) => {
    const { checkMembership, MembershipDialog } = await loadAarp();
    const { useSiteStatus } = await import('../../src/app/siteStatus');
    const { NetworkErrorBanner } = await import('../../src/app/components/NetworkErrorBanner');
    answer = failing as typeof answer;
    render(
      <>
        <NetworkErrorBanner />
        <MembershipDialog />
      </>,
    );
    let proceeds: string | undefined;
    await act(async () => void (proceeds = await checkMembership(member)));
    expect(proceeds).toBe('stay');
    expect(useSiteStatus.getState().networkError).toBe(true);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Network error\. API is down\. Contact AARP at 1-\d{3}-\d{3}-\d{4}\./);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('takes a refused request for a membership not verified: the server answered', async () => {
    const { checkMembership, MembershipDialog } = await loadAarp();
    answer = async () => new Response(JSON.stringify({ message: 'The request is not valid.' }), { status: 400 });
    render(<MembershipDialog />);
    await act(async () => void checkMembership(member));
    expect(await screen.findByRole('dialog', { name: 'Membership not verified' })).toBeInTheDocument();
  });

  it("leaves the applicant on step 1, in the network-error state, when the check's code cannot load", async () => {
    await loadAarp();
    vi.doMock('../../src/app/membership', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    try {
      const { beforeNext } = await import('../../src/app/stepRules');
      const { variant } = await import('../../src/app/variant');
      const { useSiteStatus } = await import('../../src/app/siteStatus');
      expect(await beforeNext(variant.steps[0], member)).toBeNull();
      expect(useSiteStatus.getState().networkError).toBe(true);
    } finally {
      vi.doUnmock('../../src/app/membership');
    }
  });

  it('CSR mode: Ctrl+Shift+Enter shows its heading; a failed verification opens no dialog and goes to the marks', async () => {
    const { checkMembership, MembershipDialog, CsrMode, useCsrMode } = await loadAarp();
    answer = async () => new Response('false');
    render(
      <>
        <CsrMode />
        <MembershipDialog />
      </>,
    );
    await userEvent.keyboard('{Control>}{Shift>}{Enter}{/Shift}{/Control}');
    expect(screen.getByRole('heading', { name: 'CSR Mode' })).toBeInTheDocument();
    expect(useCsrMode.getState().on).toBe(true);
    let result: string | undefined;
    await act(async () => {
      result = await checkMembership(member);
    });
    expect(result).toBe('notVerified');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
