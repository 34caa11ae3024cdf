/** The enrollment payload of spec section 3, in the shape the form edits. */
export interface Address {
  line1?: string;
  city?: string;
  state?: string;
  zip?: string;
  zipplus4?: string;
}

export interface Names {
  firstName?: string;
  middleInitial?: string;
  lastName?: string;
}

export interface Payload extends Names {
  ssn?: string;
  dob?: string;
  homePhone?: string;
  workPhone?: string;
  email?: string;
  remail?: string;
  aarpNum?: string;
  verificationCode?: string;
  individualEnrollment: true;
  group: { id?: string; name?: string; coverage?: 'I' | 'F'; effectiveDate?: string };
  homeAddress: Address;
  useAltMailingAddress: boolean;
  mailingAddress: Address;
  requestAdditionalCard: boolean;
  additionalCard: Names;
  tos: Names & { accepted?: boolean; requestElectronic?: boolean; requestWelcomeKit?: boolean; deliveryMethod?: string; captcha?: boolean };
}

export const emptyPayload = (): Payload => ({
  individualEnrollment: true,
  group: {},
  homeAddress: {},
  useAltMailingAddress: false,
  mailingAddress: {},
  requestAdditionalCard: false,
  additionalCard: {},
  tos: {},
});
