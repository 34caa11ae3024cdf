// @vitest-environment jsdom
/** What the site does around the steps (spec section 4), as the step list declares it by rule name: the standard
 *  list's steps follow their rules, a step of any name follows the rules it names, and the names the list may use
 *  are exactly the rules there are. */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { beforeNext, beforePrevious, enterStep, initialData, stepRules } from '../../src/app/stepRules';
import { EFFECTIVE_DATE_KEY } from '../../src/app/state';
import type { StepEntry } from '../../src/engine/types';

const list = JSON.parse(readFileSync('schemas/steps.json', 'utf8')) as { steps: StepEntry[] };
const standard = (id: string) => list.steps.find((s) => s.id === id)!;
/** The same rules under another name, as a partner's own steps.json may have them. */
const renamed = (id: string): StepEntry => ({ ...standard(id), id: `${id}renamed`, route: `${id}-renamed` });

type Data = Record<string, unknown>;

describe.each([
  ['the standard step list', standard],
  ['a step list whose steps are renamed', renamed],
])('%s', (_, step) => {
  beforeEach(() => sessionStorage.clear());

  it('blanks the mailing address on step 1 when it is not different, and keeps it when it is', async () => {
    const mailing = { line1: '2 Other St', city: 'Town', state: 'VA', zip: '22150' };
    expect(((await beforeNext(step('accountholder'), { useAltMailingAddress: false, mailingAddress: mailing })) as Data).mailingAddress).toEqual({});
    expect(((await beforeNext(step('accountholder'), { useAltMailingAddress: true, mailingAddress: mailing })) as Data).mailingAddress).toEqual(mailing);
  });

  it('keeps the effective date for the session after step 1 and clears it after step 4', async () => {
    await beforeNext(step('accountholder'), { group: { id: 'DEMO100', effectiveDate: '01-01-2026' } });
    expect(sessionStorage.getItem(EFFECTIVE_DATE_KEY)).toBe('01-01-2026');
    expect(document.cookie).toContain('groupID=DEMO100');
    await beforeNext(step('terms'), {});
    expect(sessionStorage.getItem(EFFECTIVE_DATE_KEY)).toBeNull();
  });

  it('saves the additional card on Previous only when its box is ticked', () => {
    const saved = { additionalCard: { firstName: 'Old' } };
    expect(beforePrevious(step('additionalcard'), { requestAdditionalCard: false, additionalCard: { firstName: 'New' } }, saved).additionalCard).toEqual({ firstName: 'Old' });
    expect(beforePrevious(step('additionalcard'), { requestAdditionalCard: true, additionalCard: { firstName: 'New' } }, saved).additionalCard).toEqual({ firstName: 'New' });
  });

  it('takes the group number on step 1 from the address, unless one was entered, and starts the SSN field empty', () => {
    const withGroup = new URLSearchParams('group=DEMO100');
    expect(initialData(step('accountholder'), { group: {}, ssn: '123-45-6789' }, withGroup)).toEqual({ group: { id: 'DEMO100' } });
    expect(initialData(step('accountholder'), { group: { id: 'OTHER' } }, withGroup)).toEqual({ group: { id: 'OTHER' } });
    expect(initialData(step('additionalcard'), { group: {}, ssn: '123-45-6789' }, withGroup)).toEqual({ group: {}, ssn: '123-45-6789' });
  });

  it('sets the groupID cookie from the address on entering step 1', () => {
    enterStep(step('accountholder'), new URLSearchParams('group=ENTERED1'));
    expect(document.cookie).toContain('groupID=ENTERED1');
    enterStep(step('additionalcard'), new URLSearchParams('group=ENTERED2'));
    expect(document.cookie).not.toContain('groupID=ENTERED2');
  });
});

describe('a step with no rules', () => {
  it('is left as it is at every moment', async () => {
    const plain: StepEntry = { id: 'plain', route: 'plain', schema: 'plain' };
    const data = { useAltMailingAddress: false, mailingAddress: { line1: 'x' }, ssn: '123-45-6789' };
    expect(await beforeNext(plain, data)).toBe(data);
    expect(initialData(plain, data, new URLSearchParams('group=X'))).toBe(data);
    expect(beforePrevious(plain, data, {})).toBe(data);
  });
});

describe('the rule names a step list may use', () => {
  it('are exactly the rules there are (schemas/meta/steps.schema.json)', () => {
    const meta = JSON.parse(readFileSync('schemas/meta/steps.schema.json', 'utf8'));
    expect([...meta.properties.steps.items.properties.rules.items.enum].sort()).toEqual(Object.keys(stepRules).sort());
  });
});
