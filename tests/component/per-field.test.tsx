// @vitest-environment jsdom
/** A keystroke re-renders the field typed in, not the whole step: before Next (validation on leaving a field) and
 *  after it (every change validated once typing pauses). Counted on the standard step 1, every widget of it wrapped in
 *  a counter. */
import { engineWords } from '../copy';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Form, { getDefaultRegistry } from '@rjsf/core';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import { StepForm } from '../../src/engine/StepForm';
import { widgets } from '../../widgets';
import type { StepModule } from '../../src/engine/types';

const renders = new Map<string, number>();

/** Every widget (ours and RJSF's defaults) counts its renders by field id. */
function counted(all: RegistryWidgetsType): RegistryWidgetsType {
  return Object.fromEntries(
    Object.entries(all).map(([name, Widget]) => {
      const Inner = Widget as ComponentType<WidgetProps>;
      const Counted = (props: WidgetProps) => {
        renders.set(props.id, (renders.get(props.id) ?? 0) + 1);
        return <Inner {...props} />;
      };
      return [name, Counted];
    }),
  );
}

const services = { messages: {}, verifySsn: async () => true, reportError: () => undefined, lookupEmployer: () => new Promise(() => undefined) };
let step1: StepModule;
beforeAll(async () => {
  const { stepModules } = await import('../../generated/steps');
  step1 = await stepModules.standard.en.accountholder();
});

/** The fields whose widgets rendered since `before`, and how often. */
function renderedSince(before: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...renders].filter(([id, n]) => n !== (before.get(id) ?? 0)).map(([id, n]) => [id, n - (before.get(id) ?? 0)]));
}

function renderStep1(onNext = vi.fn()) {
  render(
    <StepForm words={engineWords}
      module={step1}
      formData={{}}
      widgets={counted({ ...getDefaultRegistry().widgets, ...widgets })}
      services={services}
      onNext={onNext}
      actions={() => (
        <button type="submit" className="button">
          Next
        </button>
      )}
    />,
  );
  return onNext;
}

describe('per-field updates', () => {
  it('a keystroke re-renders only the field typed in, before and after Next, and validation stays as strict', async () => {
    renders.clear();
    const onNext = renderStep1();
    const fields = [...renders.keys()];
    expect(fields.length).toBeGreaterThan(10);
    const first = screen.getByLabelText(/^First name/);

    // The input shows each keystroke by itself: no field re-renders while the applicant types; once typing pauses,
    // the form hears of the change and re-renders the field typed in, and it alone.
    let before = new Map(renders);
    await userEvent.type(first, 'Ann');
    expect(first).toHaveValue('Ann');
    expect(renderedSince(before)).toEqual({});
    await waitFor(() => expect(Object.keys(renderedSince(before))).toEqual(['root_firstName']));

    // After Next every change is validated once typing pauses: still only the field typed in, and its message follows.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Last name is required.' })).toBeInTheDocument();
    expect(first).not.toHaveAttribute('aria-invalid');
    before = new Map(renders);
    await userEvent.type(first, ' ');
    await userEvent.clear(first);
    await userEvent.type(first, ' ');
    expect(first).toHaveValue(' ');
    await waitFor(() => expect(within(summary).getByRole('link', { name: 'Please enter a valid Name.' })).toBeInTheDocument());
    expect(Object.keys(renderedSince(before))).toEqual(['root_firstName']);
    expect(first).toHaveAttribute('aria-invalid', 'true');
    before = new Map(renders);
    await userEvent.type(first, 'A');
    await waitFor(() => expect(first).not.toHaveAttribute('aria-invalid'));
    expect(Object.keys(renderedSince(before))).toEqual(['root_firstName']);
    expect(within(summary).queryByRole('link', { name: 'Please enter a valid Name.' })).not.toBeInTheDocument();

    // Another field: it alone.
    const last = screen.getByLabelText(/^Last name/);
    before = new Map(renders);
    await userEvent.type(last, 'Doe');
    await waitFor(() => expect(within(summary).queryByRole('link', { name: 'Last name is required.' })).not.toBeInTheDocument());
    expect(Object.keys(renderedSince(before))).toEqual(['root_lastName']);
    expect(onNext).not.toHaveBeenCalled();
  });

  it('typing shows each character before validation settles, and leaving the field validates what was typed at once', async () => {
    const onNext = renderStep1();
    const first = screen.getByLabelText(/^First name/);
    // Before Next: the message shows once the field is left, and leaving it does not wait for typing to settle.
    await userEvent.type(first, ' ');
    expect(first).toHaveValue(' ');
    await userEvent.tab();
    expect(screen.getByText('Please enter a valid Name.')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-invalid', 'true');

    // After Next: a keystroke shows at once while the message it will clear is still shown, until typing settles.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert');
    await userEvent.clear(first);
    await waitFor(() => expect(within(summary).getByRole('link', { name: 'First name is required.' })).toBeInTheDocument());
    await userEvent.type(first, 'A');
    expect(first).toHaveValue('A');
    expect(within(summary).getByRole('link', { name: 'First name is required.' })).toBeInTheDocument();
    await waitFor(() => expect(within(summary).queryByRole('link', { name: 'First name is required.' })).not.toBeInTheDocument());

    expect(onNext).not.toHaveBeenCalled();
  });

  it('a change reaching the form rebuilds its state once: the step does not hand RJSF back the data it reported', async () => {
    const rebuilds = vi.spyOn(Form.prototype, 'getStateFromProps');
    renderStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert');
    rebuilds.mockClear();
    await userEvent.type(screen.getByLabelText(/^First name/), 'Ann');
    await waitFor(() => expect(within(summary).queryByRole('link', { name: 'First name is required.' })).not.toBeInTheDocument());
    expect(rebuilds).toHaveBeenCalledTimes(1);
    rebuilds.mockRestore();
  });
});
