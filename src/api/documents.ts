/** The vetting page's client for /api/v1/documents. The grant travels in an HttpOnly cookie the enroll answer set;
 *  uploads go one file per request through XMLHttpRequest, whose upload events give each file's real progress. */
import { languageHeader } from './language';
import { BASE, currentToken, fetchCsrfToken, forgetToken } from './session';
import type { ReceivedDocument } from '../domain/documents';

export type { ReceivedDocument };

/** The server refused the request and said why (a 4xx with its message): told to the applicant as it is. */
export class DocumentsRefused extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The server could not be reached, or failed on its side. */
export class DocumentsUnreachable extends Error {}

const URL_ = `${BASE}/documents`;

async function refusal(status: number, body: string): Promise<never> {
  let message = '';
  try {
    message = (JSON.parse(body) as { message?: string }).message ?? '';
  } catch {
    // not our JSON: a proxy's page
  }
  if (status >= 400 && status < 500 && message) throw new DocumentsRefused(status, message);
  throw new DocumentsUnreachable(message);
}

export async function documentStatus(): Promise<{ documents: ReceivedDocument[]; expiresAt: string }> {
  let res: Response;
  try {
    res = await fetch(URL_, { cache: 'no-store', credentials: 'same-origin', headers: languageHeader() });
  } catch {
    throw new DocumentsUnreachable();
  }
  if (!res.ok) return refusal(res.status, await res.text());
  return (await res.json()) as { documents: ReceivedDocument[]; expiresAt: string };
}

interface Sent {
  status: number;
  body: string;
  retryAfter: string | null;
}

function send(file: File, onProgress: (fraction: number) => void): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', URL_);
    xhr.setRequestHeader('x-csrf-token', currentToken() ?? '');
    for (const [name, value] of Object.entries(languageHeader())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText, retryAfter: xhr.getResponseHeader('retry-after') });
    xhr.onerror = xhr.onabort = xhr.ontimeout = () => reject(new DocumentsUnreachable());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Whether an answer is the server's CSRF refusal (an expired session, said by code), after which a new token is
 *  taken once; any other 403 is a refusal. */
const sessionExpired = (res: Sent) => {
  try {
    return res.status === 403 && (JSON.parse(res.body) as { code?: unknown }).code === 'sessionExpired';
  } catch {
    return false;
  }
};

// A server busy with other files (429) is waited out as it asks, a few times, then its message is told.
const BUSY_TRIES = 3;
const MAX_WAIT_S = 10;
const wait = (res: Sent) => new Promise((resolve) => setTimeout(resolve, Math.min(MAX_WAIT_S, Math.max(1, Number(res.retryAfter) || 2)) * 1000));

/** Sends one file; after an expired session, a new token is taken and it is sent once more. */
export async function uploadDocument(file: File, onProgress: (fraction: number) => void): Promise<ReceivedDocument> {
  if (!currentToken()) await fetchCsrfToken();
  let res = await send(file, onProgress);
  if (sessionExpired(res)) {
    forgetToken();
    await fetchCsrfToken();
    res = await send(file, onProgress);
  }
  for (let tries = 1; res.status === 429 && tries < BUSY_TRIES; tries++) {
    await wait(res);
    res = await send(file, onProgress);
  }
  if (res.status !== 201) return refusal(res.status, res.body);
  return JSON.parse(res.body) as ReceivedDocument;
}

export async function confirmDocuments(): Promise<ReceivedDocument[]> {
  if (!currentToken()) await fetchCsrfToken();
  let res: Response;
  try {
    res = await fetch(`${URL_}/confirm`, {
      method: 'POST',
      cache: 'no-store',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-csrf-token': currentToken() ?? '', ...languageHeader() },
      body: '{}',
    });
  } catch {
    throw new DocumentsUnreachable();
  }
  if (!res.ok) return refusal(res.status, await res.text());
  return ((await res.json()) as { documents: ReceivedDocument[] }).documents;
}
