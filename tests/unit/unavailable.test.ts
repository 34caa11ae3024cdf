// @vitest-environment node
/** Which database errors mean 'unavailable' (503) and which are a bug or bad input (never silently a 503). */
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../../src/server/db/unavailable';

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', { code: 'ECONNREFUSED' }],
    ['connection reset', { code: 'ECONNRESET' }],
    ['host not found', { code: 'ENOTFOUND' }],
    ['not accepting connections', { code: '55000' }],
    ['starting up or shutting down', { code: '57P03' }],
    ['administrator shutdown', { code: '57P01' }],
    ['missing database', { code: '3D000' }],
    ['statement timeout', { code: '57014' }],
    ['lock timeout', { code: '55P03' }],
    ['too many connections', { code: '53300' }],
    ['connection failure', { code: '08006' }],
    ['login refused', { code: '28P01' }],
    ['deadlock', { code: '40P01' }],
    ['pool exhausted', new Error('timeout exceeded when trying to connect')],
    ['connection lost', new Error('Connection terminated unexpectedly')],
    ['client-side query timeout', new Error('Query read timeout')],
    ['PGlite closed', new DatabaseUnavailableError('PGlite is closed')],
  ])('%s: unavailable', (_what, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['date out of range (bad input: a bug to fix, not an outage)', { code: '22008' }],
    ['unique violation', { code: '23505' }],
    ['syntax error', { code: '42601' }],
    ['a plain error', new Error('boom')],
    ['nothing', undefined],
  ])('%s: not unavailable', (_what, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
