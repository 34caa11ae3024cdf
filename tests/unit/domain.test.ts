// @vitest-environment node
/** Pure domain rules shared by browser and server (spec sections 3, 5 and 9). */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { displayDate, mdyToIso, parseIso, parseMdy, setClock } from '../../src/domain/dates';
import { maskSsn, maskSsnForReview } from '../../src/domain/ssn';
import { toWirePayload as transform } from '../../src/domain/transforms';
import { toMembershipRequest } from '../../src/domain/membership';
import { emptyPayload, type Payload } from '../../src/domain/payload';
import step1 from '../../generated/standard/accountholder.json';
import step2 from '../../generated/standard/additionalcard.json';
import step4 from '../../generated/standard/terms.json';
import aarpStep1 from '../../generated/aarp/accountholder.json';
import standardWire from '../../generated/standard/wire.json';
import english from '../../schemas/text.json';
import spanish from '../../schemas/es/text.json';
import aarpWire from '../../generated/aarp/wire.json';

// What the build made of the schemas: the step schemas as the form runs them, the wire schema as the server does.
type Node = { [k: string]: Node } & { maxLength?: number; enum?: string[] };
const accountholder = step1.schema as unknown as Node;
const additionalcard = step2.schema as unknown as Node;
const terms = step4.schema as unknown as Node;
const accountholderUi = step1.uiSchema as unknown as Record<string, Record<string, Record<string, unknown>>>;
const aarpPatch = aarpStep1.schema as unknown as Node;
/** The wire schema's definition of a field, looked up in its parts (the closing shape first, which declares none). */
const wireField = (path: string): Node => {
  for (const part of (standardWire.schema.allOf as unknown as Node[]).slice(1)) {
    let node: Node | undefined = part;
    for (const key of path.split('.')) node = node?.properties?.[key] ?? (node?.then as Node | undefined)?.properties?.[key];
    if (node) return node;
  }
  throw new Error(`no wire field ${path}`);
};
const wire = { properties: new Proxy({}, { get: (_t, k: string) => wireField(k) }) } as unknown as Node;
const toWirePayload = (p: object) => transform(p as never, standardWire.transforms as never);

beforeAll(() => setClock(() => new Date('2026-11-22T12:00:00Z')));
afterAll(() => setClock(() => new Date()));

const form: Payload = {
  ...emptyPayload(),
  firstName: 'Pat', middleInitial: 'Q', lastName: 'Doe', ssn: '123-45-6789', dob: '4/5/1970', homePhone: '202-555-0143', workPhone: '301-555-0100',
  email: 'pat@example.com', remail: 'pat@example.com', verificationCode: 'Secret',
  group: { id: 'demo100', name: 'Demo Employer Inc.', coverage: 'I', effectiveDate: '01-01-2026' },
  homeAddress: { line1: '1 Main St', city: 'Town', state: 'VA', zip: '22150' },
  mailingAddress: { line1: '2 Other St', city: 'Elsewhere', state: 'MD', zip: '20814' },
  additionalCard: { firstName: 'Sam', lastName: 'Doe' },
  tos: { accepted: true, requestElectronic: true, firstName: 'Pat', middleInitial: 'Q', lastName: 'Doe' },
};

describe('pre-send transformations', () => {
  it('strips dashes from the phones and the SSN, and sends dates as YYYY-MM-DD', () => {
    const w = toWirePayload(form);
    expect(w).toMatchObject({ ssn: '123456789', homePhone: '2025550143', workPhone: '3015550100', dob: '1970-04-05', individualEnrollment: true });
    expect(w.group).toEqual({ id: 'DEMO100', name: 'Demo Employer Inc.', coverage: 'I', effectiveDate: '2026-01-01' });
    expect(standardWire.transforms).toMatchObject({ ssn: 'digits', homePhone: 'digits', dob: 'isoDate', 'group.id': 'upper', 'group.effectiveDate': 'isoDate', 'tos.captcha': 'omit' });
    expect(aarpWire.transforms).toMatchObject({ aarpNum: 'digits' });
  });
  it('copies the home address into the mailing address when it is not different', () => {
    const w = toWirePayload(form);
    expect(w.useAltMailingAddress).toBe(false);
    expect(w.mailingAddress).toEqual(form.homeAddress);
  });
  it('keeps a different mailing address, and derives useAltMailingAddress from a given line 1', () => {
    expect(toWirePayload({ ...form, useAltMailingAddress: true })).toMatchObject({ useAltMailingAddress: true, mailingAddress: form.mailingAddress });
    expect(toWirePayload({ ...form, useAltMailingAddress: true, mailingAddress: {} })).toMatchObject({ useAltMailingAddress: false, mailingAddress: form.homeAddress });
  });
  it('defaults the effective date to today', () => {
    expect((toWirePayload({ ...form, group: { ...form.group, effectiveDate: undefined } }).group as { effectiveDate: string }).effectiveDate).toBe('2026-11-22');
  });
  it('sends the additional card only when requested, and the delivery choice as two flags', () => {
    expect(toWirePayload(form).additionalCard).toBeUndefined();
    expect(toWirePayload({ ...form, requestAdditionalCard: true }).additionalCard).toEqual({ firstName: 'Sam', lastName: 'Doe' });
    expect(toWirePayload(form).tos).toMatchObject({ requestElectronic: true, requestWelcomeKit: false });
    expect(toWirePayload({ ...form, tos: { ...form.tos, wantsMailedKit: true, requestWelcomeKit: true } }).tos).toMatchObject({ requestElectronic: false, requestWelcomeKit: true });
    // A kit ticked and then closed again ('Deliver electronically instead') is not a mailed kit.
    expect(toWirePayload({ ...form, tos: { ...form.tos, requestWelcomeKit: true } }).tos).toMatchObject({ requestElectronic: true, requestWelcomeKit: false });
  });
  it('passes a field a partner adds, trimmed, and leaves form-only fields out', () => {
    const w = toWirePayload({ ...form, employeeNumber: ' E-42 ', tos: { ...form.tos, captcha: true } });
    expect(w.employeeNumber).toBe('E-42');
    expect(w.tos).not.toHaveProperty('captcha');
  });
});

