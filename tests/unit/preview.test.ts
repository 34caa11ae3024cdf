/** The preview's messages (src/engine/errors.ts): each field's messages as RJSF hands them, and only the fields whose
 *  messages differ from RJSF's, each keeping its list while it does not change (so it does not re-render). */
import { describe, expect, it } from 'vitest';
import type { RJSFValidationError } from '@rjsf/utils';
import { changedMessages, messagesById } from '../../src/engine/errors';

const error = (property: string, message: string): RJSFValidationError => ({ property, message, stack: `${property} ${message}` });

describe('messages by field', () => {
  it('keys each message by its field id, in order, once each', () => {
    const byId = messagesById([error('.firstName', 'A'), error('.homeAddress.zip', 'B'), error('.firstName', 'C'), error('.firstName', 'A')]);
    expect(Object.fromEntries(byId)).toEqual({ root_firstName: ['A', 'C'], root_homeAddress_zip: ['B'] });
  });

  it('keeps only the fields whose messages differ from those shown, reusing the previous list while it is the same', () => {
    const shown = [error('.firstName', 'required'), error('.lastName', 'required')];
    const first = changedMessages([error('.lastName', 'required'), error('.email', 'invalid')], shown, null);
    expect(Object.fromEntries(first)).toEqual({ root_firstName: [], root_email: ['invalid'] });
    const previous = { data: {}, errors: [], byId: first };
    const second = changedMessages([error('.lastName', 'required'), error('.email', 'invalid'), error('.ssn', 'taken')], shown, previous);
    expect(second.get('root_firstName')).toBe(first.get('root_firstName'));
    expect(second.get('root_email')).toBe(first.get('root_email'));
    expect(second.get('root_ssn')).toEqual(['taken']);
    expect(second.has('root_lastName')).toBe(false);
  });
});
