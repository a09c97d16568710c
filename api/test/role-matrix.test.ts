// Roles (docs/decisions.md, "Roles"): every admin route × {signed out, sales, admin, disabled user}
// → the expected status, from the route table the resilience suite checks against the app (both
// ways). Sales reach leads, activities, exports, reports and their own settings, read automations,
// runs, the outbox and templates, and are refused (403) the rest; a disabled user's session is gone
// (401).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { API_ERRORS } from '@shine/shared/messages';
import supertest from 'supertest';
import { beforeAll, expect, it } from 'vitest';
import { fillPath, type IdKind, isWrite, ROUTES, type Route } from './resilience/support/routes.ts';
import { addStaff, STAFF_PASSWORD } from './support/team.ts';
import { type Agent, describeApi, signIn, useTestApp, VALID_QUOTE } from './support/test-app.ts';

const ADMIN_ROUTES = ROUTES.filter((route) => route.access === 'admin');

/**
 * superagent's parser that copes with an endless body: a live stream's first chunk is its body (then
 * the socket closes); any other answer (a 401 or 403) is read whole and parsed as JSON as usual.
 */
function streamAware(res: IncomingMessage, done: (error: Error | null, body: unknown) => void): void {
  const isStream = /^text\/event-stream/.test(res.headers['content-type'] ?? '');
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    text += chunk;
    if (!isStream) return;
    done(null, text);
    res.destroy();
  });
  res.on('end', () => {
    if (!isStream) done(null, text ? JSON.parse(text) : {});
  });
}

