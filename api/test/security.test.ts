import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_ERRORS } from '@shine/shared/messages';
import { findOperation, OPERATIONS } from '@shine/shared/operations';
import type { Operation } from '@shine/shared/operations/operation';
import supertest from 'supertest';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { type Agent, describeApi, useTestApp } from './support/test-app.ts';

const SOME_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Every call behind the sign-in, from the call table (openapi.test.ts checks the app serves exactly
 * those), each path's parameters filled with an id.
 */
const SESSION_CALLS = OPERATIONS.filter((operation) => operation.access === 'session');
const filled = (operation: Operation) => operation.path.replaceAll(/:\w+/g, SOME_ID);
const SESSION_ROUTES: Array<[string, string]> = SESSION_CALLS.map((operation) => [operation.method, filled(operation)]);

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

describeApi('staff routes signed out', () => {
  const t = useTestApp();

  it('covers every staff call, each path reaching its own call', () => {
    expect(SESSION_CALLS.length).toBeGreaterThan(40);
    for (const operation of SESSION_CALLS) {
      expect(findOperation(operation.method, filled(operation)), `${operation.method} ${operation.path}`).toBe(
        operation,
      );
    }
  });

  it.each(SESSION_ROUTES)('%s %s answers 401 and touches nothing', async (method, url) => {
    const response = await supertest(t.app)[method as Method](url).send({});
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: API_ERRORS.unauthenticated });
  });
});

describeApi('cross-origin writes and CORS', () => {
  const partner = 'https://shine-site.example.com';
  const t = useTestApp({
    env: {
      CORS_ORIGINS: `${partner}, https://other.example.com/`,
      PUBLIC_ORIGIN: 'https://crm.example.com',
      // supertest's Host header (hardening.test.ts tests the host names themselves).
      ALLOWED_HOSTS: '127.0.0.1',
    },
  });
  let agent: Agent;

  beforeEach(async () => {
    agent = await t.agent();
  });

  const createTemplate = () => agent.post('/api/admin/templates');
  const BODY = { name: 'x', type: 'sms', content: 'y' };

  it('refuses an admin write from a foreign Origin with 403, also for login and logout', async () => {
    const response = await createTemplate().set('origin', 'https://evil.example').send(BODY);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: API_ERRORS.crossOrigin });
    expect((await agent.get('/api/admin/templates')).body).toEqual([]);
    const login = await supertest(t.app)
      .post('/api/admin/login')
      .set('origin', 'https://evil.example')
      .send({ username: 'a', password: 'b' });
    expect(login.status).toBe(403);
    expect((await agent.post('/api/admin/logout').set('origin', 'null')).status).toBe(403);
    expect((await agent.get('/api/admin/me')).body.isAuthenticated).toBe(true);
  });

  it('refuses Sec-Fetch-Site cross-site and same-site when there is no Origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await createTemplate().set('sec-fetch-site', site).send(BODY);
      expect(response.status, site).toBe(403);
    }
  });

  it('allows PUBLIC_ORIGIN, CORS_ORIGINS, same-origin fetches and clients without either header', async () => {
    expect((await createTemplate().set('origin', 'https://crm.example.com').send(BODY)).status).toBe(201);
    expect((await createTemplate().set('origin', partner).send(BODY)).status).toBe(201);
    expect((await createTemplate().set('origin', 'https://other.example.com').send(BODY)).status).toBe(201);
    expect((await createTemplate().set('sec-fetch-site', 'same-origin').send(BODY)).status).toBe(201);
    expect((await createTemplate().set('sec-fetch-site', 'none').send(BODY)).status).toBe(201);
    expect((await createTemplate().send(BODY)).status).toBe(201);
  });

  it('lets reads and the public quote form through whatever the origin', async () => {
    expect((await agent.get('/api/admin/templates').set('origin', 'https://evil.example')).status).toBe(200);
    const quote = await supertest(t.app).post('/api/leads').set('origin', 'https://evil.example').send({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      phone: '12345',
      zipcode: '75201',
      bedrooms: '1',
      bathrooms: '1',
      cleaningType: 'Basic',
      frequency: 'Weekly',
    });
    expect(quote.status).toBe(201);
    expect(quote.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers CORS for CORS_ORIGINS only, with credentials, and preflights', async () => {
    const allowed = await supertest(t.app).get('/api/health').set('origin', partner);
    expect(allowed.headers['access-control-allow-origin']).toBe(partner);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(allowed.headers.vary).toMatch(/Origin/);
    const foreign = await supertest(t.app).get('/api/health').set('origin', 'https://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await supertest(t.app)
      .options('/api/leads')
      .set('origin', partner)
      .set('access-control-request-method', 'POST')
      .set('access-control-request-headers', 'content-type');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/content-type/i);
  });

  it('lists CORS_ORIGINS in the CSP connect-src', async () => {
    const csp = (await supertest(t.app).get('/api/health')).headers['content-security-policy'] as string;
    expect(csp).toContain(`connect-src 'self' ${partner} https://other.example.com`);
  });
});

