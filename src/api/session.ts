/** The session protection token: fetched on the welcome page and step 1, sent back on every POST. */
import { languageHeader } from './language';
export const BASE = '/api/v1';
let csrfToken: string | null = null;

export const currentToken = (): string | null => csrfToken;
export const forgetToken = (): void => {
  csrfToken = null;
};

let asking: Promise<void> | null = null;

/** Asks the server for the session protection cookie and token. A failure is only logged. One request at a time:
 *  before the session has its cookie, each answer sets a new secret, so of two asked at once (an SSN check and a
 *  membership check as step 1 is taken over) the token of one would not match the cookie of the other (a 403). */
export function fetchCsrfToken(): Promise<void> {
  asking ??= (async () => {
    try {
      const res = await fetch(`${BASE}/enrollment/csrf-token`, { cache: 'no-store', credentials: 'include', headers: languageHeader() });
      if (res.ok) csrfToken = ((await res.json()) as { token?: string }).token ?? null;
    } catch {
      console.warn('csrf-token request failed');
    } finally {
      asking = null;
    }
  })();
  return asking;
}
