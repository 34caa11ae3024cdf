/** The membership verification request (spec section 3). */
import type { Payload } from './payload';
import { mdyToIso } from './dates';

export interface MembershipRequest {
  firstName: string;
  middleName: string;
  lastName: string;
  dateOfBirth: string;
  addrLine1: string;
  city: string;
  state: string;
  zip: string;
  memberId?: string;
}

/** The form's fields the request is made of (dotted paths), in the order the step shows them. */
export const membershipFields = ['aarpNum', 'firstName', 'middleInitial', 'lastName', 'dob', 'homeAddress.line1', 'homeAddress.city', 'homeAddress.state', 'homeAddress.zip'] as const;

export function toMembershipRequest(p: Payload): MembershipRequest {
  const memberId = (p.aarpNum ?? '').replace(/\D/g, '');
  return {
    firstName: p.firstName ?? '',
    middleName: p.middleInitial ?? '',
    lastName: p.lastName ?? '',
    dateOfBirth: p.dob ? mdyToIso(p.dob) : '',
    addrLine1: p.homeAddress?.line1 ?? '',
    city: p.homeAddress?.city ?? '',
    state: p.homeAddress?.state ?? '',
    zip: p.homeAddress?.zip ?? '',
    ...(memberId ? { memberId } : {}),
  };
}
