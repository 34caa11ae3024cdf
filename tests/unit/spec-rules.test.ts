// @vitest-environment node
/**
 * Spec section 5, table by table: each rule gives exactly the spec's message at its field, through the precompiled
 * validators the browser ships and the engine's error mapping; the wire schema gives them again on the server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { RJSFSchema } from '@rjsf/utils';
import { liftRequiredErrors } from '../../src/engine/errors';
import { setClock } from '../../src/domain/dates';
import { describeErrors, wireValidators } from '../../src/server/validation';
import type { WireModule } from '../../src/domain/site';
import { enrollment } from '../api/harness';

type Data = Record<string, unknown>;
type Errors = { path: string; message: string }[];

async function stepValidator(variant: string, step: string) {
  const mod = (await import(`../../generated/${variant}/${step}.validators.ts`)) as { default: Record<string, never> };
  const { schema } = (await import(`../../generated/${variant}/${step}.json`)).default as { schema: RJSFSchema };
  const validator = createPrecompiledValidator(mod.default, schema);
  return (data: Data): Errors => {
    const errors = liftRequiredErrors(validator.validateFormData(data, schema).errors).map((e) => ({ path: (e.property ?? '').replace(/^\./, ''), message: e.message ?? '' }));
    // A person only ever reads our messages, never Ajv's defaults ("must match ...", "must be ...").
    expect(errors.filter((e) => /^must /.test(e.message))).toEqual([]);
    return errors;
  };
}

const set = (data: Data, path: string, value: unknown): Data => {
  const [head, ...rest] = path.split('.');
  return { ...data, [head]: rest.length ? set((data[head] as Data) ?? {}, rest.join('.'), value) : value };
};
const without = (data: Data, path: string): Data => set(data, path, undefined);

const holder: Data = {
  firstName: 'Pat', middleInitial: 'Q', lastName: 'Doe', ssn: '123-45-6789', dob: '04-15-1970', homePhone: '202-555-0143', workPhone: '301-555-0100',
  email: 'pat@example.com', remail: 'pat@example.com', verificationCode: 'Secret',
  homeAddress: { line1: '1 Main St', city: 'Springfield', state: 'VA', zip: '22150', zipplus4: '1234' },
  useAltMailingAddress: false, mailingAddress: {}, group: { id: 'DEMO100', name: 'Demo Employer Inc.', coverage: 'I', effectiveDate: '01-01-2026' },
  requestAdditionalCard: false, additionalCard: {}, tos: {},
};

beforeAll(() => setClock(() => new Date('2026-11-22T12:00:00Z')));

/** [field path, value (undefined = left empty), the spec's message] */
const step1: [string, unknown, string][] = [
  ['firstName', undefined, 'First name is required.'],
  ['firstName', 'A'.repeat(19), 'No more than 18 chars allowed.'],
  ['firstName', 'J0hn', 'Please enter a valid Name.'],
  ['firstName', "O'Neil", 'Please enter a valid Name.'],
  ['middleInitial', 'AB', 'No more than 1 chars allowed.'],
  ['lastName', undefined, 'Last name is required.'],
  ['lastName', 'B'.repeat(19), 'No more than 18 chars allowed.'],
  ['lastName', 'Doe3', 'Please enter a valid Name.'],
  ['ssn', undefined, 'SSN is required.'],
  ['ssn', '123456789', 'Please use the format 999-99-9999'],
  ['ssn', '123-456-789', 'Please use the format 999-99-9999'],
  ['ssn', '111-11-1111', 'Please enter a valid SSN.'],
  ['ssn', '000-00-0000', 'Please enter a valid SSN.'],
  ['dob', undefined, 'Date of birth is required.'],
  ['dob', '02-30-1970', 'Invalid date.'],
  ['dob', '13-01-1970', 'Invalid date.'],
  ['dob', '1970-04-15', 'Invalid date.'],
  ['dob', '04-15-70', 'Invalid date.'],
  ['dob', '01-01-2009', 'Must be 18 or older.'],
  ['dob', '12/31/2009', 'Must be 18 or older.'],
  ['homePhone', undefined, 'Home phone number is required.'],
  ['homePhone', '202-555-014', 'Phone number must be entered as 555-555-5555.'],
  ['homePhone', '102-555-0143', 'Phone number cannot start with 0 or 1.'],
  ['homePhone', '002-555-0143', 'Phone number cannot start with 0 or 1.'],
  ['workPhone', '202-555', 'Phone number must be entered as 555-555-5555.'],
  ['workPhone', '102-555-0143', 'Phone number cannot start with 0 or 1.'],
  ['email', undefined, 'Email address is required.'],
  ['email', 'pat@example', 'Enter a valid Email Address.'],
  ['email', `${'a'.repeat(50)}@example.com`, 'Enter a valid Email Address.'],
  ['remail', undefined, 'Confirm your email address.'],
  ['remail', 'other@example.com', 'Email addresses do not match.'],
  ['verificationCode', undefined, 'Passcode code is required.'],
  ['verificationCode', 'abc123', 'Please enter a valid Passcode.'],
  ['verificationCode', 'abcdefghijk', 'Please enter a valid Passcode.'],
  ['homeAddress.line1', undefined, 'Home address is required.'],
  ['homeAddress.line1', '1 Main St, Apt 2', 'Please enter a valid home address.'],
  ['homeAddress.line1', 'A'.repeat(31), 'No more than 30 chars allowed.'],
  ['homeAddress.line1', 'PO Box 12', 'P.O. box not allowed.'],
  ['homeAddress.line1', 'P.O. Box 12', 'P.O. box not allowed.'],
  ['homeAddress.line1', 'p o box 9', 'P.O. box not allowed.'],
  ['homeAddress.city', undefined, 'City is required.'],
  ['homeAddress.city', 'St. Louis', 'City name may only contain letters, spaces, and dashes.'],
  ['homeAddress.state', undefined, 'State is required.'],
  ['homeAddress.zip', undefined, 'Zip code is required.'],
  ['homeAddress.zip', '1234', 'Zip Code must be 5 digits.'],
  ['homeAddress.zip', '12a45', 'Please enter a valid Zip code.'],
  ['homeAddress.zip', '00000', 'Please enter a valid Zip code.'],
  ['homeAddress.zipplus4', '123', 'Zip Plus 4 Code must be 4 digits.'],
  ['group.coverage', undefined, 'This is a required field.'],
  ['group.coverage', 'X', 'This is a required field.'],
  ['group.id', undefined, 'Group number or financial advisor number is required.'],
  ['group.id', 'AB-1', 'Please enter a Group number.'],
  ['group.id', 'ABCDEFGHIJ', 'Please enter a Group number.'],
  ['group.effectiveDate', undefined, 'HDHP effective date is required.'],
  ['group.effectiveDate', '2026-01-01', 'Date must be entered as mm-dd-yyyy.'],
  ['group.effectiveDate', '1/1/2026', 'Date must be entered as mm-dd-yyyy.'],
  ['group.effectiveDate', '02-30-2026', 'Date must be entered as mm-dd-yyyy.'],
];

