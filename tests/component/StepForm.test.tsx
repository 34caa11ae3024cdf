// @vitest-environment jsdom
import { engineWords } from '../words';
import { describe, expect, it, vi, beforeAll, onTestFinished } from 'vitest';
import Form from '@rjsf/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StepForm } from '../../src/engine/StepForm';
import { widgets } from '../../widgets';
import type { StepModule } from '../../src/engine/types';
import schema from '../fixtures/engine-step.schema.json';
import uiSchema from '../fixtures/engine-step.ui.json';
import { compileFixture } from './compileFixture';
import { SETTLE_MS } from '../../src/engine/settle';

let module: StepModule;
beforeAll(async () => {
  module = await compileFixture('engine-step', schema as never, uiSchema as never);
});

function renderStep(onNext = vi.fn(), formData = {}) {
  render(
    <StepForm words={engineWords}
      module={module}
      formData={formData}
      widgets={widgets}
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

describe('StepForm (the generic step renderer)', () => {
  it('renders the schema fields in their sections, found by label', () => {
    renderStep();
    const about = screen.getByRole('region', { name: 'About you' });
    expect(within(about).getByLabelText(/^Name/)).toBeInTheDocument();
    expect(within(about).getByLabelText(/^Zip/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'More' })).getByLabelText(/Note/)).toHaveAccessibleName('Note (optional)');
  });

  it('filters keystrokes to the characters the uiSchema allows', async () => {
    renderStep();
    await userEvent.type(screen.getByLabelText(/^Zip/), '12a3-4b5');
    expect(screen.getByLabelText(/^Zip/)).toHaveValue('12345');
  });

  it("takes a field's keys at the field: nothing above it hears them (React's dispatch included), and Next submits what was typed", async () => {
    const onNext = renderStep();
    const heard: string[] = [];
    const hear = (e: Event) => heard.push(e.type);
    const types = ['keydown', 'keypress', 'keyup', 'beforeinput', 'input'];
    for (const type of types) document.addEventListener(type, hear);
    onTestFinished(() => {
      for (const type of types) document.removeEventListener(type, hear);
    });
    await userEvent.type(screen.getByLabelText(/^Name/), 'Pat');
    await userEvent.type(screen.getByLabelText(/^Zip/), '1a2345');
    expect(heard).toEqual([]);
    expect(screen.getByLabelText(/^Zip/)).toHaveValue('12345');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledWith(expect.objectContaining({ name: 'Pat', zip: '12345' }));
  });

  it('takes a value put in with a change event alone (as some password managers do), filtered like a typed one', async () => {
    const onNext = renderStep();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Pat');
    fireEvent.change(screen.getByLabelText(/^Zip/), { target: { value: '1a2345' } });
    expect(screen.getByLabelText(/^Zip/)).toHaveValue('12345');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledWith(expect.objectContaining({ name: 'Pat', zip: '12345' }));
  });

  it('shows a field message only after the field is left, tied to it by aria-describedby', async () => {
    renderStep();
    const name = screen.getByLabelText(/^Name/);
    await userEvent.type(name, 'Ab1');
    expect(screen.queryByText('Letters only.')).not.toBeInTheDocument();
    await userEvent.tab();
    const message = await screen.findByText('Letters only.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name.getAttribute('aria-describedby')).toContain(message.parentElement!.id);
    // The untouched zip field shows nothing yet.
    expect(screen.queryByText('Zip is required.')).not.toBeInTheDocument();
  });

  it('on Next with errors shows a focused summary whose links go to the fields', async () => {
    const onNext = renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    expect(summary).toHaveFocus();
    const link = within(summary).getByRole('link', { name: 'Name is required.' });
    await userEvent.click(link);
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(within(summary).getByRole('link', { name: 'Zip is required.' })).toHaveAttribute('href', '#root_zip');
    expect(onNext).not.toHaveBeenCalled();
  });

  it('puts the messages already shown in the language the step is switched to: under each field, in the summary and above the form, whichever way', async () => {
    // A language has words besides its messages (RJSF draws the step again for a uiSchema that reads differently).
    const spanish: Record<string, string> = { Name: 'Nombre', 'Name is required.': 'Falta el nombre.', 'Five digits.': 'Cinco dígitos.' };
    const inSpanish: StepModule = { ...module, translate: (english) => spanish[english] ?? english };
    const step = (m: StepModule) => (
      <StepForm
        words={engineWords}
        module={m}
        formData={{}}
        widgets={widgets}
        onNext={vi.fn()}
        renderStepErrors={(errors) => <ul aria-label="What Next found">{errors.map((e) => <li key={e.property}>{e.message}</li>)}</ul>}
        actions={() => (
          <button type="submit" className="button">
            Next
          </button>
        )}
      />
    );
    const { rerender } = render(step(inSpanish));
    await userEvent.type(screen.getByLabelText(/^Zip/), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert');
    const found = screen.getByRole('list', { name: 'What Next found' });
    const shown = (english: string, translated: string) => {
      expect(within(summary).getByRole('link', { name: translated })).toBeInTheDocument();
      expect(within(found).getByText(translated)).toBeInTheDocument();
      // Under its field, and nowhere in the other language.
      expect(screen.getAllByText(translated)).toHaveLength(3);
      if (english !== translated) expect(screen.queryByText(english)).not.toBeInTheDocument();
    };
    shown('Name is required.', 'Falta el nombre.');
    shown('Five digits.', 'Cinco dígitos.');
    // Typing that pauses tells the zip's message from the step's validator (the preview), in the page's language.
    await userEvent.type(screen.getByLabelText(/^Zip/), '3');
    await act(() => new Promise((r) => setTimeout(r, SETTLE_MS + 50)));
    expect(within(summary).getByRole('link', { name: 'Cinco dígitos.' })).toBeInTheDocument();
    rerender(step(module));
    expect(within(summary).getByRole('link', { name: 'Name is required.' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Five digits.' })).toBeInTheDocument();
    expect(screen.queryByText('Falta el nombre.')).not.toBeInTheDocument();
    expect(screen.queryByText('Cinco dígitos.')).not.toBeInTheDocument();
    expect(screen.getAllByText('Name is required.')).toHaveLength(3);
    rerender(step(inSpanish));
    expect(within(summary).getByRole('link', { name: 'Falta el nombre.' })).toBeInTheDocument();
    expect(screen.queryByText('Name is required.')).not.toBeInTheDocument();
    expect(screen.queryByText('Five digits.')).not.toBeInTheDocument();
  });

  it("keeps the applicant on the step when onNext refuses: the marked fields and a summary under the refusal's title, no second call until a marked field changes", async () => {
    const onNext = renderStep(vi.fn(async () => ({ title: 'Membership not verified', messages: { name: '{label}: check it.', zip: '{label}: check it.' } })));
    await userEvent.type(screen.getByLabelText(/^Name/), 'Ann');
    await userEvent.type(screen.getByLabelText(/^Zip/), '20049');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'Membership not verified' })).toBeInTheDocument();
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: 'Name: check it.' })).toHaveAttribute('href', '#root_name');
    expect(within(summary).getByRole('link', { name: 'Zip: check it.' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Zip/)).toHaveAttribute('aria-invalid', 'true');
    expect(onNext).toHaveBeenCalledTimes(1);
    // The same data gets the same answer: Next shows the marks again and asks nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveFocus();
    // A marked field changed: every mark goes, and Next asks again.
    await userEvent.type(screen.getByLabelText(/^Zip/), '{Backspace}8');
    await userEvent.tab();
    await vi.waitFor(() => expect(screen.getByLabelText(/^Name/)).not.toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/^Zip/)).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(onNext).toHaveBeenCalledTimes(2));
  });

  it('calls onNext with the data when the step is valid, keeping data of other steps', async () => {
    const onNext = renderStep(vi.fn(), { other: { kept: true } });
    await userEvent.type(screen.getByLabelText(/^Name/), 'Ann');
    await userEvent.type(screen.getByLabelText(/^Zip/), '20049');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(onNext).toHaveBeenCalledWith(expect.objectContaining({ name: 'Ann', zip: '20049', other: { kept: true } })));
  });

  it('Enter right after a keystroke submits the step with that keystroke in it (typing need not have paused)', async () => {
    const onNext = renderStep();
    const name = screen.getByLabelText(/^Name/);
    await userEvent.type(name, 'Ann');
    await userEvent.type(screen.getByLabelText(/^Zip/), '20049');
    await userEvent.type(name, 'e{Enter}');
    await vi.waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    expect(onNext).toHaveBeenCalledWith(expect.objectContaining({ name: 'Anne', zip: '20049' }));
  });

  it('blocks repeat clicks on Next while onNext is in progress (e.g. a server check), and allows Next again after', async () => {
    let finish!: () => void;
    const onNext = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderStep(onNext);
    await userEvent.type(screen.getByLabelText(/^Name/), 'Ann');
    await userEvent.type(screen.getByLabelText(/^Zip/), '20049');
    const next = screen.getByRole('button', { name: 'Next' });
    await userEvent.click(next);
    await userEvent.click(next);
    await userEvent.click(next);
    await vi.waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    await act(async () => finish());
    await userEvent.click(next);
    await vi.waitFor(() => expect(onNext).toHaveBeenCalledTimes(2));
  });

  it("shows Next busy while onNext is in progress without RJSF deriving its whole state again (the buttons read it from the step's store)", async () => {
    let finish!: () => void;
    const onNext = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <StepForm words={engineWords} module={module} formData={{}} widgets={widgets} onNext={onNext}
        actions={({ busy }) => (
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            Next
          </button>
        )}
      />,
    );
    await userEvent.type(screen.getByLabelText(/^Name/), 'Ann');
    await userEvent.type(screen.getByLabelText(/^Zip/), '20049');
    const next = screen.getByRole('button', { name: 'Next' });
    // The field left hands RJSF its value first (pointer down): what the press itself sets off is counted from then.
    act(() => next.focus());
    const rebuilds = vi.spyOn(Form.prototype, 'getStateFromProps');
    onTestFinished(() => rebuilds.mockRestore());
    await userEvent.click(next);
    await vi.waitFor(() => expect(next).toHaveAttribute('aria-disabled', 'true'));
    expect(rebuilds).not.toHaveBeenCalled();
    await act(async () => finish());
    expect(next).not.toHaveAttribute('aria-disabled');
    expect(rebuilds).not.toHaveBeenCalled();
  });
});

