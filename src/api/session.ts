/** The session protection token: fetched on the welcome page and step 1, sent back on every POST. */
import { languageHeader } from './language';
export const BASE = '/api/v1';
let csrfToken: string | null = null;

export const currentToken = (): string | null => csrfToken;
export const forgetToken = (): void => {
  csrfToken = null;
};

/** Asks the server for the session protection cookie and token. A failure is only logged. */
export async function fetchCsrfToken(): Promise<void> {
  try {
    const res = await fetch(`${BASE}/enrollment/csrf-token`, { cache: 'no-store', credentials: 'include', headers: languageHeader() });
    if (res.ok) csrfToken = ((await res.json()) as { token?: string }).token ?? null;
  } catch {
    console.warn('csrf-token request failed');
  }
}
