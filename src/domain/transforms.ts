/** Pre-send transformations (spec section 5): the form's payload becomes the wire payload the server checks. */
import type { Address, Names, Payload } from './payload';
import { isoToday, mdyToIso } from './dates';
import { ssnDigits } from './ssn';

const digits = (v: string | undefined): string | undefined => (v ? v.replace(/\D/g, '') : undefined);
const text = (v: string | undefined): string | undefined => (v && v.trim() !== '' ? v.trim() : undefined);

function address(a: Address): Address {
  return { line1: text(a.line1), city: text(a.city), state: a.state, zip: a.zip, zipplus4: text(a.zipplus4) };
}

function names(n: Names): Names {
  return { firstName: text(n.firstName), middleInitial: text(n.middleInitial), lastName: text(n.lastName) };
}

/** Drops undefined members so the wire JSON holds only what was given. */
function compact<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function toWirePayload(p: Payload): Record<string, unknown> {
  const alt = p.useAltMailingAddress === true && Boolean(text(p.mailingAddress?.line1));
  const group = p.group ?? {};
  const kit = p.tos?.requestWelcomeKit === true;
  return compact({
    ...names(p),
    ssn: p.ssn ? ssnDigits(p.ssn) : undefined,
    dob: p.dob ? mdyToIso(p.dob) : undefined,
    homePhone: digits(p.homePhone),
    workPhone: digits(p.workPhone),
    email: text(p.email),
    remail: text(p.remail),
    aarpNum: digits(p.aarpNum),
    verificationCode: text(p.verificationCode),
    individualEnrollment: true,
    group: {
      id: group.id ? group.id.toUpperCase() : undefined,
      name: text(group.name),
      coverage: group.coverage,
      effectiveDate: group.effectiveDate ? mdyToIso(group.effectiveDate) : isoToday(),
    },
    homeAddress: address(p.homeAddress ?? {}),
    useAltMailingAddress: alt,
    mailingAddress: address(alt ? p.mailingAddress : (p.homeAddress ?? {})),
    requestAdditionalCard: p.requestAdditionalCard === true,
    additionalCard: p.requestAdditionalCard === true ? names(p.additionalCard ?? {}) : undefined,
    tos: {
      accepted: p.tos?.accepted === true,
      requestElectronic: !kit && p.tos?.requestElectronic === true,
      requestWelcomeKit: kit,
      ...names(p.tos ?? {}),
    },
  });
}
