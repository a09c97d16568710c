import session from 'express-session';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createSessionMiddleware, sessionCookieName } from './session.middleware.ts';

const deps = (env: Record<string, string>) => ({
  config: loadConfig(env),
  db: {} as Knex,
  logger: pino({ level: 'silent' }),
  sessionSecrets: ['s'.repeat(32)],
  now: () => new Date(),
});

describe('createSessionMiddleware', () => {
  it('refuses the in-memory store in production', () => {
    expect(() => createSessionMiddleware(deps({ NODE_ENV: 'production' }), new session.MemoryStore())).toThrow(
      /in-memory session store/,
    );
    expect(() => createSessionMiddleware(deps({ NODE_ENV: 'test' }), new session.MemoryStore())).not.toThrow();
  });

  it('names the cookie __Host-sid only when it is Secure', () => {
    expect(sessionCookieName(loadConfig({}))).toBe('sid');
    expect(sessionCookieName(loadConfig({ COOKIE_SECURE: 'true' }))).toBe('__Host-sid');
  });
});
