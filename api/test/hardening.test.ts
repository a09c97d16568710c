// The outside review's findings on bodies, host names, caching and logs (docs/security.md,
// review findings 1, 8, 10 and 11), each kept fixed here on both databases.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { API_ERRORS } from '@shine/shared/messages';
import { pino } from 'pino';
import supertest from 'supertest';
import { beforeEach, expect, it } from 'vitest';
import { setupUrlOf } from '../src/auth/setup-links.ts';
import { REDACTED_PATHS } from '../src/logger.ts';
import { type IdKind, ROUTES, fillPath } from './resilience/support/routes.ts';
import { listAllRoutes } from './support/express-routes.ts';
import { addStaff, STAFF_PASSWORD } from './support/team.ts';
import { type Agent, buildTestApp, describeApi, signIn, useTestApp, VALID_QUOTE } from './support/test-app.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Sends `json` gzip-compressed, as bytes (superagent would serialise a Buffer as JSON). */
function sendGzip(request: supertest.Test, json: string) {
  return (
    request
      .set('content-type', 'application/json')
      .set('content-encoding', 'gzip')
      // superagent's type says string; a Buffer is written as it is.
      .serialize((body: Buffer) => body as unknown as string)
      .send(gzipSync(json))
  );
}

describeApi('request bodies', () => {
  const t = useTestApp();
  let agent: Agent;

  beforeEach(async () => {
    agent = await t.agent();
  });

  it('a staff route does not read a signed-out body: malformed, foreign or huge, the answer is 401', async () => {
    const anonymous = supertest(t.app);
    const malformed = await anonymous
      .post('/api/admin/templates')
      .set('content-type', 'application/json')
      .send('{"name": ');
    expect([malformed.status, malformed.body]).toEqual([401, { message: API_ERRORS.unauthenticated }]);
    const text = await anonymous.post('/api/admin/templates').set('content-type', 'text/plain').send('x');
    expect(text.status).toBe(401);
    const compressed = await sendGzip(anonymous.post('/api/admin/leads/export'), nested(1_000_000));
    expect(compressed.status).toBe(401);
  });

  it("a call of the admins' does not read a salesperson's body: malformed or huge, the answer is 403", async () => {
    await addStaff(t.db, { email: 'sales@hardening.example', role: 'sales' });
    const sales = await signIn(t.app, { username: 'sales@hardening.example', password: STAFF_PASSWORD });
    const malformed = await sales
      .post('/api/admin/templates')
      .set('content-type', 'application/json')
      .send('{"name": ');
    expect([malformed.status, malformed.body]).toEqual([403, { message: API_ERRORS.adminRoleRequired }]);
    const deep = await sendGzip(sales.put('/api/admin/settings/company'), nested(1_000_000));
    expect([deep.status, deep.body]).toEqual([403, { message: API_ERRORS.adminRoleRequired }]);
    // The same body to a call every role may make is read, and judged.
    const read = await sales.post('/api/admin/activities').set('content-type', 'application/json').send('{"title": ');
    expect([read.status, read.body]).toEqual([400, { message: API_ERRORS.malformedJson }]);
  });

  it('the login body is parsed for anyone, and kept small', async () => {
    const response = await supertest(t.app)
      .post('/api/admin/login')
      .send({ username: 'a@example.com', password: 'x'.repeat(5_000) });
    expect([response.status, response.body]).toEqual([413, { message: API_ERRORS.payloadTooLarge }]);
  });

  it('JSON nested deeper than 32 levels is a 400 with its message, on public and staff routes, plain or gzip', async () => {
    const tooDeep = { message: API_ERRORS.jsonTooDeep };
    const quote = await supertest(t.app)
      .post('/api/leads')
      .set('content-type', 'application/json')
      .send(`{"notes":${nested(32)}}`);
    expect([quote.status, quote.body]).toEqual([400, tooDeep]);
    const gzipped = await sendGzip(supertest(t.app).post('/api/leads'), nested(5_000));
    expect([gzipped.status, gzipped.body]).toEqual([400, tooDeep]);
    const staff = await sendGzip(agent.post('/api/admin/leads/export'), nested(1_000_000));
    expect([staff.status, staff.body]).toEqual([400, tooDeep]);
  });

  it('32 levels are still parsed and judged by the route; brackets inside strings do not count', async () => {
    const deepest = await agent
      .post('/api/admin/templates')
      .set('content-type', 'application/json')
      .send(`{"name":${nested(31)}}`);
    expect(deepest.status).toBe(400);
    expect(deepest.body.message).not.toBe(API_ERRORS.jsonTooDeep);
    const bracketsInText = await supertest(t.app)
      .post('/api/leads')
      .send({ ...VALID_QUOTE, notes: `${'[{'.repeat(200)} the key is under the mat` });
    expect(bracketsInText.status).toBe(201);
  });
});