describeApi('bodies on staff routes', () => {
  const t = useTestApp();
  let agent: Agent;

  beforeEach(async () => {
    agent = await t.agent();
  });

  it('malformed JSON is a 400 with the message', async () => {
    const response = await agent
      .post('/api/admin/templates')
      .set('content-type', 'application/json')
      .send('{"name": "x",');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: API_ERRORS.malformedJson });
  });

  it('a body over 100 kB is a 413 with the message', async () => {
    const response = await agent
      .post('/api/admin/templates')
      .send({ name: 'x', type: 'sms', content: 'y'.repeat(101 * 1024) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: API_ERRORS.payloadTooLarge });
  });

  it('a body that is not JSON is a 415 with the message', async () => {
    const response = await agent.post('/api/admin/templates').set('content-type', 'text/plain').send('name=x');
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ message: API_ERRORS.unsupportedMediaType });
  });

  it('a JSON body in an unsupported charset is a 415', async () => {
    const response = await agent
      .post('/api/admin/templates')
      .set('content-type', 'application/json; charset=latin1')
      .send('{}');
    expect(response.status).toBe(415);
  });

  it('a path parameter that is not valid %-encoding is a 400, not a failure', async () => {
    for (const url of ['/api/admin/leads/%E0%A4%A', '/api/admin/activities/lead/%ZZ']) {
      const response = await agent.get(url);
      expect(response.status, url).toBe(400);
      expect(response.body).toEqual({ message: API_ERRORS.invalidInput });
    }
    expect((await agent.delete('/api/admin/templates/%E0%A4%A')).status).toBe(400);
  });

  it('an unexpected failure is a 500 with a generic message: no stack, no SQL', async () => {
    await t.db.raw('alter table templates rename to templates_away');
    try {
      const response = await agent.get('/api/admin/templates');
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ message: API_ERRORS.internal });
      expect(response.text).not.toMatch(/templates_away|relation|select|at /i);
    } finally {
      await t.db.raw('alter table templates_away rename to templates');
    }
  });
});

describeApi("Content-Security-Policy with the site build's script hashes", () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'shine-csp-'));
  writeFileSync(
    path.join(dist, '_csp.json'),
    JSON.stringify({ scriptHashes: ['sha256-abc123+/=', "'sha384-def456'", 'bogus; script-src *'] }),
  );
  const t = useTestApp({ env: { SITE_DIST_DIR: dist } });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('adds the valid hashes to script-src and nothing else', async () => {
    const csp = (await supertest(t.app).get('/api/health')).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' 'sha256-abc123+/=' 'sha384-def456';");
    expect(csp).not.toContain('bogus');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
  });
});

describeApi('COOKIE_SECURE behind a TLS-terminating proxy', () => {
  const t = useTestApp({ env: { COOKIE_SECURE: 'true', TRUST_PROXY: '1' } });

  it('names the cookie __Host-sid and marks it Secure', async () => {
    const response = await supertest(t.app)
      .post('/api/admin/login')
      .set('x-forwarded-proto', 'https')
      .send({ username: 'admin@example.com', password: 'correct-horse-battery-staple' });
    expect(response.status).toBe(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    // The session cookie (the device cookie of login-throttle.test.ts comes with it).
    const cookie = cookies.find((c) => c.startsWith('__Host-sid=')) ?? '';
    expect(cookie).toMatch(/^__Host-sid=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\//);
    expect(response.headers['strict-transport-security']).toBeDefined();
  });
});
