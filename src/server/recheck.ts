/** Enroll re-checks, from the database, every decision the browser made before it sent the enrollment (issue 15):
 *  a live captcha grant of this session, an active group (whose stored name is the database's), and for the
 *  partner's group a membership this server verified for this session with the same member number, names, date
 *  of birth and zip, of a member not enrolled already (one enrollment per member). Read-only: the grant and the
 *  verification are claimed later, in the statement that stores the enrollment (enrollmentStore.ts). The facts are read in the same statement as the idempotency lookup and the
 *  SSN's duplicate check (enroll_check, migration 011): one round trip before the identity check, one after. */
import type { DataProtection } from './crypto';
import { fill } from '../engine/fill';
import type { EnrollmentStatements } from './enrollmentStore';
import { HttpError } from './errors';
import type { GrantRef } from './captchaGrants';
import { verifiedMemberHash } from './memberRoster';
import { inLanguage, partnerOfGroup, variants, type ServerVariant } from './validation';

const known = variants;

/** Spec section 8: 'Membership not verified', the variant's message with its partner's name and phone filled in. */
export function membershipRequired(v: ServerVariant | undefined, language: string): string {
  const values: Record<string, string> = { partner: v?.brand.partnerName ?? 'partner', supportPhone: v?.membership?.supportPhone ?? '' };
  return fill(inLanguage(v ?? known[0], language).messages.membershipRequired, values);
}

/** A member already enrolled (with any SSN): the partner's message, with its name filled in. */
function memberEnrolled(v: ServerVariant, language: string): string {
  return fill(inLanguage(v, language).messages.memberEnrolled, { partner: v.brand.partnerName ?? 'partner' });
}

export interface EnrollmentFacts {
  firstName: string;
  lastName: string;
  dob: string;
  aarpNum?: string;
  group: { id: string };
  homeAddress: { zip: string };
}

export interface Rechecked {
  /** The live captcha grant this enrollment will claim. */
  grant: GrantRef;
  /** The group as the database has it: its id (upper case) and name, stored in place of the body's. */
  group: { id: string; name: string };
  /** The membership verification this enrollment claims, or null when its group needs none. */
  verificationId: string | null;
  /** The member's index stored with the enrollment (a member enrolls once), or null when its group needs none. */
  memberIndex: string | null;
  /** The refusal to give if that verification is claimed by another enrollment before this one settles. Each refusal
   *  is made when asked: an accepted enrollment never needs them. */
  membershipMessage(): string;
  /** The refusal to give if another enrollment of this member is stored before this one settles. */
  memberEnrolledMessage(): string;
}

/** What enroll_check (migration 011) read in one statement: the idempotency lookup, the SSN's duplicate check and
 *  the facts of the re-check. */
export interface Checked {
  /** The answer already recorded under this Idempotency-Key, or null. */
  earlier: { status: number; body: string; requestHash: string } | null;
  /** The SSN is enrolled already. */
  duplicate: boolean;
  /** The re-check's verdict from the facts read: throws the refusal, else what settle() claims. To be called after
   *  an earlier answer has been given its chance (a retry gets its first answer even once the grant is spent). */
  recheck(): Rechecked;
}

/** `variant` is the request's, by the same rule as the browser: from the address the request came to (variantOf).
 *  `key` is the request's Idempotency-Key: a grant or verification already claimed under it belongs to a concurrent
 *  twin of this request, whose answer settle() will then return. One round trip to the database. */
export async function checkEnrollment(check: EnrollmentStatements['check'], protection: DataProtection, variant: ServerVariant, payload: EnrollmentFacts, grant: GrantRef | null, key: string, ssnIndex: string): Promise<Checked> {
  const groupId = payload.group.id.toUpperCase();
  const member = payload.aarpNum
    ? verifiedMemberHash(protection, { memberId: payload.aarpNum, firstName: payload.firstName, lastName: payload.lastName, dob: payload.dob, zip: payload.homeAddress.zip })
    : null;
  // The member alone, whoever the SSN: a keyed hash of the number, never the number.
  const memberIndex = payload.aarpNum ? protection.keyedHash('member-index', payload.aarpNum) : null;
  const facts = await check({ key, ssn_index: ssnIndex, group_id: groupId, token_hash: grant?.tokenHash ?? null, session_hash: grant?.sessionHash ?? null, member_hash: member, member_index: memberIndex });
  return {
    earlier: facts.status === null ? null : { status: facts.status, body: facts.body ?? '', requestHash: facts.request_hash ?? '' },
    duplicate: facts.duplicate,
    recheck() {
      const { messages } = variant;
      if (!grant) throw new HttpError(403, messages.captchaRequired);
      // On the partner's site the group is the partner's own: the browser sends no other.
      if (variant.membership && variant.groupCode && groupId !== variant.groupCode.toUpperCase()) throw new HttpError(422, messages.groupNotFound);
      if (!facts.grant_live) throw new HttpError(403, messages.captchaRequired);
      if (facts.group_name === null || facts.group_status !== 'active') throw new HttpError(422, messages.groupNotFound);
      // A partner's group (by its variant's group code, or flagged so in the database) admits verified members only,
      // whichever address the request came to.
      const partner = variant.membership ? variant : partnerOfGroup(groupId, false);
      const needsMember = Boolean(partner) || facts.is_aarp === true;
      const membershipMessage = () => membershipRequired(partner ?? partnerOfGroup(groupId, true), variant.language);
      if (needsMember && !facts.verification_id) throw new HttpError(403, membershipMessage());
      const memberEnrolledMessage = () => memberEnrolled(partner ?? variant, variant.language);
      if (needsMember && facts.member_enrolled) throw new HttpError(409, memberEnrolledMessage());
      return { grant, group: { id: groupId, name: facts.group_name }, verificationId: needsMember ? facts.verification_id : null, memberIndex: needsMember ? memberIndex : null, membershipMessage, memberEnrolledMessage };
    },
  };
}
