import { API_ERRORS, VALIDATION } from '@shine/shared/messages';
import supertest from 'supertest';
import { beforeAll, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords.ts';
import { ADMIN, ADMIN_NAME, type Agent, countRows, describeApi, signIn, useTestApp } from './support/test-app.ts';

const sidOf = (response: supertest.Response) =>
  ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith('sid='));

describeApi('sign-in, session and sign-out', () => {
  const t = useTestApp({ resetSessions: true });

  it('signs in with the right credentials: 200 with the user and a new session cookie', async () => {
    const response = await supertest(t.app).post('/api/admin/login').send(ADMIN);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      isAuthenticated: true,
      user: { id: t.adminId, username: ADMIN.username, name: ADMIN_NAME, role: 'admin' },
    });
    const cookie = sidOf(response);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    expect(await countRows(t.db, 'sessions')).toBe(1);
  });

  it('renews the cookie of an unchanged session on every answer, as express-session signs it at sign-in', async () => {
    const login = await supertest(t.app).post('/api/admin/login').send(ADMIN);
    const signedIn = sidOf(login) as string;
    const withoutExpiry = (cookie: string) => cookie.replace(/; Expires=[^;]+/, '');
    for (const path of ['/api/admin/me', '/api/admin/leads']) {
      const startedAt = Date.now();
      const response = await supertest(t.app)
        .get(path)
        .set('Cookie', signedIn.split(';')[0] as string);
      expect(response.status).toBe(200);
      const renewed = sidOf(response) as string;
      // The same value and attributes in the same order; only the expiry moved, to now + the idle timeout.
      expect(withoutExpiry(renewed)).toBe(withoutExpiry(signedIn));
      const expires = Date.parse(/Expires=([^;]+)/.exec(renewed)?.[1] ?? '');
      expect(expires).toBeGreaterThanOrEqual(Math.floor((startedAt + t.config.sessionIdleMs) / 1000) * 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + t.config.sessionIdleMs);
    }
    // A stranger gets no cookie, and a sign-out's clearing is the only sid cookie of its answer.
    expect(sidOf(await supertest(t.app).get('/api/admin/me'))).toBeUndefined();
    const logout = await supertest(t.app)
      .post('/api/admin/logout')
      .set('Cookie', signedIn.split(';')[0] as string);
    expect(
      ([] as string[]).concat(logout.headers['set-cookie'] ?? []).filter((c) => c.startsWith('sid=')),
    ).toHaveLength(1);
  });

  it('trims the credentials and matches the e-mail case-insensitively', async () => {
    const response = await supertest(t.app)
      .post('/api/admin/login')
      .send({ username: `  ${ADMIN.username.toUpperCase()} `, password: ` ${ADMIN.password} ` });
    expect(response.status).toBe(200);
  });

  it('regenerates the session id at sign-in (no fixation)', async () => {
    const agent = supertest.agent(t.app);
    // A session that exists before sign-in: a failed attempt does not create one, so plant a cookie.
    await agent.post('/api/admin/login').send(ADMIN);
    const first = (await agent.get('/api/admin/me')).body;
    expect(first.isAuthenticated).toBe(true);
    const before = await t.db('sessions').pluck('sid');
    const again = await agent.post('/api/admin/login').send(ADMIN);
    expect(again.status).toBe(200);
    const after = await t.db('sessions').pluck('sid');
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    expect(sidOf(again)).toBeDefined();
  });

  it.each([
    ['a wrong password', { username: ADMIN.username, password: 'wrong-password-123' }],
    ['an unknown user', { username: 'nobody@example.com', password: ADMIN.password }],
  ])('answers %s with one generic 401 and no cookie', async (_label, credentials) => {
    const response = await supertest(t.app).post('/api/admin/login').send(credentials);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: API_ERRORS.invalidCredentials });
    expect(sidOf(response)).toBeUndefined();
  });

  it.each([
    [{ username: '', password: 'x' }, VALIDATION.username],
    [{ username: '   ', password: 'x' }, VALIDATION.username],
    [{ password: 'x' }, VALIDATION.username],
    [{ username: 'a@b.co', password: '' }, VALIDATION.password],
    [{ username: 'a@b.co', password: '  ' }, VALIDATION.password],
  ])('validates %o → %s', async (body, message) => {
    const response = await supertest(t.app).post('/api/admin/login').send(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('GET /me answers 200 either way', async () => {
    const anonymous = await supertest(t.app).get('/api/admin/me');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ isAuthenticated: false });
    expect(sidOf(anonymous)).toBeUndefined();
    const agent = await signIn(t.app);
    const me = await agent.get('/api/admin/me');
    expect(me.body).toEqual({
      isAuthenticated: true,
      user: { id: t.adminId, username: ADMIN.username, name: ADMIN_NAME, role: 'admin' },
      timeZone: 'America/Chicago',
    });
  });

  it('logout destroys the session: the old cookie is worth nothing afterwards', async () => {
    const agent = await signIn(t.app);
    const login = await supertest(t.app).post('/api/admin/login').send(ADMIN);
    const stolenCookie = (sidOf(login) as string).split(';')[0] as string;
    const logout = await supertest(t.app).post('/api/admin/logout').set('cookie', stolenCookie);
    expect(logout.status).toBe(204);
    expect(sidOf(logout)).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await supertest(t.app).get('/api/admin/leads').set('cookie', stolenCookie)).status).toBe(401);
    expect((await supertest(t.app).get('/api/admin/me').set('cookie', stolenCookie)).body).toEqual({
      isAuthenticated: false,
    });
    // Other sessions are untouched.
    expect((await agent.get('/api/admin/leads')).status).toBe(200);
  });

  it('logout without a session is a 401', async () => {
    const response = await supertest(t.app).post('/api/admin/logout');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: API_ERRORS.unauthenticated });
  });

  it('enforces the absolute lifetime whatever the activity', async () => {
    const agent = await signIn(t.app);
    t.clock.now = new Date(Date.now() + t.config.sessionAbsoluteMs + 60_000);
    expect((await agent.get('/api/admin/me')).body).toEqual({ isAuthenticated: false });
    expect((await agent.get('/api/admin/leads')).status).toBe(401);
    expect(await countRows(t.db, 'sessions')).toBe(0);
  });

  it('expires an idle session with its row (the store filters expired rows)', async () => {
    const agent = await signIn(t.app);
    await t.db('sessions').update({ expired: t.db.raw("now() - interval '1 second'") });
    expect((await agent.get('/api/admin/leads')).status).toBe(401);
  });

  it('keeps a session while the app clock is pinned days in the past (a row expires in real time)', async () => {
    const pinned = Date.now() - 3 * 24 * 3_600_000;
    t.clock.now = new Date(pinned);
    const agent = await signIn(t.app);
    expect((await agent.get('/api/admin/leads')).status).toBe(200);
    t.clock.now = new Date(pinned + 6 * 60_000); // past the touch interval: the row is written again
    expect((await agent.get('/api/admin/leads')).status).toBe(200);
    expect((await agent.get('/api/admin/leads')).status).toBe(200);
  });

  it('does not rewrite the session row on every poll, but at most every 5 minutes', async () => {
    const agent = await signIn(t.app);
    const read = async () => (await t.db('sessions').first('expired', 'sess')) as { expired: Date; sess: unknown };
    const before = await read();
    for (let i = 0; i < 3; i++) expect((await agent.get('/api/admin/stats')).status).toBe(200);
    expect(await read()).toEqual(before);
    t.clock.now = new Date(Date.now() + 6 * 60_000);
    await agent.get('/api/admin/stats');
    const after = await read();
    expect(after.expired.getTime()).toBeGreaterThan(before.expired.getTime());
  });
});

