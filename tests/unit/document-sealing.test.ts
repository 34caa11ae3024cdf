// @vitest-environment node
/** A document is sealed as it arrives, into one buffer sized for it (issue 27: memory per upload): the chunks, sealed
 *  in place, open to the file sent, and nothing is written past the size the sealer was given. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dataProtection } from '../../src/server/crypto';

const { documents } = dataProtection(randomBytes(32));
const context = 'hsa/enrollment/7/document';

describe('the document sealer', () => {
  it('seals chunks of any size in place; the sealed file opens to the bytes sent, in its context only', () => {
    const file = randomBytes(200_000);
    const sealer = documents.sealer(context, 250_000);
    for (let at = 0; at < file.length; at += 65_536 + (at % 7)) sealer.write(file.subarray(at, at + 65_536 + (at % 7)));
    const sealed = sealer.seal();
    expect(sealed.length).toBe(1 + 12 + file.length + 16);
    expect(documents.open(sealed, context).equals(file)).toBe(true);
    expect(() => documents.open(sealed, 'hsa/enrollment/8/document')).toThrow();
  });

  it('an empty file seals and opens empty', () => {
    expect(documents.open(documents.sealer(context, 0).seal(), context).length).toBe(0);
  });

  it('refuses a chunk past the size it was given', () => {
    const sealer = documents.sealer(context, 10);
    sealer.write(Buffer.alloc(10));
    expect(() => sealer.write(Buffer.alloc(1))).toThrow(RangeError);
  });
});
