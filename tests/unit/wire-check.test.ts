/** The server decides an enrollment with each variant's pass/fail wire check (generated/<variant>/wire.check.ts) and
 *  words a refusal with the full validator (wire.validator.ts), the browser's. Both are compiled from one schema:
 *  they must give the same verdict on every payload, or the server would accept what the browser refuses (or refuse
 *  with no error to show). Checked on a valid enrollment of each partner, with each conditional rule on in turn, and
 *  on every field of it missing, emptied, of the wrong type, breaking one of the spec's rules, or holding a value
 *  valid elsewhere. */
import { beforeAll, describe, expect, it } from 'vitest';
import { wireRefusal, wireValidators, type ServerWire } from '../../src/server/validation';
import { enrollment } from '../api/harness';
import { firstOfThisMonth } from '../dates';

type Data = Record<string, unknown>;

/** The payload with the value at `path` set to `value` (undefined: removed). */
const setAt = (data: Data, [head, ...rest]: string[], value: unknown): Data => {
  const next = rest.length ? setAt((data[head] as Data) ?? {}, rest, value) : value;
  const copy = { ...data, [head]: next };
  if (next === undefined) delete copy[head];
  return copy;
};

/** Every value's path in the payload, objects included. */
const paths = (data: Data, prefix: string[] = []): string[][] =>
  Object.entries(data).flatMap(([k, v]) => (v && typeof v === 'object' ? [[...prefix, k], ...paths(v as Data, [...prefix, k])] : [[...prefix, k]]));

/** Values each field is given in turn: invalid anywhere, or valid in some field (so a check that accepted what the
 *  validator refuses, the direction that would store an invalid enrollment, is tried too). */
const REPLACEMENTS: unknown[] = [
  ...[undefined, '', ' ', 'x', 'X'.repeat(300), 0, -1, 12.5, true, false, null, [], {}, '2015-01-01', '1970-02-30', '000000000', '1025550143', 'PO Box 1', 'pat@example', '<b>'],
  ...['VA', '12345', '1234', 'J', 'en', 'es', 'F', 'I', 'Pat', 'Doe', 'PAT.DOE@EXAMPLE.COM ', '3035550100', '1958-04-15'],
];

/** Each partner's valid enrollment, as its site sends it (the member's number and the partner's group). */
const valid = (variant: string): Data => (variant === 'aarp' ? enrollment({ aarpNum: '1234567890', group: { id: 'AARP01', coverage: 'I', effectiveDate: firstOfThisMonth('YYYY-MM-DD') } }) : enrollment());

/** The valid enrollment with each conditional rule of the steps turned on in turn: another mailing address, an
 *  additional card (and one in the applicant's own name, which a rule refuses), a middle initial signed on the terms,
 *  the welcome kit by mail, a work phone and Spanish. */
const OWN_NAME_CARD = 3;
const starts = (variant: string): Data[] => {
  const body = valid(variant);
  const tos = body.tos as Data;
  return [
    body,
    { ...body, useAltMailingAddress: true, mailingAddress: { line1: '2 Oak Ave', city: 'Reston', state: 'VA', zip: '20190', zipplus4: '1234' } },
    { ...body, requestAdditionalCard: true, additionalCard: { firstName: 'Sam', middleInitial: 'Q', lastName: 'Doe' } },
    // OWN_NAME_CARD
    { ...body, requestAdditionalCard: true, additionalCard: { firstName: 'Pat', lastName: 'Doe' } },
    { ...body, middleInitial: 'J', tos: { ...tos, middleInitial: 'j' } },
    { ...body, tos: { ...tos, wantsMailedKit: true, requestWelcomeKit: true, firstName: 'pat ', lastName: 'DOE' } },
    { ...body, language: 'es', workPhone: '3035550100' },
  ];
};

describe('the server\'s wire check and the wire validator', () => {
  let wires: Record<string, ServerWire>;
  beforeAll(async () => {
    wires = await wireValidators();
  });

  it.each(['standard', 'aarp'])('pass a valid enrollment on %s, with each conditional rule on, and refuse a card in the applicant\'s name', (variant) => {
    const expected = starts(variant).map((_, i) => i !== OWN_NAME_CARD);
    expect(starts(variant).map((body) => wires[variant].validate(body))).toEqual(expected);
    expect(starts(variant).map((body) => wires[variant].passes(body))).toEqual(expected);
  });

  it.each(['standard', 'aarp'])('give the same verdict on %s for every field missing, emptied, mistyped or breaking a rule', (variant) => {
    const wire = wires[variant];
    const verdicts = { passed: 0, refused: 0 };
    const extraPaths = [['extra'], ['group', 'extra'], ['group', 'name'], ['aarpNum'], ['middleInitial'], ['workPhone'], ['language'], ['tos', 'wantsMailedKit'], ['tos', 'middleInitial'], ['additionalCard', 'firstName'], ['additionalCard', 'middleInitial'], ['mailingAddress', 'zipplus4']];
    for (const [start, body] of starts(variant).entries()) {
      for (const path of [...paths(body), ...extraPaths]) {
        for (const value of REPLACEMENTS) {
          const changed = setAt(body, path, value);
          const verdict = wire.validate(changed);
          expect({ start, path: path.join('.'), value, passes: wire.passes(changed) }).toEqual({ start, path: path.join('.'), value, passes: verdict });
          verdicts[verdict ? 'passed' : 'refused']++;
        }
      }
    }
    for (const notAnObject of [null, [], 'x', 0]) expect(wire.passes(notAnObject)).toBe(wire.validate(notAnObject));
    // Both verdicts are well represented: a check that passed, or refused, everything fails above.
    expect(verdicts.refused).toBeGreaterThan(1000);
    expect(verdicts.passed).toBeGreaterThan(300);
  });

  it('refuse with every error the validator words, and accept what the validator accepts should the check refuse it', () => {
    const wire = wires.standard;
    expect(wireRefusal(wire, valid('standard'))).toBeNull();
    const refused = wireRefusal(wire, setAt(valid('standard'), ['ssn'], '000000000'));
    expect(refused?.map((e) => e.instancePath)).toContain('/ssn');
    // A date rule read on either side of midnight: the check refused, the validator, a moment later, accepts.
    const midnight: ServerWire = { ...wire, passes: () => false };
    expect(wireRefusal(midnight, valid('standard'))).toBeNull();
    // The same body the other way stays refused, with its errors.
    const refusing: ServerWire = { ...wire, passes: () => false, validate: Object.assign(() => false, { errors: [{ instancePath: '/dob', keyword: 'errorMessage', message: 'x' }] }) };
    expect(wireRefusal(refusing, valid('standard'))).toEqual([{ instancePath: '/dob', keyword: 'errorMessage', message: 'x' }]);
  });
});