describeApi('password change', () => {
  const t = useTestApp({ resetSessions: true });
  const NEW_PASSWORD = 'a-brand-new-password-42';

  it('refuses a wrong current password with 400 and the message', async () => {
    const agent = await signIn(t.app);
    const response = await agent
      .post('/api/admin/me/password')
      .send({ currentPassword: 'not-the-password', newPassword: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(API_ERRORS.wrongPassword);
  });

  it.each([
    [{ currentPassword: '', newPassword: NEW_PASSWORD }, 'Current password is required'],
    [{ currentPassword: ADMIN.password, newPassword: 'short' }, 'Password must be at least 12 characters'],
    [{ currentPassword: ADMIN.password }, 'New password is required'],
  ])('validates %o → %s', async (body, message) => {
    const agent = await signIn(t.app);
    const response = await agent.post('/api/admin/me/password').send(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('refuses a new password that starts or ends with a space, changing nothing', async () => {
    const agent = await signIn(t.app);
    for (const newPassword of [` ${NEW_PASSWORD}`, `${NEW_PASSWORD} `]) {
      const response = await agent
        .post('/api/admin/me/password')
        .send({ currentPassword: ADMIN.password, newPassword });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(VALIDATION.passwordEdgeSpace);
    }
    expect((await supertest(t.app).post('/api/admin/login').send(ADMIN)).status).toBe(200);
  });

  it('trims the current password like the sign-in does', async () => {
    const agent = await signIn(t.app);
    const response = await agent
      .post('/api/admin/me/password')
      .send({ currentPassword: ` ${ADMIN.password} `, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(204);
    // Put the shared admin back for the other tests of this file.
    const back = await agent
      .post('/api/admin/me/password')
      .send({ currentPassword: NEW_PASSWORD, newPassword: ADMIN.password });
    expect(back.status).toBe(204);
  });

  it('changes it (204), keeps this session and signs the others out', async () => {
    const agent = await signIn(t.app);
    const other = await signIn(t.app);
    const response = await agent
      .post('/api/admin/me/password')
      .send({ currentPassword: ADMIN.password, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(204);
    expect((await agent.get('/api/admin/leads')).status).toBe(200);
    expect((await other.get('/api/admin/leads')).status).toBe(401);
    expect((await supertest(t.app).post('/api/admin/login').send(ADMIN)).status).toBe(401);
    expect(
      (await supertest(t.app).post('/api/admin/login').send({ username: ADMIN.username, password: NEW_PASSWORD }))
        .status,
    ).toBe(200);
    // Put the shared admin back for the other tests of this file.
    await agent.post('/api/admin/me/password').send({ currentPassword: NEW_PASSWORD, newPassword: ADMIN.password });
  });
});

describeApi('password change rate limits (wrong current passwords per user and per address)', () => {
  const t = useTestApp({ env: { RATE_LIMIT_LOGIN_PER_15_MINUTES: '3', TRUST_PROXY: 'true' }, resetSessions: true });
  const OTHER = { username: 'other.staff@example.com', password: 'other-staff-password-9' };
  const NEW_PASSWORD = 'a-brand-new-password-42';

  beforeAll(async () => {
    if (!(await t.db('users').where({ username: OTHER.username }).first())) {
      await t.db('users').insert({ username: OTHER.username, password_hash: await hashPassword(OTHER.password) });
    }
  });

  const change = (agent: Agent, ip: string, currentPassword: string, newPassword = NEW_PASSWORD) =>
    agent.post('/api/admin/me/password').set('x-forwarded-for', ip).send({ currentPassword, newPassword });

  it('refuses further checks with 429 and the message after too many wrong current passwords', async () => {
    const agent = await signIn(t.app);
    // A too-short new password is refused before any check: it does not count.
    for (let i = 0; i < 5; i++)
      expect((await change(agent, '203.0.113.1', 'not-the-password', 'short')).status).toBe(400);
    for (let i = 0; i < 3; i++) {
      const wrong = await change(agent, '203.0.113.1', 'not-the-password');
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(API_ERRORS.wrongPassword);
    }
    // Even the right one waits now: from this address, and for this user from another address.
    for (const ip of ['203.0.113.1', '203.0.113.2']) {
      const limited = await change(agent, ip, ADMIN.password);
      expect(limited.status, ip).toBe(429);
      expect(limited.body).toEqual({ message: API_ERRORS.passwordChangeRateLimited });
    }
    // Another user from the first address waits too; from elsewhere they are not affected.
    const other = await signIn(t.app, OTHER);
    expect((await change(other, '203.0.113.1', OTHER.password)).status).toBe(429);
    expect((await change(other, '203.0.113.3', 'not-the-password')).status).toBe(400);
    // Nothing was changed.
    expect((await supertest(t.app).post('/api/admin/login').send(ADMIN)).status).toBe(200);
  });
});

describeApi('login rate limits', () => {
  const t = useTestApp({ env: { RATE_LIMIT_LOGIN_PER_15_MINUTES: '3' } });
  const attempt = (username: string, password: string, ip = '203.0.113.1') =>
    supertest(t.app).post('/api/admin/login').set('x-forwarded-for', ip).send({ username, password });

  it('limits failed attempts per client with 429 and the message', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt(`user${i}@example.com`, 'wrong-password')).status).toBe(401);
    const limited = await attempt('someone@example.com', 'wrong-password');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: API_ERRORS.loginRateLimited });
    // Even the right password waits.
    expect((await attempt(ADMIN.username, ADMIN.password)).status).toBe(429);
  });

  it('does not count successful sign-ins', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt(ADMIN.username, ADMIN.password)).status).toBe(200);
  });
});

describeApi('login rate limit per username (behind a proxy, many client addresses)', () => {
  const t = useTestApp({ env: { RATE_LIMIT_LOGIN_PER_15_MINUTES: '3', TRUST_PROXY: 'true' } });

  it('slows down guesses at one username from many addresses (see login-throttle.test.ts)', async () => {
    t.clock.now = new Date();
    const attempt = (ip: string) =>
      supertest(t.app)
        .post('/api/admin/login')
        .set('x-forwarded-for', ip)
        .send({ username: ADMIN.username, password: 'wrong-password' });
    for (let i = 0; i < 3; i++) expect((await attempt(`203.0.113.${i + 10}`)).status).toBe(401);
    const limited = await attempt('203.0.113.99');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Too many login attempts. Please wait 5 seconds and try again.' });
    expect(limited.headers['retry-after']).toBe('5');
    // Another username from a fresh address is not affected.
    const other = await supertest(t.app)
      .post('/api/admin/login')
      .set('x-forwarded-for', '203.0.113.100')
      .send({ username: 'other@example.com', password: 'wrong-password' });
    expect(other.status).toBe(401);
  });
});
