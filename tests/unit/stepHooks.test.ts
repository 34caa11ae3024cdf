// @vitest-environment jsdom
/** What the site does around the steps (spec section 4). */
import { beforeEach, describe, expect, it } from 'vitest';
import { beforeNext, beforePrevious, initialData } from '../../src/app/stepHooks';
import { EFFECTIVE_DATE_KEY } from '../../src/app/state';

const params = new URLSearchParams();

describe('step hooks', () => {
  beforeEach(() => sessionStorage.clear());

  it('blanks the mailing address on step 1 when it is not different, and keeps it when it is', async () => {
    const mailing = { line1: '2 Other St', city: 'Town', state: 'VA', zip: '22150' };
    expect((await beforeNext('accountholder', { useAltMailingAddress: false, mailingAddress: mailing }, params))?.mailingAddress).toEqual({});
    expect((await beforeNext('accountholder', { useAltMailingAddress: true, mailingAddress: mailing }, params))?.mailingAddress).toEqual(mailing);
  });

  it('keeps the effective date for the session after step 1 and clears it after step 4', async () => {
    await beforeNext('accountholder', { group: { id: 'DEMO100', effectiveDate: '01-01-2026' } }, params);
    expect(sessionStorage.getItem(EFFECTIVE_DATE_KEY)).toBe('01-01-2026');
    expect(document.cookie).toContain('groupID=DEMO100');
    await beforeNext('terms', {}, params);
    expect(sessionStorage.getItem(EFFECTIVE_DATE_KEY)).toBeNull();
  });

  it('saves the additional card on Previous only when its box is ticked', () => {
    const saved = { additionalCard: { firstName: 'Old' } };
    expect(beforePrevious('additionalcard', { requestAdditionalCard: false, additionalCard: { firstName: 'New' } }, saved).additionalCard).toEqual({ firstName: 'Old' });
    expect(beforePrevious('additionalcard', { requestAdditionalCard: true, additionalCard: { firstName: 'New' } }, saved).additionalCard).toEqual({ firstName: 'New' });
  });

  it('takes the group number on step 1 from the address, unless one was entered', () => {
    const withGroup = new URLSearchParams('group=DEMO100');
    expect(initialData('accountholder', { group: {} }, withGroup)).toEqual({ group: { id: 'DEMO100' } });
    expect(initialData('accountholder', { group: { id: 'OTHER' } }, withGroup)).toEqual({ group: { id: 'OTHER' } });
    expect(initialData('additionalcard', { group: {} }, withGroup)).toEqual({ group: {} });
  });
});
