/** What the HSA site does around the engine's steps (spec section 4), as named rules. A step declares the rules it
 *  follows in its step list (`rules` in schemas/steps.json or a variant's own steps.json), as the VA's page
 *  configuration carries `onNavForward`: a step renamed or added by a partner keeps or gains a rule by naming it,
 *  and no code here knows a step's id. Each rule acts at one or more moments: entering the step, its starting data,
 *  before Next (where it may keep the applicant on the step) and before Previous. The rules run in the order the
 *  step lists them; their names are the enum of schemas/meta/steps.schema.json (a test holds the two together). */
import { details } from './details';
import { variant } from './variant';
import { effectiveDateStore, setGroupCookie } from './state';
import { useSiteStatus } from './siteStatus';
import { fetchCsrfToken, NETWORK_ERROR } from '../api/client';
import { withTimeout } from '../engine/loading';
import { getPath, setPath } from '../engine/paths';
import type { StepEntry } from '../engine/types';
import type { StepRefusal } from '../engine/StepForm';
import { requestsAdditionalCard, usesMailingAddress } from '../domain/transforms';
import { membershipFields } from '../domain/membership';
import { fill } from '../engine/fill';
import { currentWords } from './words';

type Data = Record<string, unknown>;

/** A rule keeps the applicant on the step and marks fields to check (see StepRefusal). */
export class Refused {
  constructor(readonly refusal: StepRefusal) {}
}

export interface StepRule {
  /** On entering the step, with the address's query. */
  enter?: (params: URLSearchParams) => void;
  /** The step's starting data. */
  initial?: (data: Data, params: URLSearchParams) => Data;
  /** Before moving on; null keeps the applicant on the step, as a refusal does with fields marked. */
  next?: (data: Data) => Data | null | Refused | Promise<Data | null | Refused>;
  /** Going back: the data kept, given what was saved when the step was last left. */
  previous?: (data: Data, saved: Data) => Data;
}

export const stepRules = {
  /** Fetches the CSRF token and sets the groupID cookie (the address's group, else the variant's). */
  startSession: {
    enter(params) {
      void fetchCsrfToken();
      setGroupCookie(params.get('group') ?? variant.groupCookie);
    },
  },
  /** The group number comes from the address's group parameter, unless one was entered. */
  groupFromAddress: {
    initial(data, params) {
      const group = params.get('group');
      return group && !getPath(data, 'group.id') ? setPath(data, 'group.id', group) : data;
    },
  },
  /** Spec section 4: once the step is done 'the SSN is cleared from the field' (in the membership variant, when the
   *  verified dialog closes). The SSN sent stays in the wizard's payload: Verify shows its last 4 digits and the
   *  enrollment carries it. Only the field is cleared: an applicant who comes back finds it empty and, as it is
   *  required, types the SSN again to move on (its format and duplicate checks run again on what is typed). We
   *  chose this over keeping the real SSN behind a masked field with a 're-enter' offer: it is what the spec says,
   *  needs no second mode in the SSN widget, and never puts a stored SSN back into the page. Leaving the step any
   *  other way (Back in the browser) keeps the SSN already given. */
  ssnFieldStartsEmpty: {
    initial({ ssn: _sent, ...data }) {
      return data;
    },
  },
  /** Spec section 4: a mailing address that is not different is blanked. */
  mailingAddressOnlyIfDifferent: {
    next: (data) => (usesMailingAddress(data) ? data : { ...data, mailingAddress: {} }),
  },
  /** The partner's membership check (a variant without one skips it): its group, no effective date. The check loads
   *  with the variant's dialogs (Wizard.tsx); if its code cannot be fetched the applicant stays on the step, in the
   *  network-error state. A membership not verified marks the fields the check was made of (those with a value) and
   *  says what to check, under the not-verified dialog's title. */
  membershipCheck: {
    async next(data) {
      if (!details.membership) return data;
      const withGroup = setPath(setPath(data, 'group.effectiveDate', undefined), 'group.id', details.groupCode);
      const outcome = await withTimeout(() => import('./membership')).then(
        (m) => m.checkMembership(withGroup),
        () => {
          useSiteStatus.getState().report(NETWORK_ERROR);
          return 'stay' as const;
        },
      );
      if (outcome === 'verified') return withGroup;
      if (outcome === 'stay') return null;
      const { text, messages } = currentWords();
      const message = fill(messages.membershipCheck, { partner: variant.brand.partnerName ?? '' });
      const given = (path: string) => {
        const value = getPath(data, path);
        return value !== undefined && value !== '';
      };
      const marked = membershipFields.filter(given);
      return new Refused({ title: text.dialogs.membershipNotVerifiedTitle, messages: Object.fromEntries(marked.map((path) => [path, message])) });
    },
  },
  /** The effective date is kept for the session and the group typed goes in the groupID cookie (a variant with the
   *  membership check has its own group, and no date). */
  rememberGroup: {
    next(data) {
      if (details.membership) return data;
      const effectiveDate = getPath(data, 'group.effectiveDate');
      if (typeof effectiveDate === 'string' && effectiveDate) effectiveDateStore.set(effectiveDate);
      const groupId = getPath(data, 'group.id');
      if (typeof groupId === 'string' && groupId) setGroupCookie(groupId);
      return data;
    },
  },
  /** The session's effective date is forgotten once the terms are signed. */
  forgetEffectiveDate: {
    next(data) {
      effectiveDateStore.clear();
      return data;
    },
  },
  /** Spec section 4: going back, what was typed for the additional card is kept only when its box is ticked. */
  additionalCardOnlyIfRequested: {
    previous: (data, saved) => (requestsAdditionalCard(data) ? data : { ...data, additionalCard: saved.additionalCard }),
  },
} satisfies Record<string, StepRule>;

export type StepRuleName = keyof typeof stepRules;

/** The rules a step names (the build has checked the names against the meta-schema's list). */
const rulesOf = (step: StepEntry): StepRule[] => (step.rules ?? []).map((name) => (stepRules as Record<string, StepRule>)[name]).filter(Boolean);

export function enterStep(step: StepEntry, params: URLSearchParams): void {
  for (const rule of rulesOf(step)) rule.enter?.(params);
}

export function initialData(step: StepEntry, payload: Data, params: URLSearchParams): Data {
  return rulesOf(step).reduce((data, rule) => rule.initial?.(data, params) ?? data, payload);
}

/** Before moving on; null or a refusal keeps the applicant on the step (the first rule that says so stops the rest). */
export async function beforeNext(step: StepEntry, submitted: Data): Promise<Data | null | Refused> {
  let data: Data = submitted;
  for (const rule of rulesOf(step)) {
    if (!rule.next) continue;
    const kept = await rule.next(data);
    if (kept === null || kept instanceof Refused) return kept;
    data = kept;
  }
  return data;
}

export function beforePrevious(step: StepEntry, data: Data, saved: Data): Data {
  return rulesOf(step).reduce((kept, rule) => rule.previous?.(kept, saved) ?? kept, data);
}
