import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailableError, isDataException } from './errors.ts';

describe('isDatabaseUnavailableError', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['an administrator shutdown', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['a server starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a pool timeout', Object.assign(new Error('Knex: Timeout acquiring a connection'), { name: 'KnexTimeoutError' })],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a wrapped cause', new Error('query failed', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) })],
    [
      'several addresses refused',
      new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'all failed'),
    ],
  ])('recognises %s', (_label, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });

  it.each([
    ['a syntax error', Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' })],
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
  ])('does not mistake %s for an outage', (_label, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(false);
  });
});

describe('isDataException', () => {
  it.each(['22008', '22007', '22003', '22P02', '22021'])('recognises SQLSTATE %s (class 22)', (code) => {
    expect(isDataException(Object.assign(new Error('data exception'), { code }))).toBe(true);
  });
  it.each(['23505', '42601', '57P01', 'ECONNRESET', undefined])('leaves %s alone', (code) => {
    expect(isDataException(Object.assign(new Error('other'), { code }))).toBe(false);
  });
  it('is false for what is not an error', () => {
    expect(isDataException(null)).toBe(false);
    expect(isDataException('22008')).toBe(false);
  });
});
