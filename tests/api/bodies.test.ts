// @vitest-environment node
/** Hostile bodies within the size limit: deeply nested JSON is a 400 in our words on every state-changing route. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Client, databases, makeApp } from './harness';

describe.each(databases)('deeply nested bodies on $name', (database) => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await database.open();
    drop = opened.drop;
    ({ app } = await makeApp(opened.db));
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const bodies = { arrays: `${'['.repeat(15000)}${']'.repeat(15000)}`, objects: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}` };
  it.each(['/api/v1/enrollment/enroll', '/api/v1/enrollment/verify-ssn', '/api/v1/enrollment/verify-aarp', '/api/v1/enrollment/submitCaptcha'])(
    '%s answers 400 with our message, never a validator default',
    async (url) => {
      const client = await new Client(app).verified();
      for (const body of Object.values(bodies)) {
        const res = await client.post(url, body, { 'idempotency-key': `nested-${'k'.repeat(16)}` });
        expect(res.statusCode).toBe(400);
        const text = res.body;
        expect(text).not.toMatch(/"must |"a":|\[\[/);
      }
    },
  );
});
