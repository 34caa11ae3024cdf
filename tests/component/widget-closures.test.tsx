// @vitest-environment jsdom
/** The widgets that call the app's services from effects (SSN check, group lookup, captcha) use the services and
 *  values of the moment they act, not those captured by an earlier render, and drop an answer asked for a value the
 *  applicant has since changed. */
import { engineWords } from '../words';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StepForm } from '../../src/engine/StepForm';
import { widgets, type Employer, type WidgetServices } from '../../widgets';
import type { StepModule } from '../../src/engine/types';
import { compileFixture } from './compileFixture';

vi.mock('../../widgets/loadAltcha', () => ({ loadAltcha: () => Promise.resolve({}) }));

const modules: Record<'ssn' | 'group' | 'captcha', StepModule> = {} as never;
beforeAll(async () => {
  modules.ssn = await compileFixture(
    'closures-ssn',
    { type: 'object', properties: { ssn: { type: 'string', title: 'Social security number', 'x-mask': '999-99-9999', pattern: '^\\d{3}-\\d{2}-\\d{4}$', maxLength: 11 } } } as never,
    { ssn: { 'ui:widget': 'ssn' } },
  );
  modules.group = await compileFixture(
    'closures-group',
    { type: 'object', properties: { group: { type: 'object', properties: { id: { type: 'string', title: 'Group number' }, name: { type: 'string', title: 'Employer' } } } } },
    { group: { id: { 'ui:widget': 'groupLookup', 'ui:options': { changeLabel: 'Change group number' } }, name: { 'ui:widget': 'hidden' } } },
  );
  modules.captcha = await compileFixture(
    'closures-captcha',
    { type: 'object', properties: { captcha: { type: 'boolean', title: 'Verify you are a person' } } },
    { captcha: { 'ui:widget': 'captcha', 'ui:options': { delayMs: 0 } } },
  );
});

function services(overrides: Partial<WidgetServices> = {}): WidgetServices {
  return {
    verifySsn: vi.fn(() => Promise.resolve(true)),
    lookupEmployer: vi.fn(() => Promise.reject(new Error('not found'))),
    reportError: vi.fn(),
    captchaChallengeUrl: '/challenge',
    submitCaptcha: vi.fn(() => Promise.resolve(true)),
    messages: { duplicateAccount: 'Duplicate (first services).', groupNotFound: 'Not found (first services).' },
    ...overrides,
  };
}

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The step with the given services; `rerender` hands the same form new services, as a parent's re-render would. */
function renderStep(module: StepModule, first: WidgetServices) {
  let shown: Record<string, unknown> = {};
  const step = (s: WidgetServices) => (
    <StepForm words={engineWords}
      module={module}
      formData={{}}
      widgets={widgets}
      services={s as unknown as Record<string, unknown>}
      onNext={vi.fn()}
      onChange={(data) => (shown = data)}
      actions={({ busy }) => (
        <button type="submit" aria-disabled={busy || undefined}>
          Next
        </button>
      )}
    />
  );
  const { rerender } = render(step(first));
  return { rerender: (s: WidgetServices) => rerender(step(s)), data: () => shown };
}

describe('SSN check', () => {
  it('reports an answer through the services of the moment it answers, and does not check again for new services', async () => {
    const answer = deferred<boolean>();
    const first = services({ verifySsn: vi.fn(() => answer.promise) });
    const { rerender } = renderStep(modules.ssn, first);
    await userEvent.type(screen.getByLabelText(/^Social security number/), '123456789');
    await vi.waitFor(() => expect(first.verifySsn).toHaveBeenCalledWith('123-45-6789'));
    const second = services({ messages: { duplicateAccount: 'Duplicate (second services).' } });
    rerender(second);
    await act(async () => answer.resolve(false));
    await userEvent.tab(); // a message shows once the applicant has left the field
    expect(await screen.findByText('Duplicate (second services).')).toBeInTheDocument();
    expect(screen.queryByText('Duplicate (first services).')).not.toBeInTheDocument();
    expect(first.verifySsn).toHaveBeenCalledTimes(1);
    expect(second.verifySsn).not.toHaveBeenCalled();
  });

  it('reports a failed check to the current services', async () => {
    const answer = deferred<boolean>();
    const first = services({ verifySsn: vi.fn(() => answer.promise) });
    const { rerender } = renderStep(modules.ssn, first);
    await userEvent.type(screen.getByLabelText(/^Social security number/), '123456789');
    await vi.waitFor(() => expect(first.verifySsn).toHaveBeenCalled());
    const second = services();
    rerender(second);
    await act(async () => answer.reject(new Error('Network error')));
    await vi.waitFor(() => expect(second.reportError).toHaveBeenCalledWith('Network error'));
    expect(first.reportError).not.toHaveBeenCalled();
  });
});