describe('dates', () => {
  it.each([
    ['04-15-1970', '1970-04-15'],
    ['4-5-1970', '1970-04-05'],
    ['4/5/1970', '1970-04-05'],
    ['12/31/1999', '1999-12-31'],
  ])('parses %s strictly', (input, iso) => expect(mdyToIso(input)).toBe(iso));
  it.each(['02-30-1970', '13-01-1970', '1970-04-15', '04-15-70', '04/15-1970', '4//5/1970', ''])('refuses %j', (input) => expect(parseMdy(input)).toBeNull());
  // dayjs's strict parse is the oracle: the parsers answer as it does, to the same local day.
  dayjs.extend(customParseFormat);
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  const range = (n: number) => [...Array(n).keys()];
  const years = [0, 1, 50, 99, 100, 999, 1000, 1900, 1970, 1999, 2000, 2023, 2024, 2100, 9999];
  /** The values where a parser and dayjs's strict parse with these formats disagree. */
  const disagreements = (values: string[], parse: (v: string) => Date | null, formats: string | string[]) =>
    values.filter((value) => {
      const theirs = dayjs(value, formats, true);
      return (parse(value)?.valueOf() ?? null) !== (theirs.isValid() ? theirs.valueOf() : null);
    });
  it('parses YYYY-MM-DD as strictly as dayjs does, to the same day', () => {
    const values = years.flatMap((y) => range(14).flatMap((m) => range(33).map((d) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`)));
    expect(disagreements(values, parseIso, 'YYYY-MM-DD')).toEqual([]);
    for (const value of ['1970-4-15', '19700-04-15', ' 1970-04-15', '1970/04/15', '1970-04-15T00:00', '', '\u0661\u0669\u0667\u0660-04-15']) expect(parseIso(value), value).toBeNull();
  });
  it('parses month-day-year as strictly as dayjs does with its eight formats, to the same day', () => {
    // Every month, and the days where months differ (each month's last days, one and two digits).
    const formats = ['MM-DD-YYYY', 'M-D-YYYY', 'MM/DD/YYYY', 'M/D/YYYY', 'M-DD-YYYY', 'MM-D-YYYY', 'M/DD/YYYY', 'MM/D/YYYY'];
    const values = years.flatMap((y) =>
      range(14).flatMap((m) =>
        [0, 1, 9, 10, 28, 29, 30, 31, 32].flatMap((d) =>
          [[String(m), String(d)], [pad(m, 2), pad(d, 2)], [String(m), pad(d, 2)], [pad(m, 2), String(d)]].flatMap(([mm, dd]) =>
            ['--', '//', '-/'].map(([a, b]) => `${mm}${a}${dd}${b}${pad(y, 4)}`),
          ),
        ),
      ),
    );
    expect(values.filter((v) => parseMdy(v)).length).toBeGreaterThan(1000);
    expect(disagreements(values, parseMdy, formats)).toEqual([]);
    for (const value of ['004-15-1970', '4-15-19700', '4-15-70', ' 4-15-1970', '4-15-1970 ', '4.15.1970', '4--15-1970', '\u0664-15-1970']) expect(parseMdy(value), value).toBeNull();
  });
  it("displays dates as 'MMMM D, YYYY', as typed or as sent, and each language its own way, by its words file", () => {
    expect(displayDate('2026-01-05', english.form)).toBe('January 5, 2026');
    expect(displayDate('01-05-2026', english.form)).toBe('January 5, 2026');
    expect(displayDate('2026-11-03', spanish.form)).toBe('3 de noviembre de 2026');
    expect(displayDate('not a date', english.form)).toBe('not a date');
  });
  it("names every month as the browser's own calendar does, without making an Intl formatter (a phone's ICU start)", () => {
    const days = Array.from({ length: 12 }, (_, m) => `1970-${String(m + 1).padStart(2, '0')}-15`);
    const intl = (language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
    const expected = { en: days.map((d) => intl('en-US').format(Date.parse(d))), es: days.map((d) => intl('es').format(Date.parse(d))) };
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect({ en: days.map((d) => displayDate(d, english.form)), es: days.map((d) => displayDate(d, spanish.form)) }).toEqual(expected);
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });
});

describe('SSN display', () => {
  it('masks after blur as six asterisks, a dash and the last 4', () => expect(maskSsn('123-45-6789')).toBe('******-6789'));
  it('shows XXX-XX- and the last 4 on Verify', () => expect(maskSsnForReview('123-45-6789')).toBe('XXX-XX-6789'));
});

describe('membership verification request', () => {
  it('sends the fields of spec section 3, dob as YYYY-MM-DD and the member id as digits', () => {
    expect(toMembershipRequest({ ...form, aarpNum: '123-456-789-0' })).toEqual({
      firstName: 'Pat', middleName: 'Q', lastName: 'Doe', dateOfBirth: '1970-04-05', addrLine1: '1 Main St', city: 'Town', state: 'VA', zip: '22150', memberId: '1234567890',
    });
  });
  it('leaves memberId out when none was given', () => expect(toMembershipRequest(form)).not.toHaveProperty('memberId'));
});

describe('the state list', () => {
  const options = accountholder.properties.homeAddress.properties.state.enum!;
  it('has the 50 states and DC, then FM GU MH MP PW VI, then AA AE AP', () => {
    expect(options).toHaveLength(60);
    expect(options.slice(0, 51)).toContain('DC');
    expect(options.slice(51)).toEqual(['FM', 'GU', 'MH', 'MP', 'PW', 'VI', 'AA', 'AE', 'AP']);
    expect(new Set(options).size).toBe(60);
  });
  it('shows each code by its name, Please Choose first', () => {
    const names = accountholderUi.homeAddress.state['ui:enumNames'] as string[];
    expect(names).toHaveLength(60);
    expect(names[options.indexOf('DC')]).toBe('District of Columbia');
    expect(accountholderUi.homeAddress.state['ui:placeholder']).toBe('Please Choose');
  });
  it('offers the same codes on the wire and for the mailing address', () => {
    expect(wire.properties.homeAddress.properties.state.enum).toEqual(options);
    expect(accountholder.then.properties.mailingAddress.properties.state.enum).toEqual(options);
    expect(accountholderUi.mailingAddress.state['ui:enumNames']).toEqual(accountholderUi.homeAddress.state['ui:enumNames']);
  });
});

describe('limits agree with spec section 9, in the step schemas and on the wire', () => {
  const h = accountholder.properties;
  it.each([
    ['first name', h.firstName.maxLength, 18, wire.properties.firstName.maxLength, 18],
    ['last name', h.lastName.maxLength, 18, wire.properties.lastName.maxLength, 18],
    ['middle initial', h.middleInitial.maxLength, 1, wire.properties.middleInitial.maxLength, 1],
    ['SSN (with dashes)', h.ssn.maxLength, 11, wire.properties.ssn.maxLength, 9],
    ['date of birth', h.dob.maxLength, 10, wire.properties.dob.maxLength, 10],
    ['phone', h.homePhone.maxLength, 12, wire.properties.homePhone.maxLength, 10],
    ['email', h.email.maxLength, 60, wire.properties.email.maxLength, 60],
    ['passcode', h.verificationCode.maxLength, 10, wire.properties.verificationCode.maxLength, 10],
    ['address line', h.homeAddress.properties.line1.maxLength, 30, wire.properties.homeAddress.properties.line1.maxLength, 30],
    ['city', h.homeAddress.properties.city.maxLength, 22, wire.properties.homeAddress.properties.city.maxLength, 22],
    ['zip', h.homeAddress.properties.zip.maxLength, 5, wire.properties.homeAddress.properties.zip.maxLength, 5],
    ['zip+4', h.homeAddress.properties.zipplus4.maxLength, 4, wire.properties.homeAddress.properties.zipplus4.maxLength, 4],
    ['group number', h.group.properties.id.maxLength, 9, wire.properties.group.properties.id.maxLength, 9],
    ['membership number', aarpPatch.properties.aarpNum.maxLength, 13, ((aarpWire.schema.allOf as unknown as Node[])[1].properties.aarpNum as Node).maxLength, 10],
    ['e-signature names', terms.properties.tos.properties.firstName.maxLength, 18, wire.properties.tos.properties.firstName.maxLength, 18],
    ['additional cardholder names', additionalcard.then.properties.additionalCard.properties.lastName.maxLength, 18, wire.properties.additionalCard.properties.lastName.maxLength, 18],
  ])('%s', (_what, step, stepBar, onWire, wireBar) => {
    expect(step).toBe(stepBar);
    expect(onWire).toBe(wireBar);
  });
});
