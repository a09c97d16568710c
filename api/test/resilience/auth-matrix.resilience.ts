// The authorisation matrix, generated from the route table: every admin route ×
// {no cookie, forged cookie, expired session, logged-out session} → 401 and nothing changes; every
// admin write from a foreign origin → 403 and nothing changes; the session id changes at login; login
// is limited per client and per username with a clear 429; new passwords have a minimum length.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { MIN_PASSWORD_LENGTH } from '@shine/shared/constants';
import { API_ERRORS, loginRetryMessage } from '@shine/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, expireSessions, signInTestApp, startTestApp, TEST_ADMIN } from './support/app.ts';
import { type Answer, checksumTables, expectWellFormed, sendRaw } from './support/checks.ts';
import { recordFigure } from './support/figures.ts';
import { API_DIR, REPO_ROOT } from './support/server-process.ts';
import { type IdKind, ROUTES, type Route, fillPath, isWrite } from './support/routes.ts';
import { makeTempDir } from './support/run-resources.ts';

const ADMIN_ROUTES = ROUTES.filter((route) => route.access === 'admin');
const ADMIN_WRITES = ROUTES.filter((route) => route.path.startsWith('/api/admin/') && isWrite(route.method));
let checks = 0;
afterAll(() => recordFigure('authorisation matrix', 'authChecks', checks));

async function existingIds(app: TestApp, cookie: string): Promise<Record<IdKind, string>> {
  const headers = { 'content-type': 'application/json', cookie, origin: app.baseUrl };
  const lead = await sendRaw(`${app.baseUrl}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ROUTES.find((r) => r.path === '/api/leads')?.validBody?.({} as Record<IdKind, string>)),
  });
  const template = await sendRaw(`${app.baseUrl}/api/admin/templates`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Matrix', type: 'email', subject: 'Hi', content: 'Hello {{firstName}}' }),
  });
  const automation = await sendRaw(`${app.baseUrl}/api/admin/automations`, {
    method: 'POST',
    headers,
    body: JSON.stringify(
      ROUTES.find((r) => r.method === 'POST' && r.path === '/api/admin/automations')?.validBody?.({} as never),
    ),
  });
  // A quote the honeypot holds for review.
  const heldQuote = await sendRaw(`${app.baseUrl}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...(ROUTES.find((r) => r.path === '/api/leads')?.validBody?.({} as never) as object),
      email: 'held@example.com',
      phone: '817-555-0100',
      website: 'bot',
    }),
  });
  // A team member other than the signed-in admin, for the Team section's calls.
  const user = await sendRaw(`${app.baseUrl}/api/admin/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Matrix Rep', email: 'matrix.rep@example.com', role: 'sales' }),
  });
  for (const answer of [lead, template, automation, heldQuote, user]) expect(answer.status, answer.text).toBe(201);
  const leadId = (JSON.parse(lead.text) as { id: string }).id;
  const detail = await sendRaw(`${app.baseUrl}/api/admin/leads/${leadId}`, { method: 'GET', headers: { cookie } });
  const held = await sendRaw(`${app.baseUrl}/api/admin/held-submissions`, { method: 'GET', headers: { cookie } });
  // A draft quote of the lead, for the quote calls.
  const draft = await sendRaw(`${app.baseUrl}/api/admin/leads/${leadId}/quotes`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  expect(draft.status, draft.text).toBe(201);
  return {
    lead: leadId,
    quote: (JSON.parse(draft.text) as { id: string }).id,
    template: (JSON.parse(template.text) as { id: string }).id,
    automation: (JSON.parse(automation.text) as { id: string }).id,
    request: (JSON.parse(detail.text) as { requests: Array<{ id: string }> }).requests[0]?.id as string,
    held: (JSON.parse(held.text) as { items: Array<{ id: string }> }).items[0]?.id as string,
    user: (JSON.parse(user.text) as { user: { id: string } }).user.id,
    // Held e-mail comes only from the mailbox: a well-formed id of none (the session decides first).
    unmatched: randomUUID(),
    // A well-formed id of none (the session decides first).
    activity: randomUUID(),
    // Calls come only from the voice webhook: a well-formed id of none (the session decides first).
    call: randomUUID(),
  };
}

function requestFor(app: TestApp, route: Route, existing: Record<IdKind, string>, headers: Record<string, string>) {
  const body = route.validBody ? JSON.stringify(route.validBody(existing)) : undefined;
  return sendRaw(`${app.baseUrl}${fillPath(route, existing)}`, {
    method: route.method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body,
  });
}

/** The session id inside a signed cookie (`name=s%3A<id>.<signature>`). */
function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.split('=')[1] ?? '');
  return value.slice(2, value.lastIndexOf('.'));
}

function sessionCookie(answer: Answer): string {
  // The session's cookie only: a sign-in also sets a device cookie (src/auth/device-cookie.middleware.ts).
  const cookies = answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((cookie) => !/^(__Secure-)?shine-device=/.test(cookie));
  expect(cookies.length, 'login sets a session cookie').toBeGreaterThan(0);
  return cookies.join('; ');
}

async function login(app: TestApp, extra: Record<string, string> = {}, password: string = TEST_ADMIN.password) {
  return sendRaw(`${app.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseUrl, ...extra },
    body: JSON.stringify({ username: TEST_ADMIN.email, password }),
  });
}

