/** What the HSA site does around the engine's steps (spec section 4): stored values, checks before moving on. */
import { variant } from './variant';
import { details } from './details';
import { effectiveDateStore, setGroupCookie } from './state';
import { useSiteStatus } from './siteStatus';
import { fetchCsrfToken, NETWORK_ERROR } from '../api/client';
import { withTimeout } from '../engine/loading';
import { getPath, setPath } from '../engine/paths';

type Data = Record<string, unknown>;

/** On entering a step: step 1 fetches the CSRF token and sets the groupID cookie. */
export function enterStep(stepId: string, params: URLSearchParams): void {
  if (stepId !== 'accountholder') return;
  void fetchCsrfToken();
  setGroupCookie(params.get('group') ?? variant.groupCookie);
}

/** A step's starting data: on step 1 the group number comes from the address's group parameter, and the SSN
 *  field starts empty. */
export function initialData(stepId: string, payload: Data, params: URLSearchParams): Data {
  if (stepId !== 'accountholder') return payload;
  // Spec section 4: once step 1 is done 'the SSN is cleared from the field' (in the membership variant, when the
  // verified dialog closes). The SSN sent stays in the wizard's payload: Verify shows its last 4 digits and the
  // enrollment carries it. Only the field is cleared: an applicant who comes back to step 1 finds it empty and, as
  // it is required, types the SSN again to move on (its format and duplicate checks run again on what is typed).
  // We chose this over keeping the real SSN behind a masked field with a 're-enter' offer: it is what the spec says,
  // needs no second mode in the SSN widget, and never puts a stored SSN back into the page. Leaving step 1 any other
  // way (Back in the browser) keeps the SSN already given.
  const { ssn: _sent, ...data } = payload;
  const group = params.get('group');
  if (group && !getPath(data, 'group.id')) return setPath(data, 'group.id', group);
  return data;
}

/** Before moving on; null keeps the applicant on the step. */
export async function beforeNext(stepId: string, submitted: Data, _params: URLSearchParams): Promise<Data | null> {
  // Spec section 4: a mailing address that is not different is blanked.
  const data = stepId === 'accountholder' && submitted.useAltMailingAddress !== true ? { ...submitted, mailingAddress: {} } : submitted;
  if (stepId === 'accountholder' && details.membership) {
    // The membership variant has no effective date; the group is the partner's own.
    const withGroup = setPath(setPath(data, 'group.effectiveDate', undefined), 'group.id', details.groupCode);
    // The check loads with the variant's dialogs (Wizard.tsx); if its code cannot be fetched the applicant stays on
    // the step, in the network-error state.
    const checked = await withTimeout(() => import('./membership')).then(
      (m) => m.checkMembership(withGroup),
      () => {
        useSiteStatus.getState().report(NETWORK_ERROR);
        return false;
      },
    );
    return checked ? withGroup : null;
  }
  if (stepId === 'accountholder') {
    const effectiveDate = getPath(data, 'group.effectiveDate');
    if (typeof effectiveDate === 'string' && effectiveDate) effectiveDateStore.set(effectiveDate);
    const groupId = getPath(data, 'group.id');
    if (typeof groupId === 'string' && groupId) setGroupCookie(groupId);
  }
  if (stepId === 'terms') effectiveDateStore.clear();
  return data;
}

/** Going back: step 2 keeps what was typed for the additional card only when the box is ticked (spec section 4). */
export function beforePrevious(stepId: string, data: Data, saved: Data): Data {
  if (stepId === 'additionalcard' && data.requestAdditionalCard !== true) return { ...data, additionalCard: saved.additionalCard };
  return data;
}
