/** A logged address carries no SSN and no date, however it was typed or encoded (src/server/request-log.ts). */
import { describe, expect, it } from 'vitest';
import { loggedPath } from '../../src/server/request-log';

describe('the path a log line gives', () => {
  it.each([
    ['/enrollment/123-45-6789', '/enrollment/[redacted]'],
    ['/api/v1/employer/123456789', '/api/v1/employer/[redacted]'],
    ['/x/123%2D45%2D6789', '/x/[redacted]'],
    ['/x/%31%32%33-45-6789', '/x/[redacted]'],
    ['/x/%2531%2532%2533456789', '/x/[redacted]'],
    ['/x/123%2045%206789', '/x/[redacted]'],
    ['/enrollment/1969-12-02?lang=es', '/enrollment/[redacted]'],
    ['/feeschedule/04-15-1958', '/feeschedule/[redacted]'],
    ['/x/04/15/1958', '/x/[redacted]'],
    ['/x/04.15.1958', '/x/[redacted]'],
    ['/x/04151958', '/x/[redacted]'],
    ['/x/4-5-58', '/x/[redacted]'],
    ['/feeschedule/AARP01/04-15-1958', '/feeschedule/AARP[redacted]'],
    ['/x/1234567890', '/x/[redacted]'],
  ])('masks %s', (url, logged) => {
    expect(loggedPath(url)).toBe(logged);
  });

  it.each(['/enrollment/accountholder', '/feeschedule/AARP01', '/feeschedule/DEMO100', '/api/v1/enrollment/enroll', '/assets/index-DKzlgm6z.js', '/enrollment/terms'])('keeps %s', (url) => {
    expect(loggedPath(url)).toBe(url);
  });

  it('drops the query, keeps an address that does not decode as it came, and cuts a long one short', () => {
    expect(loggedPath('/enrollment/accountholder?ssn=123456789&lang=es')).toBe('/enrollment/accountholder');
    expect(loggedPath('/x/%E0%A4%A')).toBe('/x/%E0%A4%A');
    expect(loggedPath(`/x/${'a'.repeat(300)}`)).toBe(`/x/${'a'.repeat(197)}...`);
  });
});
