// docs/security.md, review findings 2 and 9: sign-in counted the OWASP device-cookie way
// (auth/login-throttle.ts), and refused over plain HTTP when cookies are Secure.
import { API_ERRORS, loginRetryMessage } from '@shine/shared/messages';
import supertest from 'supertest';
import { beforeAll, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords.ts';
import { ADMIN, buildTestApp, countRows, describeApi, useTestApp } from './support/test-app.ts';

const LIMIT = 10;
const DEVICE_COOKIE = 'shine-device';

const setCookies = (response: supertest.Response): string[] =>
  ([] as string[]).concat(response.headers['set-cookie'] ?? []);
const deviceCookieOf = (response: supertest.Response) =>
  setCookies(response).find((c) => c.startsWith('shine-device='));
const deviceValueOf = (response: supertest.Response) =>
  (deviceCookieOf(response) ?? '').split(';')[0]?.split('=')[1] ?? '';

describeApi('sign-in from a known device (OWASP device cookies)', () => {
  const t = useTestApp({
    env: { RATE_LIMIT_LOGIN_PER_15_MINUTES: String(LIMIT), TRUST_PROXY: 'true' },
    resetSessions: true,
  });
  const SECOND_USER = { username: 'second.staff@example.com', password: 'second-staff-password-7' };

  beforeAll(async () => {
    if (!(await t.db('users').where({ username: SECOND_USER.username }).first())) {
      await t
        .db('users')
        .insert({ username: SECOND_USER.username, password_hash: await hashPassword(SECOND_USER.password) });
    }
  });

  /** A client at `address` without any cookie (an unknown client). */
  const anonymous = (address: string, credentials: { username: string; password: string }) =>
    supertest(t.app).post('/api/admin/login').set('x-forwarded-for', address).send(credentials);
  const wrong = (username: string = ADMIN.username) => ({ username, password: 'wrong-password-123' });

  /** A browser that signed in as `credentials` once: it keeps its device cookie. */
  async function knownDevice(credentials: { username: string; password: string } = ADMIN) {
    const agent = supertest.agent(t.app);
    const response = await agent.post('/api/admin/login').send(credentials);
    expect(response.status).toBe(200);
    return { agent, cookieValue: deviceValueOf(response) };
  }

  it('gives a signed, long-lived, httpOnly device cookie scoped to /api/admin at each sign-in', async () => {
    const first = await supertest(t.app).post('/api/admin/login').send(ADMIN);
    const second = await supertest(t.app).post('/api/admin/login').send(ADMIN);
    const cookie = deviceCookieOf(first) ?? '';
    expect(cookie).toMatch(/^shine-device=d1\./);
    expect(cookie).toMatch(/; Path=\/api\/admin/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).not.toMatch(/; Secure/);
    expect(cookie).toMatch(/; Max-Age=15552000/); // 180 days
    // A new nonce each time: a cookie in the lockout list is not renewed by a later sign-in.
    expect(deviceValueOf(second)).not.toBe(deviceValueOf(first));
    // A failed attempt gives none.
    expect(deviceCookieOf(await supertest(t.app).post('/api/admin/login').send(wrong()))).toBeUndefined();
  });

  it('20 wrong passwords from 20 addresses do not lock out a device that signed in before; unknown clients wait', async () => {
    t.clock.now = new Date();
    const device = await knownDevice();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      // Any spelling of the username counts in the same bucket.
      const username = i % 2 ? ` ${ADMIN.username.toUpperCase()} ` : ADMIN.username;
      statuses.push((await anonymous(`198.51.100.${i + 1}`, wrong(username))).status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), ...Array(20 - LIMIT).fill(429)]);

    const signIn = await device.agent.post('/api/admin/login').send(ADMIN);
    expect(signIn.status).toBe(200);
    expect((await device.agent.get('/api/admin/me')).body.isAuthenticated).toBe(true);

    // The unknown clients' count still refuses a 21st guess, and the right password from an unknown
    // client too, with Retry-After and the message; no password is checked.
    for (const credentials of [wrong(), ADMIN]) {
      const refused = await anonymous('198.51.100.21', credentials);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: loginRetryMessage(5) });
      expect(Number(refused.headers['retry-after'])).toBe(5);
    }
  });

  it('slows unknown clients down exponentially (capped) instead of locking the owner out', async () => {
    const start = Date.now();
    t.clock.now = new Date(start);
    const advance = (seconds: number) => {
      t.clock.now = new Date((t.clock.now as Date).getTime() + seconds * 1000);
    };
    for (let i = 0; i < LIMIT; i++) expect((await anonymous(`198.51.100.${i + 1}`, wrong())).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const refused = await anonymous('203.0.113.50', wrong());
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      advance(wait);
      // Once the wait is over, one more guess is checked (and fails).
      expect((await anonymous(`203.0.113.${60 + i}`, wrong())).status).toBe(401);
    }
    expect(waits).toEqual([5, 10, 20, 40, 80, 160, 320, 640, 900]);
    // Capped at 15 minutes; after it, the right password from an unknown client signs in.
    const capped = await anonymous('203.0.113.51', ADMIN);
    expect(capped.status).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBe(900);
    advance(900);
    expect((await anonymous('203.0.113.52', ADMIN)).status).toBe(200);
  });

  it("a device cookie of user A does not help for user B; B's own device still signs in", async () => {
    t.clock.now = new Date();
    const deviceOfA = await knownDevice(ADMIN);
    const deviceOfB = await knownDevice(SECOND_USER);
    for (let i = 0; i < LIMIT; i++) {
      expect((await anonymous(`198.51.100.${i + 1}`, wrong(SECOND_USER.username))).status).toBe(401);
    }
    expect((await deviceOfA.agent.post('/api/admin/login').send(SECOND_USER)).status).toBe(429);
    expect((await deviceOfB.agent.post('/api/admin/login').send(SECOND_USER)).status).toBe(200);
    // Buckets are per username: A is not slowed down by guesses at B.
    expect((await anonymous('198.51.100.200', ADMIN)).status).toBe(200);
  });

  it('a tampered device cookie counts as an unknown client', async () => {
    t.clock.now = new Date();
    const { cookieValue } = await knownDevice();
    const parts = cookieValue.split('.');
    const signature = parts[4] ?? '';
    parts[4] = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const tampered = `${DEVICE_COOKIE}=${parts.join('.')}`;
    for (let i = 0; i < LIMIT; i++) {
      const response = await anonymous(`198.51.100.${i + 1}`, wrong()).set('cookie', tampered);
      expect(response.status).toBe(401);
    }
    // Those ten failures were the unknown clients' ones: a cookie-less client now waits...
    expect((await anonymous('198.51.100.100', ADMIN)).status).toBe(429);
    // ...and so does the tampered cookie, while the genuine one still signs in.
    expect((await anonymous('198.51.100.101', ADMIN).set('cookie', tampered)).status).toBe(429);
    const genuine = await anonymous('198.51.100.102', ADMIN).set('cookie', `${DEVICE_COOKIE}=${cookieValue}`);
    expect(genuine.status).toBe(200);
  });

  it('a device cookie issued before its user was disabled (devices revoked) counts as an unknown client', async () => {
    const issued = new Date();
    t.clock.now = issued;
    const { cookieValue } = await knownDevice(SECOND_USER);
    // Disabling revokes the user's devices (auth/users.service.ts); re-enabling leaves them revoked.
    await t
      .db('users')
      .where({ username: SECOND_USER.username })
      .update({ devices_revoked_at: new Date(issued.getTime() + 2_000) });
    t.clock.now = new Date(issued.getTime() + 5_000);
    const revoked = `${DEVICE_COOKIE}=${cookieValue}`;
    for (let i = 0; i < LIMIT; i++) {
      const response = await anonymous(`198.51.100.${i + 1}`, wrong(SECOND_USER.username)).set('cookie', revoked);
      expect(response.status).toBe(401);
    }
    // Those failures counted for unknown clients: the revoked cookie now waits like any stranger...
    expect((await anonymous('198.51.100.101', SECOND_USER).set('cookie', revoked)).status).toBe(429);
    await t.db('login_attempts').delete();
    // ...while a device that signs in after the revocation is known again.
    const fresh = await knownDevice(SECOND_USER);
    for (let i = 0; i < LIMIT; i++) {
      expect((await anonymous(`198.51.100.${i + 1}`, wrong(SECOND_USER.username))).status).toBe(401);
    }
    const known = await anonymous('198.51.100.102', SECOND_USER).set('cookie', `${DEVICE_COOKIE}=${fresh.cookieValue}`);
    expect(known.status).toBe(200);
  });

  it('a password change or a reset by set-up link revokes the device cookies issued before it', async () => {
    const newPassword = 'a-brand-new-password-42';
    const ways = {
      'changed by its owner': async (device: Awaited<ReturnType<typeof knownDevice>>) => {
        const changed = await device.agent
          .post('/api/admin/me/password')
          .send({ currentPassword: SECOND_USER.password, newPassword });
        expect(changed.status, changed.text).toBe(204);
      },
      'reset by a set-up link': async () => {
        const admin = supertest.agent(t.app);
        await admin.post('/api/admin/login').send(ADMIN).expect(200);
        const user = await t.db('users').where({ username: SECOND_USER.username }).first('id');
        const reset = await admin.post(`/api/admin/users/${user?.id}/reset`);
        expect(reset.status, reset.text).toBe(200);
        const token = String(reset.body.setupUrl).split('/').pop();
        await supertest(t.app).post('/api/setup-password').send({ token, password: newPassword }).expect(204);
      },
    };
    for (const [way, changePassword] of Object.entries(ways)) {
      await t.db('login_attempts').delete();
      await t
        .db('users')
        .where({ username: SECOND_USER.username })
        .update({
          password_hash: await hashPassword(SECOND_USER.password),
          devices_revoked_at: null,
        });
      const issued = new Date();
      t.clock.now = issued;
      const device = await knownDevice(SECOND_USER);
      t.clock.now = new Date(issued.getTime() + 5_000);
      await changePassword(device);
      t.clock.now = new Date(issued.getTime() + 10_000);
      // Strangers fill the username's bucket for unknown clients...
      for (let i = 0; i < LIMIT; i++) {
        expect((await anonymous(`198.51.100.${i + 1}`, wrong(SECOND_USER.username))).status).toBe(401);
      }
      // ...and the old cookie no longer lets its holder past them, even with the new password.
      const old = await anonymous('198.51.100.103', { username: SECOND_USER.username, password: newPassword }).set(
        'cookie',
        `${DEVICE_COOKIE}=${device.cookieValue}`,
      );
      expect(old.status, way).toBe(429);
    }
    await t
      .db('users')
      .where({ username: SECOND_USER.username })
      .update({
        password_hash: await hashPassword(SECOND_USER.password),
        devices_revoked_at: null,
      });
    await t.db('login_attempts').delete();
    t.clock.now = undefined;
  });

  it('locks out only the device whose cookie fails too often, for 15 minutes', async () => {
    t.clock.now = new Date();
    const device = await knownDevice();
    const other = await knownDevice();
    // All from one address (supertest's): a known device's failures do not count for its address.
    for (let i = 0; i < LIMIT; i++)
      expect((await device.agent.post('/api/admin/login').send(wrong())).status).toBe(401);
    const locked = await device.agent.post('/api/admin/login').send(ADMIN);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: loginRetryMessage(900) });
    expect(Number(locked.headers['retry-after'])).toBe(900);
    // Another known device and an unknown client (same address) are not affected.
    expect((await other.agent.post('/api/admin/login').send(ADMIN)).status).toBe(200);
    expect((await supertest(t.app).post('/api/admin/login').send(ADMIN)).status).toBe(200);
    // The lockout ends after 15 minutes.
    t.clock.now = new Date((t.clock.now as Date).getTime() + 15 * 60_000);
    expect((await device.agent.post('/api/admin/login').send(ADMIN)).status).toBe(200);
  });

  it('shares the counts and the device key between processes on one database', async () => {
    const other = await buildTestApp(t.db, {
      env: { RATE_LIMIT_LOGIN_PER_15_MINUTES: String(LIMIT), TRUST_PROXY: 'true' },
    });
    try {
      const device = await knownDevice();
      for (let i = 0; i < LIMIT; i++) await anonymous(`198.51.100.${i + 1}`, wrong());
      const elsewhere = await supertest(other.app)
        .post('/api/admin/login')
        .set('x-forwarded-for', '198.51.100.50')
        .send(wrong());
      expect(elsewhere.status).toBe(429);
      const deviceElsewhere = await supertest(other.app)
        .post('/api/admin/login')
        .set('cookie', `${DEVICE_COOKIE}=${device.cookieValue}`)
        .send(ADMIN);
      expect(deviceElsewhere.status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describeApi('COOKIE_SECURE over plain HTTP', () => {
  const behindProxy = useTestApp({ env: { COOKIE_SECURE: 'true', TRUST_PROXY: '1' }, resetSessions: true });

  it('refuses the sign-in with 403 and says why, checking nothing and setting no cookie', async () => {
    const response = await supertest(behindProxy.app).post('/api/admin/login').send(ADMIN);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: API_ERRORS.httpsRequired });
    expect(setCookies(response)).toEqual([]);
    expect(await countRows(behindProxy.db, 'sessions')).toBe(0);
    expect(await countRows(behindProxy.db, 'login_attempts')).toBe(0);
  });

  it('signs in over HTTPS (X-Forwarded-Proto from a trusted proxy) with Secure cookies', async () => {
    const response = await supertest(behindProxy.app)
      .post('/api/admin/login')
      .set('x-forwarded-proto', 'https')
      .send(ADMIN);
    expect(response.status).toBe(200);
    const device = setCookies(response).find((c) => c.startsWith('__Secure-shine-device=')) ?? '';
    expect(device).toMatch(/; Secure/);
    expect(device).toMatch(/; Path=\/api\/admin/);
  });
});

describeApi('COOKIE_SECURE without TRUST_PROXY', () => {
  const t = useTestApp({ env: { COOKIE_SECURE: 'true' } });

  it('does not believe X-Forwarded-Proto from an untrusted client: refused', async () => {
    const response = await supertest(t.app).post('/api/admin/login').set('x-forwarded-proto', 'https').send(ADMIN);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: API_ERRORS.httpsRequired });
  });
});