describe('authorisation matrix', () => {
  let app: TestApp;
  let existing: Record<IdKind, string>;
  let cookieName = '';

  beforeAll(async () => {
    app = await startTestApp();
    const answer = await login(app);
    expect(answer.status).toBe(200);
    const cookie = sessionCookie(answer);
    cookieName = cookie.split('=')[0] ?? '';
    existing = await existingIds(app, cookie);
  });
  afterAll(async () => {
    await app?.close();
  });

  type Credential = 'no cookie' | 'forged cookie' | 'expired session' | 'logged-out session';
  const credentials: Credential[] = ['no cookie', 'forged cookie', 'expired session', 'logged-out session'];

  // One cookie per kind, made once: a dead session stays dead however often it is tried.
  const cookies = new Map<Credential, string | undefined>();
  async function cookieFor(credential: Credential): Promise<string | undefined> {
    if (cookies.has(credential)) return cookies.get(credential);
    let cookie: string | undefined;
    switch (credential) {
      case 'no cookie':
        break;
      case 'forged cookie':
        // A well-formed signed-cookie shape with a signature made without the secret.
        cookie = `${cookieName}=s%3Aforged-session-id.${Buffer.from('not the signature').toString('base64url')}`;
        break;
      case 'expired session': {
        cookie = sessionCookie(await login(app));
        await expireSessions(app, sessionIdOf(cookie));
        break;
      }
      case 'logged-out session': {
        cookie = sessionCookie(await login(app));
        const out = await sendRaw(`${app.baseUrl}/api/admin/logout`, {
          method: 'POST',
          headers: { cookie, origin: app.baseUrl },
        });
        expect([200, 204]).toContain(out.status);
        break;
      }
    }
    cookies.set(credential, cookie);
    return cookie;
  }

  for (const credential of credentials) {
    for (const route of ADMIN_ROUTES) {
      it(`${route.method} ${route.path} with ${credential} → 401`, async () => {
        const cookie = await cookieFor(credential);
        const before = await checksumTables(app.db);
        const answer = await requestFor(app, route, existing, {
          ...(cookie ? { cookie } : {}),
          ...(isWrite(route.method) ? { origin: app.baseUrl } : {}),
        });
        checks++;
        const body = expectWellFormed(answer, `${route.method} ${route.path} (${credential})`) as { message: string };
        expect(answer.status).toBe(401);
        expect(body.message).toBe(API_ERRORS.unauthenticated);
        expect(await checksumTables(app.db)).toEqual(before);
      });
    }
    it(`GET /api/admin/me with ${credential} says not signed in`, async () => {
      const cookie = await cookieFor(credential);
      const answer = await sendRaw(`${app.baseUrl}/api/admin/me`, { method: 'GET', headers: cookie ? { cookie } : {} });
      checks++;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({ isAuthenticated: false });
    });
  }

  let signedIn: string | undefined;
  const signedInCookie = async () => {
    signedIn ??= sessionCookie(await login(app));
    return signedIn;
  };

  const foreignOrigins: Array<[string, Record<string, string>]> = [
    ['a foreign site', { origin: 'https://evil.example' }],
    ['an opaque origin', { origin: 'null' }],
    ['another port on the same host', { origin: 'http://127.0.0.1:1' }],
    ['a look-alike host', { origin: 'http://127.0.0.1.evil.example' }],
    ['Sec-Fetch-Site cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
  ];
  for (const [label, headers] of foreignOrigins) {
    for (const route of ADMIN_WRITES) {
      it(`${route.method} ${route.path} from ${label} → 403`, async () => {
        const cookie = await signedInCookie();
        const before = await checksumTables(app.db);
        const answer = await requestFor(app, route, existing, { cookie, ...headers });
        checks++;
        const body = expectWellFormed(answer, `${route.method} ${route.path} from ${label}`) as { message: string };
        expect(answer.status).toBe(403);
        expect(body.message).toBe(API_ERRORS.crossOrigin);
        expect(await checksumTables(app.db)).toEqual(before);
        // The session still works from its own origin: the refusal was about the origin alone.
        const me = await sendRaw(`${app.baseUrl}/api/admin/me`, { method: 'GET', headers: { cookie } });
        expect(JSON.parse(me.text)).toMatchObject({ isAuthenticated: true });
      });
    }
  }

  it('changes the session id at login and retires the old one', async () => {
    const first = sessionCookie(await login(app));
    const second = sessionCookie(await login(app, { cookie: first }));
    checks++;
    expect(second).not.toBe(first);
    const old = await sendRaw(`${app.baseUrl}/api/admin/stats`, { method: 'GET', headers: { cookie: first } });
    expect(old.status, 'the session from before the login no longer works').toBe(401);
    const current = await sendRaw(`${app.baseUrl}/api/admin/stats`, { method: 'GET', headers: { cookie: second } });
    expect(current.status).toBe(200);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const answer = await login(app);
    const setCookie = answer.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it('answers a failed login with one generic message whatever was wrong', async () => {
    const wrongPassword = await login(app, {}, 'not-the-password-at-all');
    const unknownUser = await sendRaw(`${app.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.baseUrl },
      body: JSON.stringify({ username: 'nobody@example.com', password: TEST_ADMIN.password }),
    });
    checks += 2;
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(JSON.parse(wrongPassword.text)).toEqual({ message: API_ERRORS.invalidCredentials });
    expect(JSON.parse(unknownUser.text)).toEqual({ message: API_ERRORS.invalidCredentials });
  });
});

/** A POST from a chosen loopback address: 127.0.0.0/8 is all local, so each address is a client. */
function postFrom(
  localAddress: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const target = new URL(url);
    const req = httpRequest(
      target,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers },
      },
      (res) => {
        let data = '';
        res.on('data', (chunk: Buffer) => {
          data += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: data }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

describe('rate limits', () => {
  const LOGIN_LIMIT = 5;
  const LEADS_LIMIT = 3;
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({
      rateLimitLoginPer15Minutes: LOGIN_LIMIT,
      rateLimitLeadsPerMinute: LEADS_LIMIT,
    });
  });
  afterAll(async () => app?.close());

  const loginFrom = (address: string, username: string, password: string) =>
    postFrom(address, `${app.baseUrl}/api/admin/login`, { username, password }, { origin: app.baseUrl });

  it('limits login attempts per client with a clear 429, whatever the username', async () => {
    const client = '127.0.0.11';
    for (let i = 0; i < LOGIN_LIMIT; i++) {
      const answer = await loginFrom(client, `someone${i}@example.com`, 'wrong-password-123');
      expect(answer.status, answer.text).toBe(401);
    }
    const limited = await loginFrom(client, 'yet-another@example.com', 'wrong-password-123');
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.text)).toMatchObject({ message: API_ERRORS.loginRateLimited });
    // Even the right password is refused from that client until the window passes...
    const right = await loginFrom(client, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(right.status).toBe(429);
    // ...while another client signs in normally.
    const other = await loginFrom('127.0.0.12', TEST_ADMIN.email, TEST_ADMIN.password);
    expect(other.status, other.text).toBe(200);
    checks += LOGIN_LIMIT + 3;
  });

  it('limits login attempts per username across clients with a clear 429', async () => {
    const username = 'target@example.com';
    for (let i = 0; i < LOGIN_LIMIT; i++) {
      const answer = await loginFrom(`127.0.1.${10 + i}`, username, 'wrong-password-123');
      expect(answer.status, answer.text).toBe(401);
    }
    const limited = await loginFrom('127.0.1.100', username, 'wrong-password-123');
    expect(limited.status).toBe(429);
    // The first refused guess waits the shortest back-off (auth/login-throttle.ts).
    expect(JSON.parse(limited.text)).toMatchObject({ message: loginRetryMessage(5) });
    // Other usernames from a fresh client are not affected.
    const other = await loginFrom('127.0.1.101', TEST_ADMIN.email, TEST_ADMIN.password);
    expect(other.status, other.text).toBe(200);
    checks += LOGIN_LIMIT + 2;
  });

  it('limits quote submissions per client with a clear 429, stores nothing past the limit and counts the refusal', async () => {
    const quote = ROUTES.find((r) => r.path === '/api/leads')?.validBody?.({} as never);
    const client = '127.0.2.10';
    for (let i = 0; i < LEADS_LIMIT; i++) {
      const answer = await postFrom(client, `${app.baseUrl}/api/leads`, quote);
      expect(answer.status, answer.text).toBe(201);
    }
    const before = await checksumTables(app.db);
    const limited = await postFrom(client, `${app.baseUrl}/api/leads`, quote);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.text)).toMatchObject({ message: API_ERRORS.rateLimited });
    // Nothing stored; the refusal is only counted (the CRM's rejected-submissions metric).
    const { intake_rejections: counted, ...after } = await checksumTables(app.db);
    const { intake_rejections: _none, ...unchanged } = before;
    expect(after).toEqual(unchanged);
    expect(counted).not.toEqual(_none);
    const rejections = await app.db('intake_rejections').select('rule', 'count');
    expect(rejections).toEqual([{ rule: 'rate_limited', count: 1 }]);
    const other = await postFrom('127.0.2.11', `${app.baseUrl}/api/leads`, quote);
    expect(other.status).toBe(201);
    checks += LEADS_LIMIT + 2;
  });
});

describe('password minimum length', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app?.close());

  it(`refuses a new password shorter than ${MIN_PASSWORD_LENGTH} characters and accepts one that long`, async () => {
    const cookie = await signInTestApp(app);
    const change = (currentPassword: string, newPassword: string) =>
      sendRaw(`${app.baseUrl}/api/admin/me/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: app.baseUrl },
        body: JSON.stringify({ currentPassword, newPassword }),
      });
    const before = await checksumTables(app.db);
    for (const newPassword of ['', 'short', 'x'.repeat(MIN_PASSWORD_LENGTH - 1)]) {
      const answer = await change(TEST_ADMIN.password, newPassword);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.text).toContain(`at least ${MIN_PASSWORD_LENGTH} characters`);
    }
    const wrongCurrent = await change('not-the-current-password', 'y'.repeat(MIN_PASSWORD_LENGTH));
    expect(wrongCurrent.status).toBeGreaterThanOrEqual(400);
    expect(wrongCurrent.status).toBeLessThan(500);
    expect(await checksumTables(app.db)).toEqual(before);

    const newPassword = 'z'.repeat(MIN_PASSWORD_LENGTH);
    const accepted = await change(TEST_ADMIN.password, newPassword);
    expect([200, 204], accepted.text).toContain(accepted.status);
    expect((await login(app, {}, TEST_ADMIN.password)).status).toBe(401);
    expect((await login(app, {}, newPassword)).status).toBe(200);
    checks += 7;
  });
});

