// @vitest-environment node
/** Metrics for operators on their own listener: counts by route and outcome, never personal data in a label. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createMetrics, serveMetrics, type Metrics } from '../../src/server/metrics';
import { Client, databases, enrollment, makeApp } from './harness';

describe.each(databases)('metrics on $name', (database) => {
  let app: FastifyInstance;
  let metricsServer: FastifyInstance;
  let metrics: Metrics;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const opened = await database.open();
    drop = opened.drop;
    metrics = createMetrics();
    ({ app } = await makeApp(opened.db, { metrics }));
    metricsServer = await serveMetrics(metrics, 0, '127.0.0.1');
  });
  afterAll(async () => {
    await metricsServer?.close();
    await app?.close();
    await drop?.();
  });

  const scrape = async () => {
    const address = metricsServer.addresses()[0] as { port: number };
    return (await fetch(`http://127.0.0.1:${address.port}/metrics`)).text();
  };

  it('counts enrollments by outcome, captcha results and request latency by route, with no personal data', async () => {
    const client = await new Client(app).verified();
    const person = enrollment({ firstName: 'Quentin', lastName: 'Zebulon', tos: { accepted: true, requestElectronic: true, requestWelcomeKit: false, firstName: 'Quentin', lastName: 'Zebulon' } });
    expect((await client.enroll(person)).statusCode).toBe(200);
    await client.get('/api/v1/employer/DEMO100');
    const text = await scrape();
    expect(text).toMatch(/hsa_enrollments_total\{outcome="success"\} 1/);
    expect(text).toMatch(/hsa_captcha_verifications_total\{result="verified"\} 1/);
    expect(text).toMatch(/hsa_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/employer\/:id",status="200"\} 1/);
    expect(text).toMatch(/process_cpu_seconds_total/);
    // Where the enrollment's time went, phase by phase (issue 25): once each.
    for (const phase of ['validate and hash', 'check (database)', 'identity verification', 'seal (encryption)', 'settle (database)']) {
      expect(text).toContain(`hsa_enroll_phase_seconds_count{phase="${phase}"} 1`);
    }
    // Enrollments per statement sent (group commit): one each, alone.
    for (const statement of ['check', 'settle']) expect(text).toContain(`hsa_enroll_batch_calls_sum{statement="${statement}"} 1`);
    for (const personal of [person.ssn, 'Quentin', 'Zebulon', person.dob, 'DEMO100']) expect(text).not.toContain(personal);
  });

  it('are not served on the public port', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});