describe('a built step: one limit drives the rule and the input', () => {
  it("gives the additional cardholder's inputs the schema's limits as maxlength and minlength, and the mask's keypad", async () => {
    const { stepModules } = await import('../../generated/steps');
    const step2 = await stepModules.standard.additionalcard();
    render(<StepForm words={engineWords} module={step2} formData={{ requestAdditionalCard: true }} widgets={widgets} onNext={vi.fn()} actions={() => null} />);
    const last = screen.getByLabelText(/^Last name/);
    expect(last).toHaveAttribute('maxlength', '18');
    expect(last).toHaveAttribute('minlength', '3');
    const step1 = await stepModules.standard.accountholder();
    render(<StepForm words={engineWords} module={step1} formData={{}} widgets={widgets} services={{ messages: {}, verifySsn: async () => true, reportError: () => undefined }} onNext={vi.fn()} actions={() => null} />);
    const ssn = screen.getByLabelText(/social security/i);
    expect(ssn).toHaveAttribute('maxlength', '11');
    expect(ssn).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(ssn, '123a456789');
    expect(ssn).toHaveValue('123-45-6789');
  });
});

describe("the step's buttons", () => {
  it('are drawn again only when what they show changes: Next follows the field ui:options.nextRequires names, typing and its pauses draw nothing, and a click reads the data shown', async () => {
    const step = await compileFixture('buttons-step', { type: 'object', properties: { name: { type: 'string', title: 'Name' }, agree: { type: 'boolean', title: 'I agree' } } }, { 'ui:options': { nextRequires: 'agree' } });
    const drawn = vi.fn();
    let read: () => Record<string, unknown> = () => ({});
    render(
      <StepForm words={engineWords} module={step} formData={{}} widgets={widgets} onNext={vi.fn()}
        actions={({ nextDisabled, data }) => {
          drawn();
          read = data;
          return (
            <button type="submit" disabled={nextDisabled}>
              Next
            </button>
          );
        }}
      />,
    );
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    const before = drawn.mock.calls.length;
    await userEvent.type(screen.getByLabelText(/^Name/), 'Pat');
    // Typing pauses: the form shows what was typed.
    await act(() => new Promise((resolve) => setTimeout(resolve, SETTLE_MS * 2)));
    expect(read()).toEqual({ name: 'Pat' });
    expect(drawn).toHaveBeenCalledTimes(before);
    await userEvent.click(screen.getByLabelText(/I agree/));
    expect(next).toBeEnabled();
    expect(read()).toMatchObject({ name: 'Pat', agree: true });
  });
});