describe('admin CLI password minimum length', () => {
  const run = promisify(execFile);
  const dataDir = makeTempDir('cli');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const cli = (script: 'admin-create' | 'admin-password', email: string, password: string) =>
    run(process.execPath, [path.join(API_DIR, `src/cli/${script}.ts`), '--email', email, '--password', password], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    }).then(
      (result) => ({ code: 0, ...result }),
      (error: { code?: number; stdout: string; stderr: string }) => ({ ...error, code: error.code ?? 1 }),
    );

  async function readUsers(): Promise<Array<{ username: string; password_hash: string | null }>> {
    const app = await startTestApp({ dataDir });
    try {
      return await app.db('users').select('username', 'password_hash').orderBy('username');
    } finally {
      await app.close();
    }
  }

  it(`admin:create and admin:password refuse passwords under ${MIN_PASSWORD_LENGTH} characters`, async () => {
    const short = 'x'.repeat(MIN_PASSWORD_LENGTH - 1);
    const refusedCreate = await cli('admin-create', 'cli@example.com', short);
    expect(refusedCreate.code).not.toBe(0);
    expect(refusedCreate.stderr).toContain(`at least ${MIN_PASSWORD_LENGTH} characters`);

    const created = await cli('admin-create', 'cli@example.com', 'y'.repeat(MIN_PASSWORD_LENGTH));
    expect(created.code, created.stderr).toBe(0);
    const before = (await readUsers()).find((user) => user.username === 'cli@example.com');
    expect(before).toBeDefined();

    const refusedChange = await cli('admin-password', 'cli@example.com', short);
    expect(refusedChange.code).not.toBe(0);
    expect(refusedChange.stderr).toContain(`at least ${MIN_PASSWORD_LENGTH} characters`);
    const unchanged = (await readUsers()).find((user) => user.username === 'cli@example.com');
    expect(unchanged?.password_hash).toBe(before?.password_hash);

    const changed = await cli('admin-password', 'cli@example.com', 'z'.repeat(MIN_PASSWORD_LENGTH));
    expect(changed.code, changed.stderr).toBe(0);
    const after = (await readUsers()).find((user) => user.username === 'cli@example.com');
    expect(after?.password_hash).not.toBe(before?.password_hash);
    checks += 4;
  });
});