describeApi('host names with PUBLIC_ORIGIN set', () => {
  const t = useTestApp({
    env: { PUBLIC_ORIGIN: 'https://crm.example.com', ALLOWED_HOSTS: 'www.example.com, 127.0.0.1' },
  });

  it('answers another host 421 with its message, on the API and the site alike', async () => {
    for (const url of ['/api/admin/me', '/', '/admin']) {
      const response = await supertest(t.app).get(url).set('host', 'evil.example');
      expect([url, response.status, response.body]).toEqual([url, 421, { message: API_ERRORS.misdirected }]);
    }
  });

  it('serves its own host names on any port, and /api/health whatever the host (load balancer probes)', async () => {
    for (const host of ['crm.example.com', 'CRM.example.com', 'www.example.com:8443']) {
      expect((await supertest(t.app).get('/api/admin/me').set('host', host)).status, host).toBe(200);
    }
    expect((await supertest(t.app).get('/api/health').set('host', '10.0.0.7:3000')).status).toBe(200);
  });

  it('a forged Host with an Origin to match passes nothing', async () => {
    const login = await supertest(t.app)
      .post('/api/admin/login')
      .set('host', 'evil.example')
      .set('origin', 'http://evil.example')
      .send({ username: 'a@example.com', password: 'whatever' });
    expect(login.status).toBe(421);
  });

  it('an admin write must come from a configured origin, not from what the Host header makes "ours"', async () => {
    const agent = await signIn(t.app);
    const fromHost = await agent
      .post('/api/admin/templates')
      .set('host', 'www.example.com')
      .set('origin', 'http://www.example.com')
      .send({ name: 'x', type: 'sms', content: 'y' });
    expect([fromHost.status, fromHost.body]).toEqual([403, { message: API_ERRORS.crossOrigin }]);
    const fromPublicOrigin = await agent
      .post('/api/admin/templates')
      .set('host', 'www.example.com')
      .set('origin', 'https://crm.example.com')
      .send({ name: 'x', type: 'sms', content: 'y' });
    expect(fromPublicOrigin.status).toBe(201);
  });
});