describe('group lookup', () => {
  const active: Employer = { name: 'Demo Employer Inc.', employerStatus: 'Active' };

  it('looks up with the services of the moment the lookup starts, not those of the keystroke', async () => {
    const first = services();
    const { rerender } = renderStep(modules.group, first);
    await userEvent.type(screen.getByLabelText(/^Group number/), 'demo100');
    // New services before the lookup's delay (400 ms) has passed.
    const second = services({ lookupEmployer: vi.fn(() => Promise.resolve(active)) });
    rerender(second);
    await vi.waitFor(() => expect(second.lookupEmployer).toHaveBeenCalledWith('demo100'));
    expect(first.lookupEmployer).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(screen.getByLabelText(/^Group number/)).toHaveValue('DEMO100'));
    expect(screen.getByRole('button', { name: 'Change group number' })).toBeInTheDocument();
  });

  it('shows the not-found message of the services current when the answer comes', async () => {
    const answer = deferred<Employer>();
    const first = services({ lookupEmployer: vi.fn(() => answer.promise) });
    const { rerender } = renderStep(modules.group, first);
    await userEvent.type(screen.getByLabelText(/^Group number/), 'NOPE1');
    await vi.waitFor(() => expect(first.lookupEmployer).toHaveBeenCalledWith('NOPE1'));
    rerender(services({ messages: { groupNotFound: 'Not found (second services).' } }));
    await act(async () => answer.resolve({ name: 'Gone Inc.', employerStatus: 'Inactive' }));
    await userEvent.tab();
    expect(await screen.findByText('Not found (second services).')).toBeInTheDocument();
  });

  it('drops an answer for a group number the applicant has since shortened', async () => {
    const answer = deferred<Employer>();
    const first = services({ lookupEmployer: vi.fn(() => answer.promise) });
    const { data } = renderStep(modules.group, first);
    const field = screen.getByLabelText(/^Group number/);
    await userEvent.type(field, 'DEMO100');
    await vi.waitFor(() => expect(first.lookupEmployer).toHaveBeenCalledWith('DEMO100'));
    await userEvent.clear(field);
    await userEvent.type(field, 'D');
    await act(async () => answer.resolve(active));
    await new Promise((r) => setTimeout(r, 50));
    expect(field).toHaveValue('D');
    expect(data()).toEqual({ group: { id: 'D' } });
    expect(screen.queryByRole('button', { name: 'Change group number' })).not.toBeInTheDocument();
    // Nothing is left pending: Next is not blocked.
    expect(screen.getByRole('button', { name: 'Next' })).not.toHaveAttribute('aria-disabled');
  });
});

describe('captcha', () => {
  const solved = (el: Element) => act(async () => void el.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: 'solution' } })));

  it('submits a solution through the services current when it is solved, not those of the render that showed it', async () => {
    const first = services();
    const { rerender, data } = renderStep(modules.captcha, first);
    const altcha = await vi.waitFor(() => {
      const el = document.querySelector('altcha-widget');
      if (!el) throw new Error('not shown yet');
      return el;
    });
    const second = services();
    rerender(second);
    await solved(altcha);
    expect(second.submitCaptcha).toHaveBeenCalledWith('solution');
    expect(first.submitCaptcha).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(data()).toEqual({ captcha: true }));
  });
});