describe('step 1, standard variant', () => {
  let validate: (d: Data) => Errors;
  beforeAll(async () => {
    validate = await stepValidator('standard', 'accountholder');
  });

  it('accepts a complete applicant', () => expect(validate(holder)).toEqual([]));
  it.each(['4-5-1970', '4/5/1970', '04/15/1970', '12-31-2008'])('accepts the date of birth %s', (dob) => expect(validate({ ...holder, dob })).toEqual([]));
  it('accepts an empty work phone and middle initial', () => expect(validate(without(without(holder, 'workPhone'), 'middleInitial'))).toEqual([]));

  it.each(step1)('%s = %j -> %s', (path, value, message) => {
    const errors = validate(value === undefined ? without(holder, path) : set(holder, path, value));
    expect(errors).toContainEqual({ path, message });
  });

  it('asks for the mailing address only when it is different, with its own message and no P.O. box check', () => {
    expect(validate({ ...holder, useAltMailingAddress: false, mailingAddress: {} })).toEqual([]);
    const errors = validate({ ...holder, useAltMailingAddress: true, mailingAddress: {} });
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'mailingAddress.line1', message: 'Address is required.' },
        { path: 'mailingAddress.city', message: 'City is required.' },
        { path: 'mailingAddress.state', message: 'State is required.' },
        { path: 'mailingAddress.zip', message: 'Zip code is required.' },
      ]),
    );
    expect(validate({ ...holder, useAltMailingAddress: true, mailingAddress: { line1: 'PO Box 12', city: 'Town', state: 'VA', zip: '22150' } })).toEqual([]);
  });
});