describe('a Next with errors, before RJSF has taken them (drawn from the step store: StepForm beginNext)', () => {
  it('follows a box ticked at once: its message goes, the others stay', async () => {
    const agreeing = await compileFixture(
      'agreeing-step',
      {
        type: 'object',
        required: ['name', 'agree'],
        properties: { name: { type: 'string', title: 'Name', minLength: 1 }, agree: { type: 'boolean', title: 'I agree', const: true, errorMessage: 'Agreeing is required.' } },
        errorMessage: { required: { name: 'Name is required.', agree: 'Agreeing is required.' } },
      } as never,
      { agree: { 'ui:widget': 'checkbox' } } as never,
    );
    render(
      <StepForm words={engineWords} module={agreeing} formData={{}} widgets={widgets} onNext={vi.fn()} actions={() => <button type="submit">Next</button>} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Agreeing is required.' })).toBeInTheDocument();
    // Ticked at once (the page is not idle yet in this test: its wait for that falls back to a second).
    await userEvent.click(screen.getByRole('checkbox'));
    expect(within(summary).queryByRole('link', { name: 'Agreeing is required.' })).not.toBeInTheDocument();
    expect(screen.queryByText('Agreeing is required.', { selector: '.field-error p' })).not.toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Name is required.' })).toBeInTheDocument();
    expect(screen.getByText('Name is required.', { selector: '.field-error p' })).toBeInTheDocument();
  });
});
