// @vitest-environment jsdom
/** The SSN field's duplicate check (spec sections 7 and 8): Next waits for a check that succeeded. */
import { engineWords } from '../words';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StepForm } from '../../src/engine/StepForm';
import { widgets, type WidgetServices } from '../../widgets';
import { CheckRefused } from '../../widgets/services';
import type { StepModule } from '../../src/engine/types';
import { compileFixture } from './compileFixture';

const DUPLICATE = 'Our records show that you already have a Health Savings Account with us.';

let module: StepModule;
beforeAll(async () => {
  module = await compileFixture(
    'ssn-step',
    // As the build makes a masked field: the mask, and the pattern and maxLength made from it.
    // A rule beside the shape, as the real definition has (never issued: one digit repeated).
    { type: 'object', required: ['ssn'], properties: { ssn: { type: 'string', title: 'Social security number', 'x-mask': '999-99-9999', pattern: '^\\d{3}-\\d{2}-\\d{4}$', maxLength: 11, not: { pattern: '^(\\d)\\1\\1-\\1\\1-\\1\\1\\1\\1$' } } } } as never,
    { ssn: { 'ui:widget': 'ssn' } },
  );
});

function renderSsn(verifySsn: WidgetServices['verifySsn']) {
  const retries = new Set<() => void>();
  const services: WidgetServices = {
    verifySsn,
    lookupEmployer: vi.fn(),
    reportError: vi.fn(),
    onRetry: (listener) => {
      retries.add(listener);
      return () => retries.delete(listener);
    },
    captchaChallengeUrl: '',
    submitCaptcha: vi.fn(),
    messages: { duplicateAccount: DUPLICATE },
  };
  const onNext = vi.fn();
  render(
    <StepForm words={engineWords}
      module={module}
      formData={{}}
      widgets={widgets}
      services={services as unknown as Record<string, unknown>}
      onNext={onNext}
      actions={({ busy }) => (
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          Next
        </button>
      )}
    />,
  );
  return { onNext, services, retry: () => act(() => retries.forEach((l) => l())) };
}

describe('SSN check', () => {
  it('a check that fails (network, 5xx) is treated as invalid with no message: Next does not proceed until a check succeeds', async () => {
    const verifySsn = vi.fn<WidgetServices['verifySsn']>().mockRejectedValueOnce(new Error('Network error')).mockResolvedValue(true);
    const { onNext, services, retry } = renderSsn(verifySsn);
    const field = screen.getByLabelText(/^Social security number/);
    await userEvent.type(field, '123456789');
    await vi.waitFor(() => expect(services.reportError).toHaveBeenCalledWith('Network error'));
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    // Enter in the field submits without leaving it (leaving it would check again).
    await userEvent.keyboard('{Enter}');
    await new Promise((r) => setTimeout(r, 50));
    expect(onNext).not.toHaveBeenCalled();
    expect(verifySsn).toHaveBeenCalledTimes(1);
    // No message: the field is not marked invalid and nothing is announced.
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // 'Try again' in the network-error state checks again; once it succeeds, Next proceeds.
    retry();
    await vi.waitFor(() => expect(verifySsn).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(next).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(next);
    await vi.waitFor(() => expect(onNext).toHaveBeenCalledWith(expect.objectContaining({ ssn: '123-45-6789' })));
  });

  it('checks again when the applicant leaves the field after a failed check', async () => {
    const verifySsn = vi.fn<WidgetServices['verifySsn']>().mockRejectedValueOnce(new Error('Network error')).mockResolvedValue(false);
    renderSsn(verifySsn);
    const field = screen.getByLabelText(/^Social security number/);
    await userEvent.type(field, '123456789');
    await vi.waitFor(() => expect(verifySsn).toHaveBeenCalledTimes(1));
    await userEvent.tab();
    await vi.waitFor(() => expect(verifySsn).toHaveBeenCalledTimes(2));
    expect(await screen.findByText(DUPLICATE)).toBeInTheDocument();
  });

  it("asks the server nothing of an SSN the step's rules refuse; Next is usable and shows the rule's message", async () => {
    const verifySsn = vi.fn<WidgetServices['verifySsn']>().mockResolvedValue(true);
    const { onNext, services } = renderSsn(verifySsn);
    const field = screen.getByLabelText(/^Social security number/);
    await userEvent.type(field, '111111111');
    await userEvent.tab();
    await new Promise((r) => setTimeout(r, 50));
    expect(verifySsn).not.toHaveBeenCalled();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).not.toHaveAttribute('aria-disabled');
    await userEvent.click(next);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onNext).not.toHaveBeenCalled();
    expect(services.reportError).not.toHaveBeenCalled();
    // Corrected, it is checked, once.
    await userEvent.clear(field);
    await userEvent.type(field, '123456789');
    await vi.waitFor(() => expect(verifySsn).toHaveBeenCalledTimes(1));
    await userEvent.click(next);
    await vi.waitFor(() => expect(onNext).toHaveBeenCalledWith(expect.objectContaining({ ssn: '123-45-6789' })));
  });

  it('a check the server answered with a refusal shows its message, is not pending, and is not sent again', async () => {
    const verifySsn = vi.fn<WidgetServices['verifySsn']>().mockRejectedValue(new CheckRefused('The server refuses this SSN.'));
    const { onNext, services } = renderSsn(verifySsn);
    const field = screen.getByLabelText(/^Social security number/);
    await userEvent.type(field, '123456789');
    await userEvent.tab();
    expect(await screen.findAllByText('The server refuses this SSN.')).not.toHaveLength(0);
    expect(verifySsn).toHaveBeenCalledTimes(1);
    expect(services.reportError).not.toHaveBeenCalled();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).not.toHaveAttribute('aria-disabled');
    await userEvent.click(next);
    expect(onNext).not.toHaveBeenCalled();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});
