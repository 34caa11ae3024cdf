/** What the HSA site does around the engine's steps (spec section 4): stored values, checks before moving on. */
import { variant } from './variant';
import { effectiveDateStore, setGroupCookie } from './state';
import { fetchCsrfToken } from '../api/client';
import { checkMembership } from './membership';
import { getPath, setPath } from '../engine/paths';

type Data = Record<string, unknown>;

/** On entering a step: step 1 fetches the CSRF token and sets the groupID cookie. */
export function enterStep(stepId: string, params: URLSearchParams): void {
  if (stepId !== 'accountholder') return;
  void fetchCsrfToken();
  setGroupCookie(params.get('group') ?? variant.groupCookie);
}

/** A step's starting data: on step 1 the group number comes from the address's group parameter. */
export function initialData(stepId: string, payload: Data, params: URLSearchParams): Data {
  const group = params.get('group');
  if (stepId === 'accountholder' && group && !getPath(payload, 'group.id')) return setPath(payload, 'group.id', group);
  return payload;
}

/** Before moving on; null keeps the applicant on the step. */
export async function beforeNext(stepId: string, submitted: Data, _params: URLSearchParams): Promise<Data | null> {
  // Spec section 4: a mailing address that is not different is blanked.
  const data = stepId === 'accountholder' && submitted.useAltMailingAddress !== true ? { ...submitted, mailingAddress: {} } : submitted;
  if (stepId === 'accountholder' && variant.membership) {
    // The membership variant has no effective date; the group is the partner's own.
    const withGroup = setPath(setPath(data, 'group.effectiveDate', undefined), 'group.id', variant.groupCode);
    return (await checkMembership(withGroup)) ? withGroup : null;
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
