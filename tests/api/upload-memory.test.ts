// @vitest-environment node
/** Uploads cannot take the process's memory (issue 27): a file's place is taken before a byte of it is read, so a
 *  sixth file is refused at once, and the uploads read at once are bounded per enrollment and per process. Three
 *  grants each sending 30 files of 10 MB at once grow the process's memory by under 150 MB beyond what Node itself
 *  takes to receive the same burst (a bare server answering each upload at once, whose bodies Node reads and drops as
 *  it does the product's refused ones: 80 to 150 MB on Node.js 24, from a cold process), while another applicant is
 *  answered. Memory is measured on PostgreSQL (CI always has one): the embedded database keeps what it stores in the
 *  process's own memory (60 MB of documents here), which would be measured too. */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Client, databases, enrollment, makeApp, type TestDb } from './harness';
import { pdfFile } from '../fixtures/documents';

const MB = 1024 * 1024;
// One 10 MB PDF (less the multipart framing), shared by every request: the client holds it once.
const FILE = await pdfFile({ size: 10 * MB - 1024 });
let app: FastifyInstance;
let base: string;
let serial = 4011;

async function partialApplicant(): Promise<Client> {
  const client = await new Client(app).verified();
  const res = await client.enroll(enrollment({ ssn: `5${serial++}9999` }));
  expect(res.body).toBe('partial');
  return client;
}

/** Sends one file over a real connection; `hold` sends only the head of the body and waits for the answer; `to` is
 *  the server's address. */
function upload(client: Client, { hold = false, to = base } = {}): Promise<{ status: number; body: string }> {
  const boundary = `----hsa${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(to);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/api/v1/documents',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + FILE.length + tail.length), 'x-csrf-token': client.token, cookie: client.cookieHeader },
      },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
          if (hold) req.destroy();
        });
      },
    );
    req.on('error', (e) => (hold ? undefined : reject(e)));
    req.write(head);
    if (hold) return;
    req.write(FILE);
    req.end(tail);
  });
}

/** Samples the process's resident memory until stopped; `peak` is the highest seen. */
function rssSampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  return { stop: () => (clearInterval(timer), peak) };
}

/** Node's own cost of taking in `uploads` files of 10 MB at once: a bare server answers each before its body is read,
 *  so Node reads and drops every body, as it does for the product's refused uploads. The highest memory it reached. */
async function bareBurst(client: Client, uploads: number): Promise<number> {
  const bare = createServer((_req, res) => res.writeHead(429).end());
  await new Promise<void>((listening) => bare.listen(0, '127.0.0.1', listening));
  const sampler = rssSampler();
  const answers = await Promise.all(Array.from({ length: uploads }, () => upload(client, { to: `http://127.0.0.1:${(bare.address() as AddressInfo).port}` })));
  const peak = sampler.stop();
  await new Promise((closed) => bare.close(closed));
  expect(answers.every((a) => a.status === 429)).toBe(true);
  return peak;
}

const stored = async (client: Client) => ((await client.get('/api/v1/documents')).json() as { documents: unknown[] }).documents.length;

/** The app on `database`, listening on a port of its own, for the describe it is called in. */
function listening(database: TestDb) {
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await database.open();
    drop = opened.drop;
    app = (await makeApp(opened.db, { rateLimits: [10_000, 10_000, 10_000, 10_000] as never })).app;
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });
}

describe.each(databases)('uploads on $name', (database) => {
  listening(database);

  it('refuses a sixth file before a byte of it is read', async () => {
    const client = await partialApplicant();
    for (let i = 0; i < 5; i++) expect((await upload(client)).status).toBe(201);
    // Only the head of the body is sent: the answer comes without the file.
    const sixth = await upload(client, { hold: true });
    expect(sixth.status).toBe(409);
    expect(JSON.parse(sixth.body).message).toBe('You can send up to 5 files. Remove a file before you add another.');
  });
});

const postgres = databases.find((d) => d.name === 'PostgreSQL');
describe.runIf(postgres)('upload memory, on PostgreSQL', () => {
  listening(postgres!);

  it('three grants sending 30 files of 10 MB each at once: memory within 150 MB of what Node takes for the burst, no file past the limit, another applicant answered', async () => {
    const grants = await Promise.all([partialApplicant(), partialApplicant(), partialApplicant()]);
    const other = await new Client(app).start();
    const before = Math.max(await bareBurst(grants[0], 90), process.memoryUsage().rss);
    const sampler = rssSampler();
    const burst = Promise.all(grants.flatMap((g) => Array.from({ length: 30 }, () => upload(g).catch(() => ({ status: 0, body: '' })))));
    // Meanwhile an applicant looks their group up, as many times as the burst lasts.
    const lookups: number[] = [];
    let done = false;
    void burst.then(() => (done = true));
    while (!done) lookups.push((await other.get('/api/v1/employer/DEMO100')).statusCode);
    const answers = await burst;
    expect((sampler.stop() - before) / MB).toBeLessThan(150);
    expect(lookups.length).toBeGreaterThan(0);
    expect(lookups.every((s) => s === 200)).toBe(true);
    // Every upload was answered: stored, or asked to come again (the uploads in flight), or refused (no room left).
    expect(answers.filter((a) => ![201, 409, 429].includes(a.status))).toEqual([]);
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
    for (const g of grants) expect(await stored(g)).toBeLessThanOrEqual(5);
    // Asked to come again, each grant's next file is taken.
    for (const g of grants) if ((await stored(g)) < 5) expect((await upload(g)).status).toBe(201);
    const busy = answers.find((a) => a.status === 429);
    expect(busy && JSON.parse(busy.body).message).toBe('Another file is still being sent. Wait a moment, then select Send documents again.');
  });
});
