import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailableError } from './errors.ts';

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
