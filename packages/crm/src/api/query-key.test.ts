import { describe, expect, it } from 'vitest';
import { buildPathFromKey, buildQueryString } from './query-key.ts';

describe('buildPathFromKey', () => {
  it('joins the segments with "/" to form the GET path', () => {
    expect(buildPathFromKey(['/api/admin/stats'])).toBe('/api/admin/stats');
    expect(buildPathFromKey(['/api/admin/activities', 'lead', 'abc'])).toBe('/api/admin/activities/lead/abc');
  });

  it('turns a trailing object into the query string, leaving out empty values', () => {
    expect(
      buildPathFromKey([
        '/api/admin/leads',
        { search: 'ann lee', status: undefined, priority: '', page: 2, pageSize: 20 },
      ]),
    ).toBe('/api/admin/leads?search=ann+lee&page=2&pageSize=20');
  });

  it('encodes path segments after the first', () => {
    expect(buildPathFromKey(['/api/admin/leads', 'a/b?c'])).toBe('/api/admin/leads/a%2Fb%3Fc');
  });

  it('refuses parameters anywhere but last', () => {
    expect(() => buildPathFromKey(['/api/x', { a: 1 }, 'y'])).toThrow(/last segment/);
  });
});

describe('buildQueryString', () => {
  it('is empty when nothing is set', () => {
    expect(buildQueryString({ a: undefined, b: null, c: '' })).toBe('');
  });
});
