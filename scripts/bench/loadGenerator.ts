/** The enroll bench's browsers, in a process of their own, as browsers are: sending and timing the requests (undici's
 *  streams, the bodies, the answers read) takes neither the servers' main thread nor their heap. With the sender in
 *  the servers' process, its work was counted as theirs (0.71 to 0.85 ms of main-thread CPU per enrollment on
 *  PostgreSQL, 0.49 ms without it) and took the one thread the product is bound by: the ratios read lower, not
 *  higher (PostgreSQL 0.53 to 0.57, then 0.66 to 0.67; see the README's Enroll). The bench gives this process
 *  each server's requests once, then asks for them a block at a time. The browsers' sessions are made here too,
 *  before any clock starts: the connections they leave open are this process's, as a browser's are its own (made in
 *  the bench's process, they held the servers' connections per address, and this process's were refused). */
import { fork, type ChildProcess } from 'node:child_process';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** One request, as sent. */
export interface Planned {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What a block came to: each request's latency (ms, in the block's order), the seconds it took, the requests not
 *  answered 200 with the expected answer (and the first of them, for BENCH_DEBUG). */
export interface BlockResult {
  latencies: number[];
  seconds: number;
  failures: number;
  firstFailure?: string;
}

/** A server's requests, the answer each must get, and the address whose browser sessions they carry, one each. */
export interface Plan {
  requests: Planned[];
  expected: string;
  sessionsAt?: string;
}

type Ask = ({ kind: 'plan'; side: number } & Plan) | { kind: 'block'; side: number; from: number; to: number; concurrency: number };
type Answer = { kind: 'planned' } | ({ kind: 'block' } & BlockResult);

export interface LoadGenerator {
  /** Hands over a server's requests (each given its browser's session, when they carry one). */
  plan(side: number, plan: Plan): Promise<void>;
  /** Sends requests `from` to `to` of a server, `concurrency` at a time; resolves once all are answered. */
  block(side: number, from: number, to: number, concurrency: number): Promise<BlockResult>;
  close(): void;
}

/** Starts the sender's process (this file, on the same Node.js and loader as the bench). One ask at a time. */
export function forkLoadGenerator(): LoadGenerator {
  const child: ChildProcess = fork(new URL(import.meta.url).pathname, ['load-generator'], { stdio: 'inherit' });
  const ask = (message: Ask) =>
    new Promise<Answer>((resolve, reject) => {
      if (child.exitCode !== null || child.signalCode !== null) return reject(new Error(`The load generator ended (${child.exitCode ?? child.signalCode})`));
      const gone = (code: number | null) => reject(new Error(`The load generator ended (${code})`));
      child.once('exit', gone);
      child.once('message', (answer: Answer) => (child.off('exit', gone), resolve(answer)));
      child.send(message);
    });
  return {
    plan: async (side, { requests, expected, sessionsAt }) => void (await ask({ kind: 'plan', side, requests, expected, sessionsAt })),
    block: async (side, from, to, concurrency) => {
      const { kind: _kind, ...result } = (await ask({ kind: 'block', side, from, to, concurrency })) as { kind: 'block' } & BlockResult;
      return result;
    },
    close: () => void child.kill(),
  };
}

/** A browser's session with one verified captcha: a captcha grant admits one enrollment, so each enrollment of the
 *  bench gets its own, made before the clock starts. */
async function grantedSession(base: string): Promise<Record<string, string>> {
  // A browser's jar, as far as the bench needs one: a cookie set again replaces it, and a cookie cleared (an earlier
  // version's, at another path: the server clears it beside the session's own) is not sent.
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (value && !/max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) jar.set(name, value);
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrfRes = await fetch(`${base}/api/v1/enrollment/csrf-token`);
  const token = ((await csrfRes.json()) as { token: string }).token;
  keep(csrfRes);
  const challenge = await (await fetch(`${base}/api/v1/enrollment/captcha-challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey } as never);
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const verified = await fetch(`${base}/api/v1/enrollment/submitCaptcha`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: header() },
    body: JSON.stringify({ captcha }),
  });
  keep(verified);
  return { 'content-type': 'application/json', 'x-csrf-token': token, cookie: header() };
}

/** `total` browsers' sessions, each with a verified captcha, made 50 at a time (before any clock starts). */
async function browserSessions(base: string, total: number): Promise<Record<string, string>[]> {
  const sessions: Record<string, string>[] = [];
  for (let i = 0; i < total; i += 50) sessions.push(...(await Promise.all(Array.from({ length: Math.min(50, total - i) }, () => grantedSession(base)))));
  return sessions;
}

/** The sender's side: keeps each server's requests, sends a block when asked. */
function serve(): void {
  const plans = new Map<number, { requests: Planned[]; expected: string }>();
  const answer = (a: Answer) => process.send?.(a);
  process.on('message', async (ask: Ask) => {
    if (ask.kind === 'plan') {
      const sessions = ask.sessionsAt ? await browserSessions(ask.sessionsAt, ask.requests.length) : [];
      const requests = ask.requests.map((r, i) => ({ ...r, headers: { ...sessions[i], ...r.headers } }));
      plans.set(ask.side, { requests, expected: ask.expected });
      return answer({ kind: 'planned' });
    }
    const { requests, expected } = plans.get(ask.side)!;
    const latencies = new Array<number>(ask.to - ask.from);
    let next = ask.from;
    let failures = 0;
    let firstFailure: string | undefined;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: ask.concurrency }, async () => {
        while (next < ask.to) {
          const i = next++;
          const { url, headers, body } = requests[i];
          const t = performance.now();
          const res = await fetch(url, { method: 'POST', headers, body }).catch((e: unknown) => String(e));
          const text = typeof res === 'string' ? res : await res.text();
          latencies[i - ask.from] = performance.now() - t;
          const status = typeof res === 'string' ? 0 : res.status;
          if (status !== 200 || text !== expected) {
            firstFailure ??= `${status} ${text}`;
            failures++;
          }
        }
      }),
    );
    answer({ kind: 'block', latencies, seconds: (performance.now() - started) / 1000, failures, firstFailure });
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[2] === 'load-generator') serve();
