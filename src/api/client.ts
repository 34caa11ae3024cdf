/** The browser's one client for /api/v1: CSRF header on every POST, errors mapped to the spec's messages.
 *  Personal data travels only in request bodies, never in a URL. */
import { languageHeader } from './language';
import { BASE, currentToken, fetchCsrfToken, forgetToken } from './session';

export { fetchCsrfToken };
export const NETWORK_ERROR = 'Network error';

async function post(path: string, body: unknown, headers: Record<string, string> = {}, retried = false): Promise<Response> {
  if (!currentToken()) await fetchCsrfToken();
  const res = await fetch(`${BASE}${path}`, {
    method: 'POST',
    cache: 'no-store',
    credentials: 'include',
    headers: { 'content-type': 'application/json', 'x-csrf-token': currentToken() ?? '', ...languageHeader(), ...headers },
    body: JSON.stringify(body),
  });
  // An expired protection cookie (the server says so by code): take a new token once and try again. Any other 403
  // is a refusal, told as it is.
  if (res.status === 403 && !retried && ((await res.clone().json().catch(() => null)) as { code?: unknown } | null)?.code === 'sessionExpired') {
    forgetToken();
    return post(path, body, headers, true);
  }
  return res;
}

let unavailable: () => void = () => undefined;
/** Who to tell when the server answers 503 (the application is unavailable). */
export const onUnavailable = (handler: () => void): void => {
  unavailable = handler;
};

let throttled: (message: string) => void = () => undefined;
/** Who to tell when the server answers 429: its message says to wait and try again (schemas/messages.json). */
export const onTooManyRequests = (handler: (message: string) => void): void => {
  throttled = handler;
};

async function send(call: () => Promise<Response>): Promise<Response> {
  let res: Response;
  try {
    res = await call();
  } catch {
    throw new Error(NETWORK_ERROR);
  }
  if (res.status === 503) unavailable();
  if (res.status === 429) throttled(((await res.clone().json().catch(() => ({}))) as { message?: string }).message ?? '');
  return res;
}

export interface Employer {
  name: string;
  employerStatus: string;
}

export async function lookupEmployer(id: string): Promise<Employer> {
  const res = await send(() => fetch(`${BASE}/employer/${encodeURIComponent(id)}`, { cache: 'no-store', credentials: 'include', headers: languageHeader() }));
  // The server's not-found message (schemas/messages.json).
  if (res.status === 404) throw new Error(((await res.json()) as { message: string }).message);
  if (!res.ok) throw new Error(NETWORK_ERROR);
  return (await res.json()) as Employer;
}

/** The server answered and refused the request for a reason the applicant is told (a 4xx but 408 and 429): its
 *  message is the server's own, in the applicant's language, and nothing is retried. */
export class Refused extends Error {}

/** Whether an answer is a refusal; a 408, a 429 and a 5xx are answers that are to be waited out and tried again. */
const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/** The refusal's message: the one the server gave the field, when it named one, else its own. */
async function refusal(res: Response, field?: string): Promise<Refused> {
  const body = (await res.json().catch(() => null)) as { message?: unknown; errors?: { path?: unknown; message?: unknown }[] } | null;
  const named = (field && body?.errors?.find((e) => e.path === `/${field}`)?.message) || body?.message;
  return new Refused(typeof named === 'string' ? named : '');
}

/** true when no account already holds this SSN. Throws Refused when the server refuses the SSN itself, and
 *  Error('Network error') when it gave no answer (unreachable, 5xx, 408, 429). */
export async function verifySsn(ssn: string): Promise<boolean> {
  const res = await send(() => post('/enrollment/verify-ssn', { ssn }));
  if (isRefusal(res.status)) throw await refusal(res, 'ssn');
  if (!res.ok) throw new Error(NETWORK_ERROR);
  return (await res.json()) === true;
}

/** true when the partner verified the membership; false when it did not, or the server refused the request. Throws
 *  Error('Network error') when the check could not be made (unreachable, a 5xx, 408, 429). */
export async function verifyMembership(request: Record<string, unknown>): Promise<boolean> {
  const res = await send(() => post('/enrollment/verify-aarp', request));
  if (isRefusal(res.status)) return false;
  if (!res.ok) throw new Error(NETWORK_ERROR);
  return (await res.json()) === true;
}

export const captchaChallengeUrl = `${BASE}/enrollment/captcha-challenge`;

export async function submitCaptcha(captcha: string): Promise<boolean> {
  const res = await send(() => post('/enrollment/submitCaptcha', { captcha }));
  if (!res.ok) throw new Error('Network error. API is down');
  return Boolean(await res.json());
}

export type EnrollOutcome = 'success' | 'partial' | 'failure';

/** The server answered, and failed (a 5xx): the spec's failure for the call is shown, with the server's own message
 *  when it gave one (e.g. the identity provider could not be reached). Not a connection error. */
export class ServerFailed extends Error {}

/** Sends the enrollment; the idempotency key makes a repeat harmless (and 'Try again' sends it with the same key).
 *  Throws Refused with the server's message on a refusal (a 4xx but 408 and 429: the SSN already has an account, a
 *  membership not verified, a captcha to do again), ServerFailed on a 5xx, and Error('Network error') when no
 *  answer came (unreachable, 408, 429). */
export async function enroll(payload: unknown, idempotencyKey: string): Promise<EnrollOutcome> {
  const res = await send(() => post('/enrollment/enroll', payload, { 'idempotency-key': idempotencyKey }));
  if (isRefusal(res.status)) throw await refusal(res);
  if (res.status >= 500) {
    const message = ((await res.json().catch(() => null)) as { message?: unknown } | null)?.message;
    throw new ServerFailed(typeof message === 'string' ? message : '');
  }
  if (!res.ok) throw new Error(NETWORK_ERROR);
  const text = (await res.text()).trim();
  return text === 'success' || text === 'partial' ? text : 'failure';
}
