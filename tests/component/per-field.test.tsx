// @vitest-environment jsdom
/** A keystroke re-renders the field typed in, not the whole step: before Next (validation on leaving a field) and
 *  after it (every change validated once typing pauses). Counted on the standard step 1, every widget of it wrapped in
 *  a counter. */
import { engineWords } from '../words';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Form, { getDefaultRegistry } from '@rjsf/core';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import { StepForm } from '../../src/engine/StepForm';
import { SETTLE_MS } from '../../src/engine/settle';
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
  step1 = await stepModules.standard.accountholder();
});

/** The props React last drew an element with (kept on the node by React DOM): the same object until React draws that
 *  element again. */
const reactProps = (element: Element): unknown => Object.entries(element).find(([key]) => key.startsWith('__reactProps$'))?.[1];

/** The fields whose widgets rendered since `before`, and how often. */
function renderedSince(before: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...renders].filter(([id, n]) => n !== (before.get(id) ?? 0)).map(([id, n]) => [id, n - (before.get(id) ?? 0)]));
}

/** The fields other than `id` whose widgets rendered since `before`. */
const othersSince = (before: Map<string, number>, id: string) => Object.keys(renderedSince(before)).filter((other) => other !== id);

/** Each time RJSF draws the step from here to the test's end: whether it validates each change by then. */
function recordRjsfDraws(): string[] {
  const drawnForms: string[] = [];
  const draw = Form.prototype.render;
  const drawing = vi.spyOn(Form.prototype, 'render').mockImplementation(function (this: Form) {
    drawnForms.push(String(this.props.liveValidate));
    return draw.call(this);
  });
  onTestFinished(() => drawing.mockRestore());
  return drawnForms;
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

    // The input shows each keystroke by itself: no field re-renders while the applicant types, nor when typing
    // pauses (no message follows typing before Next); leaving the field hands the form the change (and RJSF checks
    // the step, as it does whenever a field is left before Next).
    let before = new Map(renders);
    await userEvent.type(first, 'Ann');
    expect(first).toHaveValue('Ann');
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS * 2));
    expect(renderedSince(before)).toEqual({});
    await userEvent.tab();
    expect(renderedSince(before)).toHaveProperty('root_firstName');

    // After Next every change is validated once typing pauses: no other field re-renders, and the message follows.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Last name is required.' })).toBeInTheDocument();
    expect(first).not.toHaveAttribute('aria-invalid');
    before = new Map(renders);
    const links = new Map(within(summary).getAllByRole('link').map((link) => [link, reactProps(link)]));
    await userEvent.type(first, ' ');
    await userEvent.clear(first);
    await userEvent.type(first, ' ');
    expect(first).toHaveValue(' ');
    await waitFor(() => expect(within(summary).getByRole('link', { name: 'Please enter a valid Name.' })).toBeInTheDocument());
    expect(othersSince(before, 'root_firstName')).toEqual([]);
    // The summary redraws the item whose message changed, not the list: every other link kept what React gave it.
    const kept = [...links].filter(([link]) => link.isConnected);
    expect(kept.length).toBeGreaterThan(5);
    for (const [link, props] of kept) expect({ link: link.textContent, same: reactProps(link) === props }).toEqual({ link: link.textContent, same: true });
    expect(first).toHaveAttribute('aria-invalid', 'true');
    before = new Map(renders);
    await userEvent.type(first, 'A');
    await waitFor(() => expect(first).not.toHaveAttribute('aria-invalid'));
    expect(othersSince(before, 'root_firstName')).toEqual([]);
    expect(within(summary).queryByRole('link', { name: 'Please enter a valid Name.' })).not.toBeInTheDocument();

    // Another field (once the first, left, has handed the form its value): no other re-renders.
    const last = screen.getByLabelText(/^Last name/);
    await userEvent.click(last);
    before = new Map(renders);
    await userEvent.type(last, 'Doe');
    await waitFor(() => expect(within(summary).queryByRole('link', { name: 'Last name is required.' })).not.toBeInTheDocument());
    expect(othersSince(before, 'root_lastName')).toEqual([]);
    expect(onNext).not.toHaveBeenCalled();
  });

  it('a Next with errors is drawn from the store, not by RJSF, which takes its errors in one render once the page is idle', async () => {
    renders.clear();
    const onNext = renderStep1();
    const before = new Map(renders);
    const drawnForms = recordRjsfDraws();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    // The press's render: the messages, the summary (focused) and each field's invalid state, with no field drawn by RJSF.
    expect(drawnForms).toEqual([]);
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: 'First name is required.' })).toBeInTheDocument();
    expect(screen.getByText('Last name is required.', { selector: '.field-error p' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(renderedSince(before)).toEqual({});
    // Once the page is idle RJSF validates what was pressed, and each change from then on, in one render: a field
    // with a message is drawn once, one without none, and the same summary keeps its items and the focus.
    await waitFor(() => expect(drawnForms).toEqual(['onChange']), { timeout: 3000 });
    const drawn = renderedSince(before);
    expect(drawn).toMatchObject({ root_firstName: 1, root_ssn: 1, root_homeAddress_zip: 1, root_group_id: 1 });
    expect(Object.entries(drawn).filter(([, times]) => times !== 1)).toEqual([]);
    expect(screen.getByRole('alert')).toBe(summary);
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: 'First name is required.' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toHaveAttribute('aria-invalid', 'true');
    // A second Next with the same errors is counted too: the summary takes the focus again.
    (document.activeElement as HTMLElement).blur();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(summary).toHaveFocus());
    expect(onNext).not.toHaveBeenCalled();
  });

  it('a change RJSF takes before it has the errors of a press settles the press at once: every other message stays', async () => {
    renderStep1();
    const drawnForms = recordRjsfDraws();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = screen.getByRole('alert');
    const first = screen.getByLabelText(/^First name/);
    // A value put in whole reaches RJSF at once, without the field being left (which has RJSF validate the step).
    await userEvent.click(first);
    await userEvent.paste('Ann');
    // The press is settled as RJSF takes the change, not once the page is idle: RJSF holds every message from then on.
    expect(drawnForms.at(-1)).toBe('onChange');
    expect(within(summary).queryByRole('link', { name: 'First name is required.' })).not.toBeInTheDocument();
    expect(first).not.toHaveAttribute('aria-invalid');
    expect(within(summary).getByRole('link', { name: 'Last name is required.' })).toBeInTheDocument();
    expect(screen.getByText('Last name is required.', { selector: '.field-error p' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Last name/)).toHaveAttribute('aria-invalid', 'true');
    // And the idle page adds nothing: RJSF draws the step no more.
    const drawnThen = drawnForms.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(drawnForms.length).toBe(drawnThen);
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

  it('RJSF rebuilds the step once per field typed in, when it is left, not once per pause: the messages follow the typing meanwhile', async () => {
    const rebuilds = vi.spyOn(Form.prototype, 'getStateFromProps');
    renderStep1();
    const atMount = rebuilds.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert');
    // The press itself rebuilds nothing: the step is not drawn again for it, so RJSF is not handed the data it
    // reported (its defaults) as new props. It hears that it validates each change from now on once the press's
    // frame is out: one rebuild, then.
    await waitFor(() => expect(rebuilds.mock.calls.slice(atMount).map(([props]) => props.liveValidate)).toEqual(['onChange']));
    const first = screen.getByLabelText(/^First name/);
    rebuilds.mockClear();
    await userEvent.type(first, ' ');
    await waitFor(() => expect(within(summary).getByRole('link', { name: 'Please enter a valid Name.' })).toBeInTheDocument());
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription(/Please enter a valid Name\./);
    await userEvent.type(first, '{Backspace}Ann');
    await waitFor(() => expect(within(summary).queryByRole('link', { name: 'Please enter a valid Name.' })).not.toBeInTheDocument());
    expect(within(summary).queryByRole('link', { name: 'First name is required.' })).not.toBeInTheDocument();
    expect(first).not.toHaveAttribute('aria-invalid');
    expect(rebuilds).not.toHaveBeenCalled();
    // Leaving the field hands RJSF the value: one rebuild, and the same messages as the preview showed.
    const shown = within(summary).getAllByRole('link').map((link) => link.textContent);
    await userEvent.tab();
    expect(rebuilds).toHaveBeenCalledTimes(1);
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(shown);
    rebuilds.mockRestore();
  });

  it("a keystroke's events reach no element on their way to the field, React's root included: the window's listeners hear them, the field takes them, Enter submits", async () => {
    const inReact = vi.fn();
    const atWindow = vi.fn();
    const types = ['keydown', 'keypress', 'beforeinput', 'input', 'keyup'];
    for (const type of types) window.addEventListener(type, atWindow, true);
    onTestFinished(() => {
      for (const type of types) window.removeEventListener(type, atWindow, true);
    });
    const onNext = vi.fn();
    render(
      <div onKeyDownCapture={inReact} onKeyUpCapture={inReact} onInputCapture={inReact} onBeforeInputCapture={inReact} onKeyDown={inReact} onInput={inReact}>
        <StepForm words={engineWords} module={step1} formData={{ firstName: 'Ann' }} widgets={{ ...getDefaultRegistry().widgets, ...widgets }} services={services} onNext={onNext} actions={() => <button type="submit">Next</button>} />
      </div>,
    );
    const last = screen.getByLabelText(/^Last name/);
    await userEvent.type(last, 'Doe');
    expect(last).toHaveValue('Doe');
    expect(new Set(atWindow.mock.calls.map(([e]) => (e as Event).type))).toEqual(new Set(types));
    expect(inReact).not.toHaveBeenCalled();
    // The form has the value (leaving the field hands it over), and Enter in a field still submits: the summary shows
    // what else is missing, without the last name.
    await userEvent.type(last, '{Enter}');
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Date of birth is required.' })).toBeInTheDocument();
    expect(within(summary).queryByRole('link', { name: 'Last name is required.' })).not.toBeInTheDocument();
    // (The key let go after Enter goes to the summary, which has taken the focus.)
    expect(inReact.mock.calls.filter(([e]) => (e as Event).target === last)).toEqual([]);
    expect(onNext).not.toHaveBeenCalled();
  });

  it("a field drawn again for its messages leaves its input's other attributes alone (React sets an input's name and type again at any update)", async () => {
    renderStep1();
    const first = screen.getByLabelText(/^First name/);
    const changed: string[] = [];
    const observer = new MutationObserver((records) => changed.push(...records.map((r) => r.attributeName ?? r.type)));
    observer.observe(first, { attributes: true });
    onTestFinished(() => observer.disconnect());
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('alert');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(changed).toEqual(['aria-invalid']));
  });

  it('typing waits for one pause: one timer, however many keys, and the messages follow once it is over', async () => {
    renderStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert');
    const first = screen.getByLabelText(/^First name/);
    const timers = vi.spyOn(window, 'setTimeout');
    onTestFinished(() => timers.mockRestore());
    await userEvent.type(first, 'Anna');
    expect(timers.mock.calls.filter(([, ms]) => ms === SETTLE_MS)).toHaveLength(1);
    expect(within(summary).getByRole('link', { name: 'First name is required.' })).toBeInTheDocument();
    await waitFor(() => expect(within(summary).queryByRole('link', { name: 'First name is required.' })).not.toBeInTheDocument());
  });
});
