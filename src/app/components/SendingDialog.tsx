/** 'Verifying Information' while the enrollment is on its way: from the press that sends it until its answer. The
 *  wizard draws it beside its other dialogs, so one dialog stays open (and focused) while the screen behind it
 *  changes from the last step to the outcome's. */
import { create } from 'zustand';
import { useWizard } from '../wizardStore';
import { VerifyingInformation } from './VerifyingInformation';

/** The press that sends the enrollment was made, and the sending has not begun yet. */
const pressed = create<{ sending: boolean }>(() => ({ sending: false }));

/** Next on the step before the outcome: the dialog is drawn at once, over that step (Wizard.tsx). */
export const showSending = () => pressed.setState({ sending: true });
/** The sending begins (ThankYou.tsx): from here the submission's own state keeps the dialog open. */
export const sendingBegun = () => pressed.setState({ sending: false });

export function SendingDialog() {
  const sending = pressed((s) => s.sending);
  const pending = useWizard((s) => s.submission?.status === 'pending');
  return sending || pending ? <VerifyingInformation /> : null;
}