describe('step 1, membership variant', () => {
  let validate: (d: Data) => Errors;
  const member = { ...holder, aarpNum: '123-456-789-0', group: { coverage: 'F' } };
  beforeAll(async () => {
    validate = await stepValidator('aarp', 'accountholder');
  });
  it('needs no group number or effective date', () => expect(validate(member)).toEqual([]));
  it.each([
    [undefined, 'AARP number is required.'],
    ['123-456-78a-0', 'Please enter a valid AARP Member Number.'],
    ['123-456-789', 'AARP number must be entered as 123-456-789-0.'],
    ['1234567890', 'AARP number must be entered as 123-456-789-0.'],
  ])('membership number %j -> %s', (value, message) => {
    expect(validate(value === undefined ? without(member, 'aarpNum') : { ...member, aarpNum: value })).toContainEqual({ path: 'aarpNum', message });
  });
});

describe('step 2, additional cardholder', () => {
  let validate: (d: Data) => Errors;
  beforeAll(async () => {
    validate = await stepValidator('standard', 'additionalcard');
  });
  const card = (c: Data) => ({ ...holder, requestAdditionalCard: true, additionalCard: c });

  it('asks nothing when no card is requested', () => expect(validate({ ...holder, additionalCard: { firstName: '1' } })).toEqual([]));
  it('accepts another person', () => expect(validate(card({ firstName: 'Sam', middleInitial: 'R', lastName: 'Doe' }))).toEqual([]));
  it.each([
    [{ lastName: 'Doe' }, 'additionalCard.firstName', 'First name is required.'],
    [{ firstName: 'Sam' }, 'additionalCard.lastName', 'Last name is required.'],
    [{ firstName: 'S'.repeat(19), lastName: 'Doe' }, 'additionalCard.firstName', 'No more than 18 chars allowed.'],
    [{ firstName: 'Sam', lastName: 'D0e' }, 'additionalCard.lastName', 'Please enter a valid Name.'],
    [{ firstName: 'Sam', middleInitial: 'RS', lastName: 'Doe' }, 'additionalCard.middleInitial', 'No more than 1 chars allowed.'],
    [{ firstName: 'pat', lastName: 'DOE' }, 'additionalCard', 'Please enter the name of the additional cardholder.'],
    // Spec: a minimum length of 3 for the additional cardholder's last name (the holder's has none).
    [{ firstName: 'Sam', lastName: 'Li' }, 'additionalCard.lastName', 'Please enter at least 3 letters.'],
  ])('%j -> %s: %s', (c, path, message) => expect(validate(card(c))).toContainEqual({ path, message }));
});

describe('step 4, terms', () => {
  let validate: (d: Data) => Errors;
  beforeAll(async () => {
    validate = await stepValidator('standard', 'terms');
  });
  const signed = { accepted: true, requestElectronic: true, firstName: 'pat', middleInitial: 'q', lastName: 'DOE', captcha: true };
  const terms = (tos: Data) => ({ ...holder, tos });

  it('accepts a signed application (names match case-insensitively)', () => expect(validate(terms(signed))).toEqual([]));
  it('accepts the mailed kit instead of electronic delivery', () =>
    expect(validate(terms({ ...signed, requestElectronic: undefined, wantsMailedKit: true, requestWelcomeKit: true }))).toEqual([]));
  it.each([
    [{ ...signed, accepted: undefined }, 'tos.accepted', 'You must accept and agree to the terms and conditions to proceed.'],
    [{ ...signed, accepted: false }, 'tos.accepted', 'You must accept and agree to the terms and conditions to proceed.'],
    [{ ...signed, requestElectronic: undefined }, 'tos.requestElectronic', 'Delivery method selection is required.'],
    [{ ...signed, requestElectronic: false }, 'tos.requestElectronic', 'Delivery method selection is required.'],
    [{ ...signed, requestElectronic: undefined, wantsMailedKit: true }, 'tos.requestWelcomeKit', 'You must accept'],
    [{ ...signed, firstName: 'Sam' }, 'tos.firstName', "Must match applicant's First Name."],
    [{ ...signed, middleInitial: 'Z' }, 'tos.middleInitial', "Must match applicant's Middle Initial."],
    [{ ...signed, middleInitial: undefined }, 'tos.middleInitial', "Must match applicant's Middle Initial."],
    [{ ...signed, lastName: 'Smith' }, 'tos.lastName', "Must match applicant's Last Name."],
    [{ ...signed, lastName: undefined }, 'tos.lastName', "Must match applicant's Last Name."],
  ])('%j -> %s: %s', (tos, path, message) => expect(validate(terms(tos))).toContainEqual({ path, message }));
  it('needs the captcha solved', () => expect(validate(terms({ ...signed, captcha: undefined })).map((e) => e.path)).toContain('tos.captcha'));
});

