// @vitest-environment node
/** What the browser's client makes of the server's answers: a verdict, a refusal with the server's message, or (for
 *  the enrollment) a server failure with its words; only no answer (unreachable, 408, 429; a 5xx for the SSN check)
 *  is a network error, which keeps a check pending. A 403 is sent again only for an expired session. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enroll, NETWORK_ERROR, Refused, ServerFailed, verifySsn } from '../../src/api/client';

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

describe('enroll', () => {
  it("throws Refused with the server's message on a 409, a 403 and a 400", async () => {
    for (const [status, message] of [
      [409, 'Our records show that you already have a Health Savings Account with us.'],
      [403, 'An active membership is required to open this account.'],
      [400, 'The enrollment is not valid.'],
    ] as const) {
      answer(status, { message });
      await expect(enroll({}, 'key')).rejects.toThrow(new Refused(message));
    }
  });

  it("throws ServerFailed with the server's own words on a 5xx: an answer, not a connection error", async () => {
    answer(502, { message: 'We could not verify your identity right now. Please try again later.' });
    const error = await enroll({}, 'key').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerFailed);
    expect((error as Error).message).toBe('We could not verify your identity right now. Please try again later.');
  });

  it.each([408, 429])('takes %i for no answer', async (status) => {
    answer(status, { message: 'wait' });
    await expect(enroll({}, 'key')).rejects.toEqual(new Error(NETWORK_ERROR));
  });
});

describe('a 403', () => {
  /** Answers the enrollment with `first`, then with success; counts the enrollments sent. */
  function answers(first: { status: number; body: unknown }) {
    let sent = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url).endsWith('/csrf-token')) return new Response('{"token":"t"}');
        return sent++ === 0 ? new Response(JSON.stringify(first.body), { status: first.status }) : new Response('success');
      }),
    );
    return () => sent;
  }

  it('for an expired session takes a new token and sends once more', async () => {
    const sent = answers({ status: 403, body: { message: 'Your session has expired. Reload the page.', code: 'sessionExpired' } });
    expect(await enroll({}, 'key')).toBe('success');
    expect(sent()).toBe(2);
  });

  it('for anything else is a refusal, told and not sent again', async () => {
    const sent = answers({ status: 403, body: { message: 'An active membership is required to open this account.' } });
    await expect(enroll({}, 'key')).rejects.toBeInstanceOf(Refused);
    expect(sent()).toBe(1);
  });
});

describe('the session token', () => {
  it('is asked for once by posts sent together before the session has one: each answer would set a new secret', async () => {
    const { forgetToken } = await import('../../src/api/session');
    forgetToken();
    const tokens: string[] = [];
    let issued = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).endsWith('/csrf-token')) {
          await new Promise((r) => setTimeout(r, 10));
          return new Response(JSON.stringify({ token: `t${++issued}` }));
        }
        tokens.push((init?.headers as Record<string, string>)['x-csrf-token']);
        return new Response('true');
      }),
    );
    await Promise.all([verifySsn('123-45-6789'), verifySsn('123-45-6780'), verifySsn('123-45-6781')]);
    expect(issued).toBe(1);
    expect(tokens).toEqual(['t1', 't1', 't1']);
  });
});

