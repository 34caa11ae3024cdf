/** The server decides an enrollment with each variant's pass/fail wire check (generated/<variant>/wire.check.ts) and
 *  words a refusal with the full validator (wire.validator.ts), the browser's. Both are compiled from one schema:
 *  they must give the same verdict on every payload, or the server would accept what the browser refuses (or refuse
 *  with no error to show). Checked on a valid enrollment of each partner and on every field of it missing, emptied,
 *  of the wrong type, or holding a value that breaks one of the spec's rules. */
import { beforeAll, describe, expect, it } from 'vitest';
import { wireValidators, type ServerWire } from '../../src/server/validation';
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

const REPLACEMENTS: unknown[] = [undefined, '', ' ', 'x', 'X'.repeat(300), 0, -1, 12.5, true, false, null, [], {}, '2015-01-01', '1970-02-30', '000000000', '1025550143', 'PO Box 1', 'pat@example', '<b>'];

/** Each partner's valid enrollment, as its site sends it (the member's number and the partner's group). */
const valid = (variant: string): Data => (variant === 'aarp' ? enrollment({ aarpNum: '1234567890', group: { id: 'AARP01', coverage: 'I', effectiveDate: firstOfThisMonth('YYYY-MM-DD') } }) : enrollment());

describe('the server\'s wire check and the wire validator', () => {
  let wires: Record<string, ServerWire>;
  beforeAll(async () => {
    wires = await wireValidators();
  });

  it.each(['standard', 'aarp'])('pass a valid enrollment on %s', (variant) => {
    expect(wires[variant].validate(valid(variant))).toBe(true);
    expect(wires[variant].passes(valid(variant))).toBe(true);
  });

  it.each(['standard', 'aarp'])('give the same verdict on %s for every field missing, emptied, mistyped or breaking a rule', (variant) => {
    const wire = wires[variant];
    const body = valid(variant);
    let refused = 0;
    for (const path of [...paths(body), ['extra'], ['group', 'extra'], ['additionalCard'], ['middleInitial']]) {
      for (const value of REPLACEMENTS) {
        const changed = setAt(body, path, value);
        const verdict = wire.validate(changed);
        expect({ path: path.join('.'), value, passes: wire.passes(changed) }).toEqual({ path: path.join('.'), value, passes: verdict });
        if (!verdict) refused++;
      }
    }
    // Mostly refusals: a check that passed everything fails above.
    expect(refused).toBeGreaterThan(200);
  });
});
