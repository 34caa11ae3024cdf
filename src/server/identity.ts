import type { MembershipRequest } from '../domain/membership';

/** Identity verification behind an interface; the sandbox provider is deterministic (README lists its identities). */
export type IdentityOutcome = 'success' | 'partial';

export interface IdentityProvider {
  /** Resolves to the outcome; rejects when the provider fails. */
  verify(person: { ssn: string; firstName: string; lastName: string; dob: string }): Promise<IdentityOutcome>;
}

export class IdentityProviderError extends Error {}

/** SSN serial 9999: documents needed (partial); 9998: the provider fails; anything else: success. */
export const sandboxIdentity: IdentityProvider = {
  async verify({ ssn }) {
    const serial = ssn.slice(-4);
    if (serial === '9998') throw new IdentityProviderError('Identity provider unavailable');
    return serial === '9999' ? 'partial' : 'success';
  },
};

/** The partner's membership check behind an interface; the sandbox reads the members table. */

export type { MembershipRequest };

export interface MembershipProvider {
  verify(request: MembershipRequest): Promise<boolean>;
}
