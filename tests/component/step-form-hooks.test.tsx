// @vitest-environment jsdom
/** StepForm's hooks for a form whose data shows elsewhere (the studio's): onChange hears the data the form shows,
 *  a field with ui:options.eachKey reports each key at once (others once typing pauses), and updateFormData derives
 *  the data the form takes (a change of one field that empties another). */
import { engineWords } from '../words';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StepForm } from '../../src/engine/StepForm';
import { widgets } from '../../widgets';
import type { StepModule } from '../../src/engine/types';

let step1: StepModule;
beforeAll(async () => {
  const { stepModules } = await import('../../generated/steps');
  step1 = await stepModules.standard.accountholder();
});

function renderStep(props: Partial<Parameters<typeof StepForm>[0]>, uiSchema = step1.uiSchema) {
  render(<StepForm words={engineWords} module={{ ...step1, uiSchema }} formData={{}} widgets={widgets} onNext={vi.fn()} actions={() => null} {...props} />);
}

describe('StepForm, told of each change', () => {
  it('tells onChange of each key in a field with eachKey, and of the others once typing pauses', async () => {
    const onChange = vi.fn();
    renderStep({ onChange }, { ...step1.uiSchema, firstName: { ...step1.uiSchema.firstName, 'ui:options': { eachKey: true } } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Al');
    expect(onChange.mock.calls.map(([data]) => data.firstName)).toEqual(['A', 'Al']);
    onChange.mockClear();
    await user.type(screen.getByLabelText('Last name'), 'Bo');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'Al', lastName: 'Bo' })));
  });

  it('draws the data updateFormData derives: a change of one field empties another', async () => {
    const updateFormData = (data: Record<string, unknown>) => (data.firstName === 'Zed' && data.lastName ? { ...data, lastName: undefined } : data);
    renderStep({ updateFormData });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Last name'), 'Bo');
    await user.type(screen.getByLabelText('First name'), 'Zed');
    expect(screen.getByLabelText<HTMLInputElement>('Last name').value).toBe('Bo');
    await user.tab();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Last name').value).toBe(''));
  });
});
