// @vitest-environment node
/** What the browser's client makes of the SSN check's answers: an answer is a verdict or a refusal with the server's
 *  message; only no answer (unreachable, 5xx, 408, 429) is a network error, which keeps the check pending. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR, Refused, verifySsn } from '../../src/api/client';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (String(url).endsWith('/csrf-token') ? new Response('{"token":"t"}') : new Response(JSON.stringify(body), { status }))),
  );
}
afterEach(() => vi.unstubAllGlobals());

describe('verifySsn', () => {
  it('answers true for a new SSN and false for one that has an account', async () => {
    answer(200, true);
    expect(await verifySsn('123-45-6789')).toBe(true);
    answer(200, false);
    expect(await verifySsn('123-45-6789')).toBe(false);
  });

  it("throws Refused with the server's message for the field on a 400", async () => {
    answer(400, { message: 'The request is not valid.', errors: [{ path: '/ssn', message: 'Please enter a valid SSN.' }] });
    const refusal = verifySsn('111-11-1111');
    await expect(refusal).rejects.toBeInstanceOf(Refused);
    await expect(refusal).rejects.toThrow('Please enter a valid SSN.');
  });

  it("throws Refused with the server's own message when it names no field", async () => {
    answer(422, { message: 'Not today.' });
    await expect(verifySsn('123-45-6789')).rejects.toThrow(new Refused('Not today.'));
  });

  it.each([500, 502, 503, 408, 429])('takes %i for no answer: a network error, to be tried again', async (status) => {
    answer(status, { message: 'whatever' });
    const error = await verifySsn('123-45-6789').catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(Refused);
    expect(error).toEqual(new Error(NETWORK_ERROR));
  });

  it('takes an unreachable server for no answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(verifySsn('123-45-6789')).rejects.toEqual(new Error(NETWORK_ERROR));
  });
});