describeApi('role matrix', () => {
  const t = useTestApp();
  let sales: Agent;
  let disabled: Agent;
  let people = 0;
  /**
   * Records for the calls that change nothing: every refusal (signed out, disabled, a role refused) and
   * every read. A write that is let through gets records of its own (it may delete what it names).
   */
  let shared: Record<IdKind, string>;

  beforeAll(async () => {
    await t.db('users').whereILike('username', '%@matrix.example').delete();
    await addStaff(t.db, { email: 'sales@matrix.example', role: 'sales' });
    const leaverId = await addStaff(t.db, { email: 'leaver@matrix.example', role: 'sales' });
    sales = await signIn(t.app, { username: 'sales@matrix.example', password: STAFF_PASSWORD });
    disabled = await signIn(t.app, { username: 'leaver@matrix.example', password: STAFF_PASSWORD });
    await (await t.agent()).get('/api/admin/me').expect(200);
    await (await t.agent()).patch(`/api/admin/users/${leaverId}`).send({ disabled: true }).expect(200);
    shared = await freshIds();
  });

  /** A record of each kind the routes name, made for one request (a write may delete what it names). */
  async function freshIds(): Promise<Record<IdKind, string>> {
    const admin = await t.agent();
    people++;
    // Contact details of its own: a quote matching an open lead is merged into it as a repeat request.
    const quote = { ...VALID_QUOTE, email: `lead${people}@example.com`, phone: `214-555-${String(1000 + people)}` };
    const lead = (await supertest(t.app).post('/api/leads').send(quote).expect(201)).body.id as string;
    const detail = await admin.get(`/api/admin/leads/${lead}`).expect(200);
    await supertest(t.app)
      .post('/api/leads')
      .send({ ...quote, email: `held${people}@example.com`, phone: `817-555-${String(1000 + people)}`, website: 'bot' })
      .expect(201);
    const held = await admin.get('/api/admin/held-submissions').expect(200);
    const [template] = await t
      .db('templates')
      .insert({ name: 'Matrix', type: 'email', subject: 'Hi', content: 'Hello', variables: '[]' })
      .returning('id');
    const [automation] = await t
      .db('automations')
      .insert({
        name: 'Matrix',
        trigger: 'lead_created',
        conditions: '{}',
        actions: '{"type":"create_task","title":"Call","dueInHours":1}',
      })
      .returning('id');
    // A draft quote of a lead of its own (the lead above may get a draft of its own from a call).
    const quoted = (
      await supertest(t.app)
        .post('/api/leads')
        .send({ ...quote, email: `quoted${people}@example.com`, phone: `972-555-${String(1000 + people)}` })
        .expect(201)
    ).body.id as string;
    const draft = await admin.post(`/api/admin/leads/${quoted}/quotes`).send({}).expect(201);
    // Held e-mail comes only from the mailbox: one as its importer holds it.
    const [unmatched] = await t
      .db('unmatched_emails')
      .insert({
        mailbox: 'sales@matrix.example',
        external_id: `<matrix-${people}@mail.example>`,
        source_digest: `matrix-${people}`,
        sender: 'someone@mail.example',
        subject: 'Hello',
        body: 'Hello',
        received_at: new Date(),
        reason: 'held for the matrix',
      })
      .returning('id');
    return {
      lead,
      quote: draft.body.id,
      request: detail.body.requests[0].id,
      held: held.body.items[0].id,
      template: (template as { id: string }).id,
      automation: (automation as { id: string }).id,
      user: await addStaff(t.db, { email: `person${people}@matrix.example`, role: 'sales' }),
      unmatched: (unmatched as { id: string }).id,
      // Calls come only from the voice webhook: a well-formed id of none (the role decides first).
      call: randomUUID(),
      activity: (
        await admin.post('/api/admin/activities').send({ leadId: lead, type: 'task', title: 'Matrix task' }).expect(201)
      ).body.id,
    };
  }

  function call(agent: Agent | supertest.Agent, route: Route, ids: Record<IdKind, string>) {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    const request = agent[method](fillPath(route, ids));
    // A live stream never ends: its status and first bytes decide, then the connection is closed.
    if (route.stream) return request.buffer(false).parse(streamAware as never);
    return route.validBody ? request.send(route.validBody(ids) as object) : request;
  }

  it('every admin route names the role it needs', () => {
    expect(ADMIN_ROUTES.filter((route) => route.role === undefined).map((route) => route.path)).toEqual([]);
  });

  for (const route of ADMIN_ROUTES) {
    const salesAllowed = route.role === 'sales';
    // An `assignee` route: the sales user holds none of the matrix's leads, so is refused its own way.
    const refusal = route.role === 'assignee' ? API_ERRORS.quoteWithdrawForbidden : API_ERRORS.adminRoleRequired;
    it(`${route.method} ${route.path}: signed out 401, disabled 401, sales ${salesAllowed ? 'allowed' : '403'}, admin allowed`, async () => {
      // Sales pass the role's gate of a sales or an assignee route: what they then meet is the record's.
      const ids = route.role !== 'admin' && isWrite(route.method) ? await freshIds() : shared;
      const signedOut = await call(supertest.agent(t.app), route, ids);
      expect(signedOut.status).toBe(401);
      expect(signedOut.body).toEqual({ message: API_ERRORS.unauthenticated });
      expect((await call(disabled, route, ids)).status).toBe(401);

      // Signing out ends the session it is sent with: that route gets sessions of its own.
      const isLogout = route.path === '/api/admin/logout';
      const salesAgent = isLogout
        ? await signIn(t.app, { username: 'sales@matrix.example', password: STAFF_PASSWORD })
        : sales;
      const asSales = await call(salesAgent, route, ids);
      if (salesAllowed) {
        expect([401, 403], `sales ${asSales.status} ${asSales.text}`).not.toContain(asSales.status);
        expect(asSales.status).toBeLessThan(500);
      } else {
        expect(asSales.status).toBe(403);
        expect(asSales.body).toEqual({ message: refusal });
      }

      const adminAgent = isLogout ? await signIn(t.app) : await t.agent();
      const asAdmin = await call(adminAgent, route, isWrite(route.method) ? await freshIds() : shared);
      expect([401, 403], `admin ${asAdmin.status} ${asAdmin.text}`).not.toContain(asAdmin.status);
      expect(asAdmin.status).toBeLessThan(500);
    });
  }
});