describe('the wire payload, as the server checks it', () => {
  let wire: WireModule['validate'];
  beforeAll(async () => {
    wire = (await wireValidators()).standard.validate;
  });
  const check = (body: Data): Errors => (wire(body) ? [] : describeErrors(wire.errors).map((e) => ({ path: e.path === '/' ? '' : e.path, message: e.message })));
  it('accepts a transformed enrollment', () => expect(check(enrollment())).toEqual([]));
  it('answers in our messages only', () => {
    const errors = check({ ...enrollment(), requestAdditionalCard: true, additionalCard: { firstName: 'PAT', lastName: 'doe' }, ssn: 'x' });
    expect(errors.filter((e) => /^must /.test(e.message))).toEqual([]);
  });
  it.each([
    [{ ssn: '123-45-6789' }, '/ssn', 'Please use the format 999-99-9999'],
    [{ ssn: '999999999' }, '/ssn', 'Please enter a valid SSN.'],
    [{ dob: '2015-01-01' }, '/dob', 'Must be 18 or older.'],
    [{ dob: '1970-02-30' }, '/dob', 'Invalid date.'],
    [{ homePhone: '1025550143' }, '/homePhone', 'Phone number cannot start with 0 or 1.'],
    [{ homePhone: '202-555-0143' }, '/homePhone', 'Phone number must be entered as 555-555-5555.'],
    [{ firstName: 'X'.repeat(19) }, '/firstName', 'No more than 18 chars allowed.'],
    [{ firstName: ' - ' }, '/firstName', 'Please enter a valid Name.'],
    [{ lastName: '---' }, '/lastName', 'Please enter a valid Name.'],
    [{ homeAddress: { line1: '   ', city: 'Town', state: 'VA', zip: '22150' } }, '/homeAddress/line1', 'Please enter a valid home address.'],
    [{ homeAddress: { line1: '1 Main St', city: ' - ', state: 'VA', zip: '22150' } }, '/homeAddress/city', 'City name may only contain letters, spaces, and dashes.'],
    [{ dob: '1800-01-01' }, '/dob', 'Invalid date.'],
    [{ group: { id: 'DEMO100', coverage: 'I', effectiveDate: '1900-01-01' } }, '/group/effectiveDate', 'Date must be within 12 months of today.'],
    [{ group: { id: 'DEMO100', coverage: 'I', effectiveDate: '9999-01-01' } }, '/group/effectiveDate', 'Date must be within 12 months of today.'],
    [{ ssn: '000456789' }, '/ssn', 'Please enter a valid SSN.'],
    [{ ssn: '666456789' }, '/ssn', 'Please enter a valid SSN.'],
    [{ ssn: '900456789' }, '/ssn', 'Please enter a valid SSN.'],
    [{ ssn: '123006789' }, '/ssn', 'Please enter a valid SSN.'],
    [{ ssn: '123450000' }, '/ssn', 'Please enter a valid SSN.'],
    [{ middleName: 'Q' }, '', 'This field is not part of the enrollment.'],
    [{ group: { id: 'DEMO100', coverage: 'I', effectiveDate: '2026-01-01', extra: 'x' } }, '/group', 'This field is not part of the enrollment.'],
    [{ remail: 'other@example.com' }, '/remail', 'Email addresses do not match.'],
    [{ homeAddress: { line1: 'PO Box 1', city: 'Town', state: 'VA', zip: '22150' } }, '/homeAddress/line1', 'P.O. box not allowed.'],
    [{ homeAddress: { line1: '1 Main St', city: 'Town', state: 'VA', zip: '00000' } }, '/homeAddress/zip', 'Please enter a valid Zip code.'],
    [{ tos: { accepted: true, requestElectronic: false, requestWelcomeKit: false, firstName: 'Pat', lastName: 'Doe' } }, '/tos/requestElectronic', 'Delivery method selection is required.'],
    [{ requestAdditionalCard: true, additionalCard: { firstName: 'PAT', lastName: 'doe' } }, '/additionalCard', 'Please enter the name of the additional cardholder.'],
  ])('%j -> %s: %s', (patch, path, message) => expect(check({ ...enrollment(), ...patch })).toContainEqual({ path, message }));
});
