import { ADMIN_API_PATH, API_PATH } from '@shine/shared/operations/operation';
import { describe, expect, it } from 'vitest';
import { buildPathFromKey, buildQueryString } from './query-key.ts';

describe('buildPathFromKey', () => {
  it('joins the segments with "/" to form the GET path', () => {
    expect(buildPathFromKey([`${ADMIN_API_PATH}/stats`])).toBe(`${ADMIN_API_PATH}/stats`);
    expect(buildPathFromKey([`${ADMIN_API_PATH}/activities`, 'lead', 'abc'])).toBe(
      `${ADMIN_API_PATH}/activities/lead/abc`,
    );
  });

  it('turns a trailing object into the query string, leaving out empty values', () => {
    expect(
      buildPathFromKey([
        `${ADMIN_API_PATH}/leads`,
        { search: 'ann lee', status: undefined, priority: '', page: 2, pageSize: 20 },
      ]),
    ).toBe(`${ADMIN_API_PATH}/leads?search=ann+lee&page=2&pageSize=20`);
  });

  it('encodes path segments after the first', () => {
    expect(buildPathFromKey([`${ADMIN_API_PATH}/leads`, 'a/b?c'])).toBe(`${ADMIN_API_PATH}/leads/a%2Fb%3Fc`);
  });

  it('refuses parameters anywhere but last', () => {
    expect(() => buildPathFromKey([`${API_PATH}/x`, { a: 1 }, 'y'])).toThrow(/last segment/);
  });
});

describe('buildQueryString', () => {
  it('is empty when nothing is set', () => {
    expect(buildQueryString({ a: undefined, b: null, c: '' })).toBe('');
  });
});
