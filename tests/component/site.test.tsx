// @vitest-environment jsdom
/** The site around the wizard: dialogs, idle timeout, tooltip, summary, fee page, not found, analytics. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { Modal } from '../../src/app/components/Modal';
import { CancelEnrollment } from '../../src/app/components/CancelEnrollment';
import { IdleTimer } from '../../src/app/components/IdleTimer';
import { InfoTooltip } from '../../src/engine/templates/InfoTooltip';
import { Verify } from '../../src/app/pages/Verify';
import standardStep1 from '../../generated/standard/accountholder.json';
import standardStep2 from '../../generated/standard/additionalcard.json';
import aarpStep1 from '../../generated/aarp/accountholder.json';
import aarpStep2 from '../../generated/aarp/additionalcard.json';
import { FeeSchedule } from '../../src/app/pages/FeeSchedule';
import { NotFound } from '../../src/app/pages/NotFound';
import { SiteProvider } from '../../src/app/site';
import { readFeeData } from '../../src/app/fees';
import { currentWords } from '../../src/app/words';
import { variant } from '../../src/app/variant';
import { useWizard } from '../../src/app/wizardStore';
import { IDLE_TIMEOUT_MS, IDLE_WARNING_BEFORE_MS } from '../../src/app/timing';
import { pageView, stepEvent } from '../../src/app/analytics';
import { StepForm } from '../../src/engine/StepForm';
import type { StepModule } from '../../src/engine/types';
import { widgets } from '../../widgets';
import { engineWords } from '../words';
import fixtureSchema from '../fixtures/engine-step.schema.json';
import fixtureUi from '../fixtures/engine-step.ui.json';
import { compileFixture } from './compileFixture';

let fixtureStep: StepModule;
beforeAll(async () => {
  fixtureStep = await compileFixture('engine-step', fixtureSchema as never, fixtureUi as never);
});

describe('Modal', () => {
  it('is a labelled dialog that keeps focus inside, closes on Escape and returns focus to its opener', async () => {
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Open</button>
          <Modal open={open} title="Title here" onClose={() => setOpen(false)} actions={<><button>One</button><button>Two</button></>} />
        </>
      );
    }
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Title here' });
    expect(within(dialog).getByRole('button', { name: 'One' })).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Two' })).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'One' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Two' })).toHaveFocus();
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it("sends focus to the page's title when it closes after its opener is gone", async () => {
    // As on Next on the step before the outcome: the step (and its Next) gives way to the outcome behind the dialog.
    function Harness() {
      const [stage, setStage] = useState<'step' | 'sending' | 'behind' | 'answered'>('step');
      return (
        <main>
          <h1 tabIndex={-1}>{stage === 'step' || stage === 'sending' ? 'Step 4' : 'Thank You'}</h1>
          {(stage === 'step' || stage === 'sending') && <button onClick={() => setStage('sending')}>Next</button>}
          {stage === 'behind' && <button onClick={() => setStage('answered')}>Answer</button>}
          <Modal open={stage === 'sending' || stage === 'behind'} title="Verifying Information" onClose={() => setStage('behind')} />
        </main>
      );
    }
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = screen.getByRole('dialog', { name: 'Verifying Information' });
    expect(dialog).toHaveFocus();
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    // The same dialog, still open and focused, over the new screen.
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Verifying Information' })).toBe(dialog);
    expect(dialog).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Answer', hidden: true }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Thank You' })).toHaveFocus();
  });

  it("sends focus to the page's title when it was opened with nothing focused (Safari does not focus a pressed button)", async () => {
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <main>
          <h1 tabIndex={-1}>Title</h1>
          <Modal open={open} title="Dialog" onClose={() => setOpen(false)} />
        </main>
      );
    }
    expect(document.activeElement).toBe(document.body);
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Dialog' });
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Title' })).toHaveFocus();
  });
});

describe('Cancel Enrollment', () => {
  const assign = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('location', { ...window.location, assign, href: 'http://localhost/enrollment/accountholder' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for confirmation; No closes, Yes clears the application and goes to the site root', async () => {
    useWizard.getState().setPayload({ firstName: 'Pat' });
    render(<CancelEnrollment />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Enrollment' }));
    // The dialog's code loads when it first opens (the welcome page's script does not carry it).
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to cancel enrollment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Enrollment' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(assign).toHaveBeenCalledWith('/');
    expect(useWizard.getState().payload.firstName).toBeUndefined();
  });
});

describe('idle timeout', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => vi.useRealTimers());

  function renderIdle() {
    render(
      <MemoryRouter initialEntries={['/enrollment/verify']}>
        <Routes>
          <Route path="/enrollment/verify" element={<IdleTimer />} />
          <Route path="/enrollment" element={<p>Welcome page</p>} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it("warns with 'Action Needed' 2 minutes before expiry, with a countdown; Continue restarts the clock", () => {
    renderIdle();
    act(() => void vi.advanceTimersByTime(IDLE_TIMEOUT_MS - IDLE_WARNING_BEFORE_MS - 1000));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1500));
    const dialog = screen.getByRole('alertdialog', { name: 'Action Needed' });
    expect(dialog).toHaveTextContent('Time remaining: 2:00');
    act(() => void vi.advanceTimersByTime(30_000));
    expect(dialog).toHaveTextContent('Time remaining: 1:30');
    act(() => within(dialog).getByRole('button', { name: 'Continue' }).click());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // The clock restarted: another full idle period passes before the next warning, which then shows again.
    act(() => void vi.advanceTimersByTime(IDLE_TIMEOUT_MS - IDLE_WARNING_BEFORE_MS - 1000));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1500));
    expect(screen.getByRole('alertdialog', { name: 'Action Needed' })).toHaveTextContent('Time remaining: 2:00');
  });

  it('keeps its clock as the page changes by itself (Back, a redirect): only activity moves the deadline', () => {
    let go: (to: string) => void = () => undefined;
    function Address() {
      go = useNavigate();
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/enrollment/one']}>
        <IdleTimer />
        <Address />
      </MemoryRouter>,
    );
    act(() => void vi.advanceTimersByTime(4 * 60_000));
    act(() => go('/enrollment/two'));
    act(() => void vi.advanceTimersByTime(IDLE_TIMEOUT_MS - IDLE_WARNING_BEFORE_MS - 4 * 60_000 + 500));
    expect(screen.getByRole('alertdialog', { name: 'Action Needed' })).toBeInTheDocument();
  });

  // A device asleep, a page frozen: the clock moved on, its timer did not fire (setSystemTime moves the one alone).
  it('past the deadline while its timer was held back, the first key clears the application instead of keeping it', () => {
    useWizard.getState().setPayload({ firstName: 'Pat' });
    renderIdle();
    vi.setSystemTime(Date.now() + IDLE_TIMEOUT_MS + 60_000);
    fireEvent.keyDown(window, { key: 'a' });
    expect(screen.getByText('Welcome page')).toBeInTheDocument();
    expect(useWizard.getState().payload.firstName).toBeUndefined();
  });

  it('shown again after its warning was due, the page warns at once, with the time truly left', () => {
    renderIdle();
    vi.setSystemTime(Date.now() + IDLE_TIMEOUT_MS - 60_000);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(screen.getByRole('alertdialog', { name: 'Action Needed' })).toHaveTextContent('Time remaining: 1:00');
  });

  it("counts keys typed in a field as activity, though the field keeps its keys from the page above it", () => {
    render(
      <MemoryRouter initialEntries={['/enrollment/verify']}>
        <IdleTimer />
        <StepForm words={engineWords} module={fixtureStep} formData={{}} widgets={widgets} onNext={() => undefined} actions={() => null} />
      </MemoryRouter>,
    );
    // A key a minute, for twice the idle period: never a warning.
    for (let minute = 0; minute < (2 * IDLE_TIMEOUT_MS) / 60_000; minute++) {
      fireEvent.keyDown(screen.getByLabelText(/^Name/), { key: 'a' });
      act(() => void vi.advanceTimersByTime(60_000));
      expect(screen.queryByRole('alertdialog'), `after ${minute + 1} minutes`).not.toBeInTheDocument();
    }
  });

  it('does not wake the page before the warning: one timer, and one more for the time activity added', () => {
    renderIdle();
    const start = Date.now();
    // Keys at the first and the third minute (timers of the test's own): the warning is then due at 3 + 7 - 2 minutes.
    for (const at of [60_000, 180_000]) setTimeout(() => fireEvent.keyDown(window, { key: 'a' }), at);
    let woken = 0;
    while (!screen.queryByRole('alertdialog')) {
      if (woken > 10) throw new Error(`woken ${woken} times in ${Date.now() - start} ms`);
      act(() => void vi.advanceTimersToNextTimer());
      woken++;
    }
    // The two keys, the timer due at 5 minutes (it waits again), and the warning's.
    expect(woken).toBe(4);
    expect(Date.now() - start).toBe(180_000 + IDLE_TIMEOUT_MS - IDLE_WARNING_BEFORE_MS);
  });

  it('on expiry clears the application and returns to /enrollment', () => {
    useWizard.getState().setPayload({ firstName: 'Pat' });
    renderIdle();
    // The warning is drawn (its countdown starts) before the rest of the time passes.
    act(() => void vi.advanceTimersByTime(IDLE_TIMEOUT_MS - IDLE_WARNING_BEFORE_MS));
    expect(screen.getByRole('alertdialog', { name: 'Action Needed' })).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(IDLE_WARNING_BEFORE_MS + 1000));
    expect(screen.getByText('Welcome page')).toBeInTheDocument();
    expect(useWizard.getState().payload.firstName).toBeUndefined();
  });
});

describe('info tooltip', () => {
  it('shows on Enter and hides on Escape, announced as status text', async () => {
    render(<InfoTooltip label="Social security number" text="We use it to verify your identity." describe="More information about {label}" />);
    const button = screen.getByRole('button', { name: 'More information about Social security number' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('We use it to verify your identity.');
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});

describe('Verify (step 3 summary)', () => {
  const payload = {
    firstName: 'Pat',
    lastName: 'Doe',
    ssn: '123-45-6789',
    dob: '04-15-1970',
    homeAddress: { line1: '1 Main St', city: 'Town', state: 'VA', zip: '22150' },
    useAltMailingAddress: false,
    mailingAddress: { line1: '2 Other St' },
    group: { id: 'DEMO100', name: 'Demo Employer Inc.', coverage: 'I', effectiveDate: '01-01-2026' },
    requestAdditionalCard: false,
  };
  // The review is generated from the built step schemas and uiSchemas of the variant.
  const stepsOf = (variant: 'standard' | 'aarp') =>
    [
      { stepId: 'accountholder', ...(variant === 'standard' ? standardStep1 : aarpStep1) },
      { stepId: 'additionalcard', ...(variant === 'standard' ? standardStep2 : aarpStep2) },
    ] as never;
  const renderVerify = (p: Record<string, unknown>, variant: 'standard' | 'aarp' = 'standard', onEdit = vi.fn()) =>
    render(<Verify payload={p} steps={stepsOf(variant)} onEdit={onEdit} onNext={vi.fn()} actions={null} />);

  it('masks the SSN as XXX-XX- and the last 4, shows coverage and individual enrollment in words', () => {
    renderVerify(payload);
    expect(screen.getByText('XXX-XX-6789')).toBeInTheDocument();
    expect(screen.queryByText(/123-45/)).not.toBeInTheDocument();
    const medical = screen.getByRole('region', { name: /Medical Information/ });
    expect(within(medical).getByRole('row', { name: 'Coverage Individual' })).toBeInTheDocument();
    expect(within(medical).getByRole('row', { name: 'Individual enrollment Yes' })).toBeInTheDocument();
  });

  it('shows Family for F, and the mailing address and additional cardholder only when used', () => {
    renderVerify({ ...payload, group: { ...payload.group, coverage: 'F' } });
    expect(within(screen.getByRole('region', { name: /Medical/ })).getByRole('row', { name: 'Coverage Family' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Mailing Address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Additional Cardholder' })).not.toBeInTheDocument();
  });

  it('lists the mailing address and additional cardholder when requested', () => {
    renderVerify({ ...payload, useAltMailingAddress: true, requestAdditionalCard: true, additionalCard: { firstName: 'Sam', lastName: 'Doe' } });
    expect(screen.getByRole('region', { name: 'Mailing Address' })).toHaveTextContent('2 Other St');
    expect(screen.getByRole('region', { name: 'Additional Cardholder' })).toHaveTextContent('Sam');
  });

  it("shows dates as 'MMMM D, YYYY', never the passcode or the re-entered e-mail", () => {
    renderVerify({ ...payload, verificationCode: 'Secret', email: 'pat@example.com', remail: 'pat@example.com' });
    expect(screen.getByRole('row', { name: 'Date of birth April 15, 1970' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'HDHP effective date January 1, 2026' })).toBeInTheDocument();
    expect(screen.queryByText('Secret')).not.toBeInTheDocument();
    expect(screen.getAllByText('pat@example.com')).toHaveLength(1);
  });

  it("lists a partner's own fields, with an Edit link to their step", async () => {
    const onEdit = vi.fn();
    renderVerify({ ...payload, aarpNum: '123-456-789-0', group: { coverage: 'F' } }, 'aarp', onEdit);
    const personal = screen.getByRole('region', { name: 'Personal Information' });
    expect(within(personal).getByRole('row', { name: 'AARP membership number 123-456-789-0' })).toBeInTheDocument();
    // The partner asks no group number (its group is its own): the row of spec section 3 stays.
    expect(within(screen.getByRole('region', { name: /Medical/ })).getByRole('row', { name: 'Individual enrollment Yes' })).toBeInTheDocument();
    await userEvent.click(within(personal).getByRole('button', { name: /^Edit/ }));
    expect(onEdit).toHaveBeenCalledWith('accountholder');
  });
});

describe('Schedule of Fees', () => {
  afterEach(() => document.getElementById('root')?.remove());
  const withRoot = (fees?: object) => {
    const root = document.createElement('div');
    root.id = 'root';
    if (fees) root.dataset.fees = JSON.stringify(fees);
    document.body.appendChild(root);
    // As App.tsx gives it: the data the server wrote into the page, through the page's site.
    const site = { variant, language: 'en', words: currentWords(), fees: readFeeData(document) };
    return render(<SiteProvider site={site}><MemoryRouter><FeeSchedule /></MemoryRouter></SiteProvider>, { container: root.appendChild(document.createElement('div')) });
  };

  it('reads the server data from the root element', () => {
    withRoot({ acctHolderMaintFee: '3.95', totalMonthlyMaintFee: '3.95', acctHolderBalEnd: '5,000', showWaivedText: true, allowInvestments: true, investmentFeeAmt: '3.00', investmentThresholdAmt: '1,000' });
    expect(screen.getByRole('heading', { level: 1, name: 'Schedule of Fees' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Monthly Maintenance Fee \$3\.95/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'ATM transaction $2.50' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Outbound transfer or rollover to another custodian \$20\.00/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Printed statement \$1\.50 per mailed statement; no charge for online delivery/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Investment Account' })).toHaveTextContent('$3.00');
  });

  it("shows the other-channel fee of $2.20 when isOC", () => {
    withRoot({ isOC: true, totalMonthlyMaintFee: '3.95' });
    expect(screen.getByRole('row', { name: /\$2\.20 .*20% discount.*\$3,000 or more/ })).toBeInTheDocument();
  });

  it("says the group could not be found when the data is absent", () => {
    withRoot();
    expect(screen.getByText("We're sorry. Your group number could not be found.")).toBeInTheDocument();
  });
});

describe('Not found', () => {
  it("says the URL is not available and gives the variant's phone number", () => {
    render(<MemoryRouter><NotFound /></MemoryRouter>);
    expect(screen.getByText('The URL you requested is not available.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '1-866-555-0100' }).length).toBeGreaterThan(0);
  });
});

describe('analytics', () => {
  it('receives page names and step ids only', () => {
    window.dataLayer = [];
    pageView('welcome');
    stepEvent('accountholder', 'next');
    expect(window.dataLayer).toEqual([
      { event: 'pageview', page: 'welcome' },
      { event: 'step', step: 'accountholder', direction: 'next' },
    ]);
  });
});
