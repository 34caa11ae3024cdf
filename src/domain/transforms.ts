/** Pre-send transformations (spec section 5): the form's payload becomes the wire payload the server checks.
 *  Field by field, the variant's transforms (derived from the schemas' x-mask and x-wire) apply; then the
 *  spec's structural rules: the mailing address, the effective date, the delivery choice, the additional card. */
import type { Payload } from './payload';
import { isoToday, mdyToIso } from './dates';
import type { WireModule } from './site';

type Data = Record<string, unknown>;
type Transforms = WireModule['transforms'];

const isData = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);

const fieldTransforms: Record<Exclude<Transforms[string], 'omit'>, (v: string) => string> = {
  digits: (v) => v.replace(/\D/g, ''),
  isoDate: mdyToIso,
  upper: (v) => v.toUpperCase(),
};

/** Text trimmed and blanks dropped; each field's transform applied; form-only fields left out. */
function transformFields(value: Data, transforms: Transforms, prefix = ''): Data {
  const out: Data = {};
  for (const [key, v] of Object.entries(value)) {
    const path = prefix + key;
    const transform = transforms[path];
    if (transform === 'omit' || v === undefined || v === null) continue;
    if (isData(v)) out[key] = transformFields(v, transforms, `${path}.`);
    else if (typeof v === 'string') {
      const text = v.trim();
      if (text !== '') out[key] = transform ? fieldTransforms[transform](text) : text;
    } else out[key] = v;
  }
  return out;
}

/** Spec section 4: the applicant's mailing address is their own only when its box is ticked (else the home address). */
export const usesMailingAddress = (data: Data): boolean => data.useAltMailingAddress === true;
/** Spec section 4: an additional card is asked for only when its box is ticked. */
export const requestsAdditionalCard = (data: Data): boolean => data.requestAdditionalCard === true;

export function toWirePayload(p: Payload | Data, transforms: Transforms): Data {
  const w = transformFields(p as Data, transforms) as Data & Payload;
  const home = isData(w.homeAddress) ? w.homeAddress : {};
  const alt = usesMailingAddress(w) && isData(w.mailingAddress) && typeof w.mailingAddress.line1 === 'string';
  // One delivery choice: the mailed kit when it was opened and ticked, else paperless.
  const tos = isData(w.tos) ? w.tos : {};
  const kit = tos.wantsMailedKit === true && tos.requestWelcomeKit === true;
  const wire: Data = {
    ...w,
    individualEnrollment: true,
    useAltMailingAddress: alt,
    mailingAddress: alt ? w.mailingAddress : home,
    requestAdditionalCard: requestsAdditionalCard(w),
    group: { ...(isData(w.group) ? w.group : {}), effectiveDate: (isData(w.group) && w.group.effectiveDate) || isoToday() },
    tos: { ...tos, wantsMailedKit: kit, requestWelcomeKit: kit, requestElectronic: !kit && tos.requestElectronic === true },
  };
  if (!requestsAdditionalCard(w)) delete wire.additionalCard;
  return wire;
}
