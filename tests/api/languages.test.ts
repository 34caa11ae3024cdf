// @vitest-environment node
/** The server in the applicant's language (issue 14): its answers' words follow the request's language, never its
 *  decisions; the enrollment keeps the applicant's language, and the export carries it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/index';
import { dataProtection } from '../../src/server/crypto';
import { TEST_DATA_KEY } from '../../src/server/testing';
import { exportEnrollments } from '../../src/server/admin';
import { messagesByVariant } from '../../generated/messages';
import { Client, databases, enrollment, makeApp } from './harness';

const english = messagesByVariant.standard.en;
const spanish = messagesByVariant.standard.es;
const SPANISH = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' };

describe.each(databases)('languages, on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ db, drop } = await database.open());
    ({ app } = await makeApp(db));
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('has every message in both languages, each its own words', () => {
    expect(Object.keys(spanish).sort()).toEqual(Object.keys(english).sort());
    for (const key of Object.keys(english)) expect(spanish[key], key).not.toBe(english[key]);
  });

  it('answers a refused enrollment in Spanish for a Spanish request, in English otherwise, with the same status and paths', async () => {
    const bad = enrollment({ ssn: '12345', language: 'es' });
    const inSpanish = await (await new Client(app, SPANISH).verified()).enroll(bad);
    const inEnglish = await (await new Client(app).verified()).enroll({ ...bad, language: 'en' });
    expect(inSpanish.statusCode).toBe(400);
    expect(inEnglish.statusCode).toBe(400);
    expect(inSpanish.json().message).toBe(spanish.enrollmentInvalid);
    expect(inEnglish.json().message).toBe(english.enrollmentInvalid);
    const paths = (r: typeof inSpanish) => (r.json().errors as { path: string }[]).map((e) => e.path);
    expect(paths(inSpanish)).toEqual(paths(inEnglish));
    expect(JSON.stringify(inSpanish.json().errors)).not.toMatch(/Please|use the format/);
  });

  it("answers a refused SSN check and membership request with their fields' messages in Spanish, each once", async () => {
    const ssnCheck = async (headers: Record<string, string>) => (await (await new Client(app, headers).start()).post('/api/v1/enrollment/verify-ssn', { ssn: '111-11-1111' })).json();
    const inSpanish = await ssnCheck(SPANISH);
    expect(inSpanish).toEqual({
      message: spanish.requestInvalid,
      errors: [
        { path: '/ssn', message: 'Por favor, ingrese un número de Seguro Social válido.' },
        { path: '/ssn', message: 'Por favor, use el formato 999-99-9999' },
      ],
    });
    expect((await ssnCheck({})).errors).toEqual([
      { path: '/ssn', message: 'Please enter a valid SSN.' },
      { path: '/ssn', message: 'Please use the format 999-99-9999' },
    ]);
    const member = await (await new Client(app, SPANISH).start()).post('/api/v1/enrollment/verify-aarp', { firstName: 'R0b', lastName: 'Doe', dateOfBirth: '1958-04-15', addrLine1: '1 Main St', city: 'Town', state: 'DC', zip: '20049' });
    expect(member.json().errors).toEqual([{ path: '/firstName', message: 'Por favor, ingrese un nombre válido.' }]);
  });

  it('answers a missing grant, an unknown API path and a stale session in Spanish', async () => {
    const client = await new Client(app, SPANISH).start();
    const res = await client.enroll(enrollment({ language: 'es' }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(spanish.captchaRequired);
    expect((await client.get('/api/v1/nothing')).json().message).toBe(spanish.notFound);
    const stale = await new Client(app, SPANISH).post('/api/v1/enrollment/verify-ssn', { ssn: '123456789' });
    expect(stale.json().message).toBe(spanish.sessionExpired);
    // Said by code as well, so the browser retries this 403 and no other (a refused captcha above has none).
    expect(stale.json().code).toBe('sessionExpired');
    expect(res.json().code).toBeUndefined();
  });

  it('refuses a language the site does not have, with its message', async () => {
    const res = await (await new Client(app).verified()).enroll(enrollment({ language: 'fr' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: '/language', message: "The language is not one of the site's languages." });
  });

  it("stores the applicant's language with the enrollment (else the request's), and the export carries it", async () => {
    expect((await (await new Client(app).verified()).enroll(enrollment({ language: 'es' }))).body).toBe('success');
    expect((await (await new Client(app, SPANISH).verified()).enroll(enrollment())).body).toBe('success');
    expect((await (await new Client(app).verified()).enroll(enrollment())).body).toBe('success');
    const lines: string[] = [];
    await exportEnrollments(db, TEST_DATA_KEY, (line) => lines.push(line));
    expect(lines.slice(-3).map((l) => (JSON.parse(l) as { language: string }).language)).toEqual(['es', 'es', 'en']);
    // At rest it is inside the encrypted payload, like the rest of the application.
    const { rows } = await db.query<{ payload_enc: string }>('SELECT payload_enc FROM enrollments ORDER BY id DESC LIMIT 1');
    expect(rows[0].payload_enc).not.toContain('language');
    expect(JSON.parse(dataProtection(TEST_DATA_KEY).decrypt(rows[0].payload_enc)).language).toBe('en');
  });
});