describeApi('host names without PUBLIC_ORIGIN (development)', () => {
  const t = useTestApp();

  it('answers any host, and an admin write from the origin its Host names passes', async () => {
    const agent = await t.agent();
    const own = await agent
      .post('/api/admin/templates')
      .set('host', 'localhost:3000')
      .set('origin', 'http://localhost:3000')
      .send({ name: 'x', type: 'sms', content: 'y' });
    expect(own.status).toBe(201);
  });

  // The third review, finding 9: a link we send is never built from the request's Host header.
  it('builds the links it sends from its own address, whatever Host the request named', async () => {
    const agent = await t.agent();
    const own = `http://localhost:${t.config.port}`;
    const leadId = (await supertest(t.app).post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
    const draft = await agent.post(`/api/admin/leads/${leadId}/quotes`).set('host', 'evil.example').send({});
    const sent = await agent
      .post(`/api/admin/quotes/${draft.body.id}/send`)
      .set('host', 'evil.example')
      .set('origin', 'http://evil.example')
      .send({ email: false });
    expect(sent.status).toBe(200);
    expect(sent.body.url.startsWith(`${own}/q/`)).toBe(true);
    const invited = await agent
      .post('/api/admin/users')
      .set('host', 'evil.example:8080')
      .set('origin', 'http://evil.example:8080')
      .send({ email: 'newcomer@example.com', name: 'New Comer', role: 'sales' });
    expect(invited.status).toBe(201);
    expect(JSON.stringify(invited.body)).not.toContain('evil.example');
    expect(invited.body.setupUrl.startsWith(`${own}/admin/setup-password`)).toBe(true);
  });
});

describeApi('Cache-Control on staff answers', () => {
  const t = useTestApp();

  it('every admin route answers no-store, or private revalidation where it sends an ETag', async () => {
    const agent = await t.agent();
    const lead = await supertest(t.app).post('/api/leads').send(VALID_QUOTE);
    const template = await agent.post('/api/admin/templates').send({ name: 'Hi', type: 'sms', content: 'Hello' });
    const existing: Record<IdKind, string> = {
      lead: lead.body.id,
      template: template.body.id,
      automation: randomUUID(),
      held: randomUUID(),
      request: randomUUID(),
      user: t.adminId,
      quote: randomUUID(),
      unmatched: randomUUID(),
      activity: randomUUID(),
      call: randomUUID(),
    };
    expect(template.headers['cache-control']).toBe('no-store');
    // The live stream's own Cache-Control (no-store, no-transform) is checked in live.test.ts.
    const reads = ROUTES.filter((route) => route.access !== 'public' && route.method === 'GET' && !route.stream);
    expect(reads.length).toBeGreaterThan(10);
    for (const route of reads) {
      const response = await agent.get(fillPath(route, existing));
      const expected = response.headers.etag ? 'private, no-cache' : 'no-store';
      expect([route.path, response.headers['cache-control']]).toEqual([route.path, expected]);
    }
    const signedOut = await supertest(t.app).get(`/api/admin/leads/${existing.lead}`);
    expect(signedOut.headers['cache-control']).toBe('no-store');
  });
});

describeApi('request log', () => {
  const t = useTestApp();

  /** A logger as the server's (same redaction), whose lines the test reads. */
  function capturedLog() {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pino({ level: 'info', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink);
    return { lines, logger };
  }

  it('logs an admin route with its query names, never the search terms', async () => {
    const { lines, logger } = capturedLog();
    const logged = await buildTestApp(t.db, { logger });
    try {
      const agent = await signIn(logged.app);
      const search = await agent.get('/api/admin/leads').query({ search: 'Garcia 214-555-0106', page: 2 });
      expect(search.status).toBe(200);
      const line = lines.map((text) => JSON.parse(text)).find((entry) => entry.req?.url?.includes('/api/admin/leads'));
      expect(line?.req.url).toBe('/api/admin/leads?search=[redacted]&page=[redacted]');
      expect(line?.res.statusCode).toBe(200);
      expect(lines.join('\n')).not.toMatch(/Garcia|0106/);
    } finally {
      await logged.close();
    }
  });

  it('logs a customer’s quote link without its token (the link is the key to the quote)', async () => {
    const { lines, logger } = capturedLog();
    const logged = await buildTestApp(t.db, { logger });
    const token = 'Secret_Token-0123456789abcdefghijklmnopqrst';
    try {
      await supertest(logged.app).get(`/q/${token}`).expect(404);
      await supertest(logged.app).get(`/q/${token}/pdf`).expect(404);
      await supertest(logged.app).post(`/api/quotes/${token}/accept`).send({ name: 'Ann Lee' }).expect(404);
      const urls = lines.map((text) => JSON.parse(text).req?.url).filter(Boolean);
      expect(urls).toEqual(['/q/[redacted]', '/q/[redacted]/pdf', '/api/quotes/[redacted]/accept']);
      expect(lines.join('\n')).not.toContain(token);
    } finally {
      await logged.close();
    }
  });
  it('leaves every secret path segment out, whatever its case: every route that takes a token, and the set-up link', async () => {
    const { lines, logger } = capturedLog();
    const logged = await buildTestApp(t.db, { logger });
    const token = 'Secret_Token-0123456789abcdefghijklmnopqrst';
    try {
      // Every route of the app with a :token parameter, from the router itself: a new one is walked too.
      const tokenRoutes = listAllRoutes(logged.app).filter((route) => route.path.includes(':token'));
      expect(tokenRoutes.map((route) => route.path)).toEqual(
        expect.arrayContaining(['/q/:token', '/q/:token/pdf', '/u/:token', '/api/quotes/:token/accept']),
      );
      // The CRM's set-up page (a browser route, served by the static fallback) as the link is built.
      const setupPath = new URL(setupUrlOf('https://shine.example', token)).pathname;
      const requests = [
        ...tokenRoutes.map((route) => ({ method: route.method, path: route.path.replace(':token', token) })),
        { method: 'GET', path: setupPath },
        { method: 'GET', path: `/admin/setup-password?token=${token}` },
      ];
      const shout = (path: string) => path.replace(token, '\0').toUpperCase().replace('\0', token);
      for (const { method, path } of requests) {
        for (const spelled of [path, shout(path), `/${path}`]) {
          lines.length = 0;
          const request = supertest(logged.app)[method.toLowerCase() as 'get' | 'post'](spelled);
          await (method === 'GET' ? request : request.send({}));
          const entries = lines.map((text) => JSON.parse(text)).filter((entry) => entry.req?.url);
          expect(entries, `${method} ${spelled} logged`).toHaveLength(1);
          expect(lines.join('\n'), `${method} ${spelled}`).not.toContain(token);
          expect(entries[0].req.url, `${method} ${spelled}`).toContain('[redacted]');
        }
      }
    } finally {
      await logged.close();
    }
  });
});
