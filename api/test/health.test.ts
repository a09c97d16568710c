import { API_ERRORS } from '@shine/shared/messages';
import supertest from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/database.ts';
import { createLogger } from '../src/logger.ts';
import { describeApi, useTestApp, VALID_QUOTE } from './support/test-app.ts';

describeApi('health and the API around the routes', () => {
  const t = useTestApp();

  it('reports the database up', async () => {
    const response = await supertest(t.app).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, db: 'up' });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const path of ['/api/nope', '/api/admin-nope', '/api/leads/extra']) {
      const response = await supertest(t.app).get(path);
      expect(response.status, path).toBe(404);
      expect(response.type).toBe('application/json');
      expect(response.body).toEqual({ message: API_ERRORS.notFound });
    }
  });

  it('sends no X-Powered-By and the security headers', async () => {
    const response = await supertest(t.app).get('/api/health');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describeApi('when the database is unreachable', () => {
  let database: Database;
  let app: ReturnType<typeof createApp>['app'];

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_DIST_DIR: '/none', CRM_DIST_DIR: '/none' });
    const logger = createLogger(config);
    // Nothing listens on port 1: every connection is refused.
    database = await createDatabase({ databaseUrl: 'postgres://postgres:postgres@127.0.0.1:1/none', logger });
    app = createApp({ config, db: database.knex, logger, sessionSecrets: ['x'.repeat(32)], now: () => new Date() }).app;
  });
  afterAll(() => database.close());

  it('health says down with 503', async () => {
    const health = await supertest(app).get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ ok: false, db: 'down', message: API_ERRORS.databaseUnavailable });
  });

  it('the API answers 503 with the documented message and nothing internal', async () => {
    const quote = await supertest(app).post('/api/leads').send(VALID_QUOTE);
    expect(quote.status).toBe(503);
    expect(quote.body).toEqual({ message: API_ERRORS.databaseUnavailable });
    expect(quote.headers['retry-after']).toBe('5');

    const login = await supertest(app).post('/api/admin/login').send({ username: 'a@b.co', password: 'x' });
    expect(login.status).toBe(503);
    expect(login.body).toEqual({ message: API_ERRORS.databaseUnavailable });
  });
});
