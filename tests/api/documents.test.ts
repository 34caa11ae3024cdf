// @vitest-environment node
/** Identity documents (issue 11): the grant the 'partial' answer sets, every refusal, and the happy path through
 *  encryption at rest to the operations export, on PGlite and (with DATABASE_URL) PostgreSQL. */
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/index';
import { dataProtection } from '../../src/server/crypto';
import { asBuffer, sealContext } from '../../src/server/documents';
import { exportDocuments, exportEnrollments, listDocuments } from '../../src/server/admin';
import { Client, databases, enrollment, makeApp } from './harness';
import { jpegFile, pdfFile, pngFile } from '../fixtures/documents';

const MB = 1024 * 1024;
const PDF = await pdfFile({ note: 'SECRET-PDF-CONTENT '.repeat(50) });
const JPEG = await jpegFile();
const PNG = await pngFile();
const NAME = 'Pat-Doe-drivers-license.pdf';

const MESSAGES = {
  noGrant: /only right after an application that asks for them, for 30 minutes\. Please call 1-866-555-0100/,
  wrongType: 'This file is not a PDF, JPEG or PNG. Choose a PDF, or a photo or scan saved as JPEG or PNG.',
  tooLarge: 'This file is larger than 10 MB. Choose a smaller file, or scan or photograph the document again at a lower resolution.',
  empty: 'This file is empty. Choose the file again, or take a new photo of the document.',
  unreadable: 'This file could not be read. Choose it again, or save it again as a PDF, JPEG or PNG.',
  tooMany: 'You can send up to 5 files. Remove a file before you add another.',
  none: 'Add at least one document before you send.',
};

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
function multipartBody(content: Buffer, filename = NAME, type = 'application/pdf') {
  const boundary = `----hsa${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(databases)('documents on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let key: Buffer;
  let logs: () => string;

  beforeAll(async () => {
    ({ db, drop } = await database.open());
    const made = await makeApp(db, { rateLimits: [10_000, 10_000, 10_000, 10_000] });
    app = made.app;
    key = made.config.dataKey;
    logs = made.logs.text;
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  let serial = 3011; // area 530, groups 11 upward: numbers the SSA issues
  /** A verified browser whose enrollment came back 'partial' (the sandbox: SSN ending 9999), holding its grant. */
  async function partialApplicant() {
    const client = await new Client(app).verified();
    const res = await client.enroll(enrollment({ ssn: `5${serial++}9999` }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('partial');
    return { client, res };
  }
  const upload = (client: Client, content: Buffer, filename?: string, type?: string, headers: Record<string, string> = {}) => {
    const { body, contentType } = multipartBody(content, filename, type);
    return app.inject({ method: 'POST', url: '/api/v1/documents', payload: body, headers: { 'content-type': contentType, 'x-csrf-token': client.token, cookie: client.cookieHeader, ...headers } });
  };
  const stored = async () => Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM enrollment_documents')).rows[0].n);

  describe('the grant', () => {
    it("the 'partial' answer sets an HttpOnly, SameSite=Strict, signed cookie for the documents API alone, stored hashed", async () => {
      const { res } = await partialApplicant();
      const cookie = [res.headers['set-cookie']].flat().map(String).find((c) => c.startsWith('hsa_documents='));
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
      expect(cookie).toMatch(/Path=\/api\/v1\/documents(;|$)/);
      expect(cookie).toMatch(/Max-Age=1800/);
      const value = decodeURIComponent(cookie!.split(';')[0].split('=').slice(1).join('='));
      const [token] = value.split('.');
      expect(token.length).toBeGreaterThanOrEqual(43);
      const { rows } = await db.query<{ token_hash: string; documents_status: string; minutes: number }>(
        `SELECT g.token_hash, e.documents_status, extract(epoch FROM g.expires_at - now()) / 60 AS minutes FROM document_grants g JOIN enrollments e ON e.id = g.enrollment_id`,
      );
      expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
      expect(rows.every((r) => r.documents_status === 'documents needed')).toBe(true);
      expect(Number(rows.at(-1)!.minutes)).toBeGreaterThan(29);
      expect(Number(rows.at(-1)!.minutes)).toBeLessThanOrEqual(30);
    });

    it("a 'success' answer sets no grant", async () => {
      const client = await new Client(app).verified();
      const res = await client.enroll(enrollment());
      expect(res.body).toBe('success');
      expect(String(res.headers['set-cookie'] ?? '')).not.toContain('hsa_documents');
      expect((await client.get('/api/v1/documents')).statusCode).toBe(403);
    });
  });

  describe('refusals: a 4xx with a clear message, nothing stored', () => {
    it('no grant', async () => {
      const client = await new Client(app).start();
      const before = await stored();
      const res = await upload(client, PDF);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(MESSAGES.noGrant);
      expect((await client.get('/api/v1/documents')).statusCode).toBe(403);
      expect((await client.post('/api/v1/documents/confirm', {})).statusCode).toBe(403);
      expect(await stored()).toBe(before);
    });

    it('a forged or tampered grant cookie', async () => {
      const { client } = await partialApplicant();
      const before = await stored();
      const forged = new Client(app);
      await forged.start();
      for (const value of ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', `${'A'.repeat(43)}.c2lnbmF0dXJl`]) {
        forged.setCookie('hsa_documents', value);
        expect((await upload(forged, PDF)).statusCode).toBe(403);
      }
      // The applicant's own cookie with one character of the token changed.
      const own = client.cookieHeader.match(/hsa_documents=([^;]+)/)![1];
      forged.setCookie('hsa_documents', own.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')));
      expect((await upload(forged, PDF)).statusCode).toBe(403);
      expect(await stored()).toBe(before);
    });

    it("the grant cookie copied into another browser: it is bound to the session that enrolled", async () => {
      const { client } = await partialApplicant();
      const before = await stored();
      const other = await new Client(app).verified();
      other.setCookie('hsa_documents', client.cookie('hsa_documents'));
      expect((await upload(other, PDF)).statusCode).toBe(403);
      expect((await other.get('/api/v1/documents')).statusCode).toBe(403);
      expect((await other.post('/api/v1/documents/confirm', {})).statusCode).toBe(403);
      expect(await stored()).toBe(before);
      // With the session's cookie too it is the applicant's own browser again.
      other.setCookie('hsa_session', client.cookie('hsa_session'));
      expect((await upload(other, PDF)).statusCode).toBe(201);
    });

    it('an expired grant', async () => {
      const { client } = await partialApplicant();
      await db.query(`UPDATE document_grants SET expires_at = now() - interval '1 second'`);
      const before = await stored();
      const res = await upload(client, PDF);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(MESSAGES.noGrant);
      expect((await client.get('/api/v1/documents')).statusCode).toBe(403);
      expect(await stored()).toBe(before);
    });

    it('no CSRF token', async () => {
      const { client } = await partialApplicant();
      const before = await stored();
      const { body, contentType } = multipartBody(PDF);
      const none = await app.inject({ method: 'POST', url: '/api/v1/documents', payload: body, headers: { 'content-type': contentType, cookie: client.cookieHeader } });
      expect(none.statusCode).toBe(403);
      expect(none.json().message).toBe('Your session has expired. Reload the page.');
      expect((await upload(client, PDF, NAME, 'application/pdf', { 'x-csrf-token': 'forged' })).statusCode).toBe(403);
      expect(await stored()).toBe(before);
    });

    it('the wrong type by content, with a right extension and declared type', async () => {
      const { client } = await partialApplicant();
      const before = await stored();
      for (const [content, name, type] of [
        [Buffer.from('MZ\x90\x00 an executable renamed'), 'id.pdf', 'application/pdf'],
        [Buffer.from('<html><script>alert(1)</script></html>'), 'photo.jpg', 'image/jpeg'],
        [Buffer.from('GIF89a not accepted'), 'scan.png', 'image/png'],
        [Buffer.from([0x89, 0x50, 0x4e]), 'short.png', 'image/png'],
      ] as const) {
        const res = await upload(client, content, name, type);
        expect(res.statusCode, name).toBe(415);
        expect(res.json()).toEqual({ message: MESSAGES.wrongType });
      }
      expect(await stored()).toBe(before);
    });

    it('judged by its whole structure, not its first bytes: a PDF that does not parse, an image that does not decode, or is another type than its signature says', async () => {
      const { client } = await partialApplicant();
      const before = await stored();
      const fakes: [string, Buffer, string][] = [
        ['html.pdf', Buffer.from('%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>'), 'application/pdf'],
        ['five.pdf', Buffer.from('%PDF-'), 'application/pdf'],
        ['padded.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(40_000, 0x20)]), 'application/pdf'],
        ['cut.jpg', JPEG.subarray(0, JPEG.length - 40), 'image/jpeg'],
        ['noise.png', Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(2000, 9)]), 'image/png'],
        // A PNG signature on a JPEG's pixels.
        ['mixed.png', Buffer.concat([PNG.subarray(0, 8), JPEG]), 'image/png'],
      ];
      for (const [name, content, type] of fakes) {
        const res = await upload(client, content, name, type);
        expect(res.statusCode, name).toBe(422);
        expect(res.json(), name).toEqual({ message: MESSAGES.unreadable });
      }
      expect(await stored()).toBe(before);
      // The real ones are taken.
      for (const [content, name, type] of [[PDF, 'a.pdf', 'application/pdf'], [JPEG, 'b.jpg', 'image/jpeg'], [PNG, 'c.png', 'image/png']] as const) expect((await upload(client, content, name, type)).statusCode, name).toBe(201);
    });

    it('too large: refused while streaming just past the limit, and at once when the request says so', async () => {
      const { client } = await partialApplicant();
      const before = await stored();
      const justOver = Buffer.concat([PDF, Buffer.alloc(10 * MB + 1 - PDF.length)]);
      const res = await upload(client, justOver);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: MESSAGES.tooLarge });
      const huge = await upload(client, Buffer.concat([PDF, Buffer.alloc(12 * MB)]));
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ message: MESSAGES.tooLarge });
      // Exactly at the limit is accepted.
      expect((await upload(client, await pdfFile({ size: 10 * MB }))).statusCode).toBe(201);
      expect(await stored()).toBe(before + 1);
    });

    it('empty', async () => {
      const { client } = await partialApplicant();
      const before = await stored();
      const res = await upload(client, Buffer.alloc(0), 'empty.pdf');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MESSAGES.empty });
      expect(await stored()).toBe(before);
    });

    it('too many: five files, then the sixth is refused', async () => {
      const { client } = await partialApplicant();
      for (let i = 0; i < 5; i++) expect((await upload(client, JPEG, `page-${i}.jpg`, 'image/jpeg')).statusCode).toBe(201);
      const before = await stored();
      const res = await upload(client, JPEG, 'page-6.jpg', 'image/jpeg');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: MESSAGES.tooMany });
      expect(await stored()).toBe(before);
    });

    it('not a multipart upload, or no file in it', async () => {
      const { client } = await partialApplicant();
      const before = await stored();
      const json = await client.post('/api/v1/documents', { file: PDF.toString('base64') });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toEqual({ message: 'Send the document as a multipart/form-data file upload.' });
      // A type no parser takes is refused before the route runs: in the route's words (its config), not "Send JSON."
      const text = await app.inject({
        method: 'POST', url: '/api/v1/documents', payload: 'a document',
        headers: { 'content-type': 'text/plain', 'x-csrf-token': client.token, cookie: client.cookieHeader },
      });
      expect(text.statusCode).toBe(415);
      expect(text.json()).toEqual({ message: 'Send the document as a multipart/form-data file upload.' });
      const boundary = 'xyz';
      const noFile = await app.inject({
        method: 'POST', url: '/api/v1/documents', payload: `--${boundary}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-csrf-token': client.token, cookie: client.cookieHeader },
      });
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json()).toEqual({ message: MESSAGES.none });
      const broken = await app.inject({
        method: 'POST', url: '/api/v1/documents', payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut short`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-csrf-token': client.token, cookie: client.cookieHeader },
      });
      expect(broken.statusCode).toBeGreaterThanOrEqual(400);
      expect(broken.statusCode).toBeLessThan(500);
      expect(await stored()).toBe(before);
    });

    it('confirming with nothing sent', async () => {
      const { client } = await partialApplicant();
      const res = await client.post('/api/v1/documents/confirm', {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MESSAGES.none });
      expect((await client.post('/api/v1/documents/confirm', { enrollment: 1 })).statusCode).toBe(400);
    });

    it('a grant reaches its own enrollment only', async () => {
      const a = (await partialApplicant()).client;
      const b = (await partialApplicant()).client;
      expect((await upload(a, PDF, 'a.pdf')).statusCode).toBe(201);
      expect((await upload(b, PNG, 'b.png', 'image/png')).statusCode).toBe(201);
      const listA = (await a.get('/api/v1/documents')).json().documents;
      const listB = (await b.get('/api/v1/documents')).json().documents;
      expect(listA.map((d: { name: string }) => d.name)).toEqual(['a.pdf']);
      expect(listB.map((d: { name: string }) => d.name)).toEqual(['b.png']);
      // B confirming spends B's grant and receives B's file; A's enrollment is untouched and A may go on.
      const confirmB = await b.post('/api/v1/documents/confirm', {});
      expect(confirmB.json().documents.map((d: { name: string }) => d.name)).toEqual(['b.png']);
      expect((await a.get('/api/v1/documents')).statusCode).toBe(200);
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(DISTINCT enrollment_id)::int AS n FROM enrollment_documents WHERE enrollment_id IN (SELECT enrollment_id FROM document_grants)`,
      );
      expect(rows[0].n).toBeGreaterThan(0);
    });

    it('uploads are rate-limited per client', async () => {
      const limited = await makeApp(db, { config: { dataKey: key }, rateLimits: [10_000, 10_000, 10_000, 2] });
      try {
        const client = await new Client(limited.app).verified();
        const res = await client.enroll(enrollment({ ssn: '777449999' }));
        expect(res.body).toBe('partial');
        const send = () => {
          const { body, contentType } = multipartBody(JPEG, 'x.jpg', 'image/jpeg');
          return limited.app.inject({ method: 'POST', url: '/api/v1/documents', payload: body, headers: { 'content-type': contentType, 'x-csrf-token': client.token, cookie: client.cookieHeader } });
        };
        expect((await send()).statusCode).toBe(201);
        expect((await send()).statusCode).toBe(201);
        expect((await send()).statusCode).toBe(429);
      } finally {
        await limited.app.close();
      }
    });
  });

  describe('the happy path', () => {
    it('uploads three files, confirms, stores them encrypted, and operations export them', async () => {
      const { client } = await partialApplicant();
      expect((await (await new Client(app).verified()).enroll(enrollment())).body).toBe('success');
      const sent = [
        [PDF, NAME, 'application/pdf', 'pdf'],
        [JPEG, 'front.jpeg', 'image/jpeg', 'jpeg'],
        // A declared type is not trusted: a PNG said to be a PDF is stored as what it is.
        [PNG, 'utility-bill.png', 'application/octet-stream', 'png'],
      ] as const;
      for (const [content, name, type, kind] of sent) {
        const res = await upload(client, content, name, type);
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ type: kind, size: content.length, name });
      }
      const listed = await client.get('/api/v1/documents');
      expect(listed.json().documents).toHaveLength(3);
      expect(listed.json().maxFiles).toBe(5);

      const confirm = await client.post('/api/v1/documents/confirm', {});
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json().status).toBe('documents received');
      expect(confirm.json().documents.map((d: { name: string; type: string }) => [d.name, d.type])).toEqual(sent.map(([, name, , kind]) => [name, kind]));
      expect(String(confirm.headers['set-cookie'])).toMatch(/hsa_documents=;.*(Expires=Thu, 01 Jan 1970|Max-Age=0)/i);
      // Confirmed: the grant is spent.
      expect((await upload(client, PDF)).statusCode).toBe(403);
      expect((await client.post('/api/v1/documents/confirm', {})).statusCode).toBe(403);

      // At rest: neither the bytes nor the name are there in clear; the sealed file opens only for its enrollment.
      const { rows } = await db.query<{ enrollment_id: string; content_enc: Uint8Array; name_enc: string; status: string }>(
        `SELECT d.enrollment_id::text, d.content_enc, d.name_enc, e.documents_status AS status FROM enrollment_documents d JOIN enrollments e ON e.id = d.enrollment_id
          WHERE d.enrollment_id = (SELECT enrollment_id FROM enrollment_documents ORDER BY id DESC LIMIT 1) ORDER BY d.id`,
      );
      expect(rows).toHaveLength(3);
      const protection = dataProtection(key);
      const enrollmentId = rows[0].enrollment_id;
      for (const [i, r] of rows.entries()) {
        const sealed = asBuffer(r.content_enc);
        expect(r.status).toBe('documents received');
        expect(sealed.equals(sent[i][0])).toBe(false);
        expect(sealed.includes(sent[i][0].subarray(0, 16))).toBe(false);
        expect(r.name_enc).not.toContain(sent[i][1]);
        expect(protection.documents.open(sealed, sealContext(enrollmentId)).equals(sent[i][0])).toBe(true);
        expect(() => protection.documents.open(sealed, sealContext('999999'))).toThrow();
      }

      // Operations: the list, the export (decrypted, 0600, in a 0700 folder) and the enrollment export's status.
      const lines: string[] = [];
      await listDocuments(db, (l) => lines.push(l));
      const mine = lines.filter((l) => l.startsWith(`${enrollmentId}\t`));
      expect(mine).toHaveLength(3);
      expect(mine[0]).toMatch(/\tdocuments received\t\d+\tpdf\t\d+\t\d{4}-/);
      expect(lines.join('')).not.toContain(NAME);
      const dir = join(mkdtempSync(join(tmpdir(), 'hsa-docs-')), 'out');
      expect(await exportDocuments(db, key, enrollmentId, dir)).toBe(3);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      const files = readdirSync(dir).sort();
      expect(files.filter((f) => f.startsWith('document-')).map((f) => f.replace(/^document-\d+/, '')).sort()).toEqual(['.jpg', '.pdf', '.png']);
      for (const f of files) expect(statSync(join(dir, f)).mode & 0o777).toBe(0o600);
      const manifest = JSON.parse(readFileSync(join(dir, 'documents.json'), 'utf8'));
      for (const [i, d] of manifest.documents.entries()) {
        expect(d.name).toBe(sent[i][1]);
        expect(readFileSync(join(dir, d.file)).equals(sent[i][0])).toBe(true);
      }
      await expect(exportDocuments(db, key, 'x; DROP TABLE', dir)).rejects.toThrow(/not an enrollment id/);
      await expect(exportDocuments(db, key, '987654321', dir)).rejects.toThrow(/has no documents/);
      const exported: string[] = [];
      await exportEnrollments(db, key, (l) => exported.push(l));
      const line = exported.map((l) => JSON.parse(l)).find((e) => String(e.id) === enrollmentId);
      expect(line).toMatchObject({ outcome: 'partial', documentsStatus: 'documents received', documents: 3 });
      expect(exported.map((l) => JSON.parse(l)).some((e) => e.outcome === 'success' && e.documentsStatus === 'not needed')).toBe(true);

      // No file name or content in any log line.
      for (const secret of [NAME, 'utility-bill', 'front.jpeg', 'SECRET-PDF-CONTENT', 'hsa_documents=']) expect(logs()).not.toContain(secret);
    });
  });
});
