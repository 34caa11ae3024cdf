// @vitest-environment jsdom
/** A step drawn by the server and typed into before its script takes it over (issue 25, src/engine/takeover.ts):
 *  once React hydrates it, the form holds what each kind of field showed (text, a list, a box, a radio), through the
 *  field's own handlers; a step drawn in the browser (entered, or come back to with its values) is left as drawn. The browser test
 *  (tests/e2e/takeover.test.ts) types key by key into the real page before its real script. */
import { engineWords } from '../words';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { StepForm } from '../../src/engine/StepForm';
import { widgets } from '../../widgets';
import type { StepModule } from '../../src/engine/types';

let step1: StepModule;
beforeAll(async () => {
  const { stepModules } = await import('../../generated/steps');
  step1 = await stepModules.standard.accountholder();
});

const form = (onChange: (data: Record<string, unknown>) => void) => <StepForm words={engineWords} module={step1} formData={{}} widgets={widgets} onNext={vi.fn()} actions={() => null} onChange={onChange} />;
const field = <T extends Element>(container: HTMLElement, id: string) => container.querySelector<T>(`#${id}`)!;

describe('a step drawn by the server, taken over', () => {
  it('takes what was typed, picked and ticked before the script into the form', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(form(() => undefined));
    document.body.append(container);
    // A person, before the script: plain HTML fields do what they do.
    field<HTMLInputElement>(container, 'root_firstName').value = 'Pat';
    field<HTMLInputElement>(container, 'root_dob').value = '04151970';
    const state = field<HTMLSelectElement>(container, 'root_homeAddress_state');
    state.selectedIndex = [...state.options].findIndex((o) => o.text === 'District of Columbia');
    field<HTMLInputElement>(container, 'root_useAltMailingAddress').checked = true;
    // The first coverage, 'Individual'.
    field<HTMLInputElement>(container, 'root_group_coverage-0').checked = true;

    const onChange = vi.fn();
    await act(async () => {
      hydrateRoot(container, form(onChange));
    });
    const data = onChange.mock.lastCall![0] as { firstName: string; dob: string; homeAddress: { state: string }; useAltMailingAddress: boolean; group: { coverage: string } };
    expect(data.firstName).toBe('Pat');
    // Through the field's own handler: its mask formats what was typed.
    expect(data.dob).toBe('04-15-1970');
    expect(field<HTMLInputElement>(container, 'root_dob').value).toBe('04-15-1970');
    expect(data.homeAddress.state).toBe('DC');
    expect(data.useAltMailingAddress).toBe(true);
    expect(data.group.coverage).toBe('I');
    // A field left alone is left alone.
    expect(field<HTMLInputElement>(container, 'root_lastName').value).toBe('');
    expect(data).not.toHaveProperty('lastName');
    container.remove();
  });

  it('is told of nothing when the step is drawn in the browser, with values (a step come back to)', async () => {
    const onChange = vi.fn();
    render(<StepForm words={engineWords} module={step1} formData={{ firstName: 'Pat', homeAddress: { state: 'DC' } }} widgets={widgets} onNext={vi.fn()} actions={() => null} onChange={onChange} />);
    await act(async () => undefined);
    expect(onChange).not.toHaveBeenCalled();
  });
});
