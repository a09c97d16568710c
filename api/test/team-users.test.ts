// Staff accounts. Admins add people (a one-time set-up link, e-mailed when SMTP is
// configured), change them, disable and re-enable them, and reset their link; anyone changes their
// own settings; the assignee list names the active team.
import { createHash } from 'node:crypto';
import { API_ERRORS } from '@shine/shared/messages';
import { SETUP_LINK_HOURS } from '@shine/shared/team';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { findOrCreateSystemUserId } from '../src/auth/system-user.service.ts';
import { startSmtpServer, type TestSmtpServer } from './support/automation-engine.ts';
import { addStaff, resetTeam, STAFF_PASSWORD, tokenOf } from './support/team.ts';
import {
  ADMIN,
  buildTestApp,
  countRows,
  createTestDatabase,
  describeApi,
  signIn,
  type TestApp,
  type TestDatabase,
  useTestApp,
} from './support/test-app.ts';

const ORIGIN = 'https://crm.example.com';
const NEW_PASSWORD = 'a-rep-chose-this-password';

describeApi('the team (admins)', () => {
  const t = useTestApp({ env: { PUBLIC_ORIGIN: ORIGIN, ALLOWED_HOSTS: '127.0.0.1' }, resetSessions: true });
  beforeEach(async () => resetTeam(t.db));

  const REP = { name: 'Rita Rep', email: 'Rita.Rep@Example.com', role: 'sales' };
  const addRep = async (body: object = REP) => (await t.agent()).post('/api/admin/users').send(body);
  /** Adds Rita (201) and answers the body. */
  async function addedRep() {
    const response = await addRep();
    expect(response.status, response.text).toBe(201);
    return response;
  }

  it('lists the team without the system user', async () => {
    await findOrCreateSystemUserId(t.db);
    await addStaff(t.db, { email: 'sam@example.com', role: 'sales', name: 'Sam Sales' });
    const { body } = await (await t.agent()).get('/api/admin/users').expect(200);
    expect(body.items.map((user: { email: string }) => user.email)).toEqual([ADMIN.username, 'sam@example.com']);
    expect(body.items[1]).toMatchObject({ name: 'Sam Sales', role: 'sales', disabled: false, hasPassword: true });
  });

  it('adds a person with no password and a one-time 72-hour link; only its SHA-256 is stored', async () => {
    const before = Date.now();
    const response = await addedRep();
    const { user, setupUrl, expiresAt, emailed } = response.body;
    expect(user).toMatchObject({ name: 'Rita Rep', email: 'rita.rep@example.com', role: 'sales', hasPassword: false });
    expect(user.setupExpiresAt).toBe(expiresAt);
    expect(emailed).toBe(false); // no SMTP configured
    expect(setupUrl).toMatch(new RegExp(`^${ORIGIN}/admin/setup-password/[A-Za-z0-9_-]{43}$`));
    const hours = (Date.parse(expiresAt) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(SETUP_LINK_HOURS - 0.1);
    expect(hours).toBeLessThanOrEqual(SETUP_LINK_HOURS + 0.1);
    const stored = await t.db('user_setup_tokens').where({ user_id: user.id }).first();
    expect(stored?.token_hash).toBe(createHash('sha256').update(tokenOf(setupUrl)).digest('hex'));
    expect(JSON.stringify(await t.db('user_setup_tokens').select())).not.toContain(tokenOf(setupUrl));
    // A person without a password cannot sign in.
    const login = await supertest(t.app).post('/api/admin/login').send({ username: user.email, password: 'x' });
    expect(login.status).toBe(401);
  });

  it('refuses an e-mail address already on the team (any case) with 409, adding nothing', async () => {
    await addedRep();
    const users = await countRows(t.db, 'users');
    const again = await addRep({ name: 'Other', email: 'RITA.rep@example.com ', role: 'admin' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(API_ERRORS.emailTaken);
    expect(await countRows(t.db, 'users')).toBe(users);
  });

  it.each([
    [{ email: 'a@example.com', role: 'sales' }, 'Name is required'],
    [{ name: 'A', email: 'not-an-email', role: 'sales' }, 'Please enter a valid email address'],
    [{ name: 'A', email: 'a@example.com', role: 'owner' }, 'Role must be one of: admin, sales'],
    [{ name: 'A', email: 'a@example.com', role: 'sales', phone: '12' }, 'Phone must have at least 10 digits'],
  ])('validates %o → %s', async (body, message) => {
    const response = await addRep(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('the link sets the password once; the person signs in; the link is then refused', async () => {
    const { body } = await addedRep();
    const token = tokenOf(body.setupUrl);
    await supertest(t.app).post('/api/setup-password').send({ token, password: NEW_PASSWORD }).expect(204);
    await signIn(t.app, { username: 'rita.rep@example.com', password: NEW_PASSWORD });
    const again = await supertest(t.app).post('/api/setup-password').send({ token, password: 'another-password-1' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(API_ERRORS.setupLinkInvalid);
    const list = await (await t.agent()).get('/api/admin/users');
    expect(list.body.items[1]).toMatchObject({ hasPassword: true, setupExpiresAt: null });
  });

  it('checks a link when its page opens, using nothing up: usable, then used, unknown, replaced or expired say so at once', async () => {
    const { body } = await addedRep();
    const token = tokenOf(body.setupUrl);
    const check = (value: string) => supertest(t.app).post('/api/setup-password/check').send({ token: value });
    const usable = await check(token).expect(200);
    expect(usable.body).toEqual({ usable: true, expiresAt: body.expiresAt });
    // Checking twice uses nothing up: the link still sets the password.
    await check(token).expect(200);
    await supertest(t.app).post('/api/setup-password').send({ token, password: NEW_PASSWORD }).expect(204);
    const used = await check(token).expect(400);
    expect(used.body).toMatchObject({ message: API_ERRORS.setupLinkInvalid, issues: [{ path: 'token' }] });
    expect((await check('x'.repeat(43)).expect(400)).body.message).toBe(API_ERRORS.setupLinkInvalid);
    expect((await check('short').expect(400)).body.message).toBe('The set-up link is incomplete');

    const reset = await (await t.agent()).post(`/api/admin/users/${body.user.id}/reset`).expect(200);
    const newer = await (await t.agent()).post(`/api/admin/users/${body.user.id}/reset`).expect(200);
    expect((await check(tokenOf(reset.body.setupUrl)).expect(400)).body.message).toBe(API_ERRORS.setupLinkInvalid);
    await check(tokenOf(newer.body.setupUrl)).expect(200);
    t.clock.now = new Date(Date.now() + (SETUP_LINK_HOURS + 1) * 3_600_000);
    expect((await check(tokenOf(newer.body.setupUrl)).expect(400)).body.message).toBe(API_ERRORS.setupLinkExpired);
  });

  it('refuses an unknown link, and an expired one, changing nothing', async () => {
    const { body } = await addedRep();
    const unknown = await supertest(t.app)
      .post('/api/setup-password')
      .send({ token: 'x'.repeat(43), password: NEW_PASSWORD });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(API_ERRORS.setupLinkInvalid);
    t.clock.now = new Date(Date.now() + (SETUP_LINK_HOURS + 1) * 3_600_000);
    const expired = await supertest(t.app)
      .post('/api/setup-password')
      .send({ token: tokenOf(body.setupUrl), password: NEW_PASSWORD });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(API_ERRORS.setupLinkExpired);
    expect((await t.db('users').where({ id: body.user.id }).first())?.password_hash).toBeNull();
  });

  it('a reset gives a new link and retires the unused older one', async () => {
    const { body } = await addedRep();
    const reset = await (await t.agent()).post(`/api/admin/users/${body.user.id}/reset`).expect(200);
    expect(reset.body.setupUrl).not.toBe(body.setupUrl);
    const old = await supertest(t.app)
      .post('/api/setup-password')
      .send({ token: tokenOf(body.setupUrl), password: NEW_PASSWORD });
    expect(old.status).toBe(400);
    await supertest(t.app)
      .post('/api/setup-password')
      .send({ token: tokenOf(reset.body.setupUrl), password: NEW_PASSWORD })
      .expect(204);
  });

  it('setting a password through a link signs the person out of their other sessions', async () => {
    const id = await addStaff(t.db, { email: 'sam@example.com', role: 'sales' });
    const sam = await signIn(t.app, { username: 'sam@example.com', password: STAFF_PASSWORD });
    const reset = await (await t.agent()).post(`/api/admin/users/${id}/reset`).expect(200);
    // The old password works until the link is used.
    await sam.get('/api/admin/leads').expect(200);
    await supertest(t.app)
      .post('/api/setup-password')
      .send({ token: tokenOf(reset.body.setupUrl), password: NEW_PASSWORD })
      .expect(204);
    await sam.get('/api/admin/leads').expect(401);
  });

  it('disabling signs the person out at once, refuses their sign-in and their link; re-enabling lets them back', async () => {
    const id = await addStaff(t.db, { email: 'sam@example.com', role: 'sales' });
    const credentials = { username: 'sam@example.com', password: STAFF_PASSWORD };
    const sam = await signIn(t.app, credentials);
    const reset = await (await t.agent()).post(`/api/admin/users/${id}/reset`).expect(200);
    const disabled = await (await t.agent()).patch(`/api/admin/users/${id}`).send({ disabled: true }).expect(200);
    expect(disabled.body.disabled).toBe(true);
    expect((await sam.get('/api/admin/leads')).status).toBe(401);
    expect((await sam.get('/api/admin/me')).body).toEqual({ isAuthenticated: false });
    const row = await t.db('users').where({ id }).first();
    expect(row?.disabled_at).not.toBeNull();
    expect(row?.devices_revoked_at).not.toBeNull();
    expect(await t.db('sessions').whereRaw("sess->>'userId' = ?", [id])).toEqual([]);
    expect((await supertest(t.app).post('/api/admin/login').send(credentials)).status).toBe(401);
    const link = await supertest(t.app)
      .post('/api/setup-password')
      .send({ token: tokenOf(reset.body.setupUrl), password: NEW_PASSWORD });
    expect(link.status).toBe(400);
    expect(link.body.message).toBe(API_ERRORS.setupLinkDisabled);

    const enabled = await (await t.agent()).patch(`/api/admin/users/${id}`).send({ disabled: false }).expect(200);
    expect(enabled.body.disabled).toBe(false);
    await signIn(t.app, credentials);
  });

  it('an admin cannot disable or demote themself (400), and nothing changes', async () => {
    const agent = await t.agent();
    const self = await agent.patch(`/api/admin/users/${t.adminId}`).send({ disabled: true });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(API_ERRORS.selfDisable);
    const demote = await agent.patch(`/api/admin/users/${t.adminId}`).send({ role: 'sales' });
    expect(demote.status).toBe(400);
    expect(demote.body.message).toBe(API_ERRORS.selfDemote);
    expect(await t.db('users').where({ id: t.adminId }).first()).toMatchObject({ role: 'admin', disabled_at: null });
    expect(await countRows(t.db, 'audit_log')).toBe(0);
    // Their own other fields are theirs to change here too.
    await agent.patch(`/api/admin/users/${t.adminId}`).send({ name: 'Owner' }).expect(200);
  });

  it('a role change holds from the person’s next request, both ways', async () => {
    const id = await addStaff(t.db, { email: 'sam@example.com', role: 'sales' });
    const sam = await signIn(t.app, { username: 'sam@example.com', password: STAFF_PASSWORD });
    const refused = await sam.get('/api/admin/users');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: API_ERRORS.adminRoleRequired });
    await (await t.agent()).patch(`/api/admin/users/${id}`).send({ role: 'admin' }).expect(200);
    await sam.get('/api/admin/users').expect(200);
    expect((await sam.get('/api/admin/me')).body.user).toMatchObject({ id, role: 'admin' });
    await (await t.agent()).patch(`/api/admin/users/${id}`).send({ role: 'sales', name: 'Samuel' }).expect(200);
    expect((await sam.get('/api/admin/users')).status).toBe(403);
    expect((await sam.get('/api/admin/me')).body.user).toMatchObject({ role: 'sales', name: 'Samuel' });
  });

  it('changes details and availability, audited with only what changed', async () => {
    const id = await addStaff(t.db, { email: 'sam@example.com', role: 'sales', name: 'Sam' });
    const response = await (await t.agent())
      .patch(`/api/admin/users/${id}`)
      .send({ phone: '214-555-0123', away: true, awayUntil: '2030-01-02T15:00:00Z', maxOpenLeads: 25, name: 'Sam' })
      .expect(200);
    expect(response.body).toMatchObject({
      phone: '214-555-0123',
      away: true,
      awayUntil: '2030-01-02T15:00:00.000Z',
      maxOpenLeads: 25,
    });
    const audit = await t.db('audit_log').select();
    expect(audit).toEqual([
      expect.objectContaining({
        actor_id: t.adminId,
        entity: 'user',
        entity_id: id,
        action: 'updated',
        before: { phone: null, away: false, awayUntil: null, maxOpenLeads: null },
        after: { phone: '214-555-0123', away: true, awayUntil: '2030-01-02T15:00:00.000Z', maxOpenLeads: 25 },
      }),
    ]);
  });

  it('answers 404 for an unknown person and the system user', async () => {
    const systemId = await findOrCreateSystemUserId(t.db);
    const agent = await t.agent();
    for (const id of ['00000000-0000-4000-8000-000000000000', systemId]) {
      expect((await agent.patch(`/api/admin/users/${id}`).send({ name: 'X' })).status).toBe(404);
      expect((await agent.post(`/api/admin/users/${id}/reset`)).status).toBe(404);
    }
  });
});

describeApi('own settings and the assignee list (any signed-in staff)', () => {
  const t = useTestApp({ resetSessions: true });
  beforeEach(async () => resetTeam(t.db));

  it('PATCH /me changes one’s own name, phone and availability; the session’s name follows', async () => {
    const id = await addStaff(t.db, { email: 'sam@example.com', role: 'sales', name: 'Sam' });
    const sam = await signIn(t.app, { username: 'sam@example.com', password: STAFF_PASSWORD });
    const response = await sam
      .patch('/api/admin/me')
      .send({ name: 'Sam Houston', away: true, awayUntil: null, phone: '' })
      .expect(200);
    expect(response.body).toMatchObject({ id, name: 'Sam Houston', away: true, phone: null, role: 'sales' });
    expect((await sam.get('/api/admin/me')).body.user).toEqual({
      id,
      username: 'sam@example.com',
      name: 'Sam Houston',
      role: 'sales',
    });
    const [audit] = await t.db('audit_log').select();
    expect(audit).toMatchObject({ actor_id: id, entity_id: id, action: 'updated' });
    // Nothing else: a role in the body is not one's own to set.
    expect((await sam.patch('/api/admin/me').send({ role: 'admin' })).status).toBe(400);
    expect((await t.db('users').where({ id }).first())?.role).toBe('sales');
  });

  it('the sign-in answer and /me carry the name and role', async () => {
    const login = await supertest(t.app).post('/api/admin/login').send(ADMIN).expect(200);
    expect(login.body).toEqual({
      isAuthenticated: true,
      user: { id: t.adminId, username: ADMIN.username, name: 'Test Admin', role: 'admin' },
    });
  });

  it('lists the active team for assignment: not disabled people, not the system user', async () => {
    await findOrCreateSystemUserId(t.db);
    const sam = await addStaff(t.db, { email: 'sam@example.com', role: 'sales', name: 'Sam' });
    await addStaff(t.db, { email: 'gone@example.com', role: 'sales', name: 'Gone', disabled: true });
    const agent = await signIn(t.app, { username: 'sam@example.com', password: STAFF_PASSWORD });
    const { body } = await agent.get('/api/admin/assignees').expect(200);
    expect(body.items).toEqual([
      { id: sam, name: 'Sam', role: 'sales', away: false, awayUntil: null },
      { id: t.adminId, name: 'Test Admin', role: 'admin', away: false, awayUntil: null },
    ]);
  });
});

describeApi('set-up links by e-mail', () => {
  let smtp: TestSmtpServer;
  let database: TestDatabase;
  let app: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await createTestDatabase();
    app = await buildTestApp(database.database.knex, {
      env: { SMTP_URL: smtp.url, PUBLIC_ORIGIN: ORIGIN, ALLOWED_HOSTS: '127.0.0.1' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await smtp?.close();
  });

  it('e-mails the link when the mail server accepts it', async () => {
    const agent = await signIn(app.app);
    const { body } = await agent
      .post('/api/admin/users')
      .send({ name: 'Mia Mail', email: 'mia@example.com', role: 'sales' })
      .expect(201);
    expect(body.emailed).toBe(true);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['mia@example.com']);
    // Quoted-printable may fold long lines: compare without soft line breaks.
    expect(smtp.received[0]?.raw.replaceAll('=\r\n', '')).toContain(body.setupUrl);
  });

  it('answers the link to copy, emailed false, when the mail server refuses it', async () => {
    const agent = await signIn(app.app);
    smtp.refuseWith = { message: 'mailbox unavailable' };
    try {
      const { body } = await agent
        .post('/api/admin/users')
        .send({ name: 'Ned Nomail', email: 'ned@example.com', role: 'sales' })
        .expect(201);
      expect(body.emailed).toBe(false);
      expect(body.setupUrl).toMatch(/\/admin\/setup-password\//);
    } finally {
      smtp.refuseWith = undefined;
    }
  });
});
