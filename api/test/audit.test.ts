// The audit trail (docs/decisions.md, "Audit trail"). Changes to users, automations and templates
// are recorded with who, when, before and after, in the transaction of the change; admins read it,
// newest first, with filters; nobody can change or delete a row (there is no route, and the
// database refuses it).
import { API_ERRORS } from '@shine/shared/messages';
import { auditPageSchema } from '@shine/shared/responses/team';
import { expect, it } from 'vitest';
import { leadHistory, recordAudit } from '../src/audit/audit.service.ts';
import { userNames } from '../src/auth/users.service.ts';
import { leadNames } from '../src/leads/leads.service.ts';
import { DEFAULT_SPEED_TO_LEAD_SETTINGS } from '@shine/shared/speed-to-lead';
import { addStaff, resetTeam, STAFF_PASSWORD } from './support/team.ts';
import { ADMIN_NAME, describeApi, insertLead, signIn, useTestApp } from './support/test-app.ts';
import { beforeEach } from 'vitest';

const RULE = {
  name: 'Call new leads',
  trigger: 'lead_created',
  conditions: '{}',
  actions: JSON.stringify({ type: 'create_task', title: 'Call', dueInHours: 1 }),
  isActive: false,
};

describeApi('the audit trail', () => {
  const t = useTestApp();
  beforeEach(async () => resetTeam(t.db));

  const audit = async (query = '') => {
    const response = await (await t.agent()).get(`/api/admin/audit${query}`);
    expect(response.status, response.text).toBe(200);
    return auditPageSchema.parse(response.body);
  };

  it('records every change to an automation: created, toggled, updated, deleted, with who and what changed', async () => {
    const agent = await t.agent();
    const { body: rule } = await agent.post('/api/admin/automations').send(RULE).expect(201);
    await agent.patch(`/api/admin/automations/${rule.id}`).send({ isActive: true }).expect(200);
    await agent.patch(`/api/admin/automations/${rule.id}`).send({ name: 'Call within the hour' }).expect(200);
    await agent.patch(`/api/admin/automations/${rule.id}`).send({ name: 'Call within the hour' }).expect(200);
    await agent.delete(`/api/admin/automations/${rule.id}`).expect(204);
    const { items, total } = await audit('?entity=automation');
    expect(total).toBe(4); // the PATCH that changed nothing records nothing
    expect(items.map((entry) => entry.action)).toEqual(['deleted', 'updated', 'toggled', 'created']);
    for (const entry of items) {
      expect(entry).toMatchObject({
        actor: { id: t.adminId, name: ADMIN_NAME },
        entity: 'automation',
        entityId: rule.id,
      });
    }
    expect(items[1]).toMatchObject({ before: { name: 'Call new leads' }, after: { name: 'Call within the hour' } });
    expect(items[2]).toMatchObject({ before: { isActive: false }, after: { isActive: true } });
    expect(items[3]?.after).toMatchObject({ name: 'Call new leads', trigger: 'lead_created', isActive: false });
    expect(items[0]).toMatchObject({ before: { name: 'Call within the hour', isActive: true }, after: null });
  });

  it('records every change to a template, and a starter a recipe recreated as restored', async () => {
    const agent = await t.agent();
    const { body: template } = await agent
      .post('/api/admin/templates')
      .send({ name: 'Hi', type: 'sms', content: 'Hello {{firstName}}' })
      .expect(201);
    await agent.patch(`/api/admin/templates/${template.id}`).send({ content: 'Hi {{firstName}}' }).expect(200);
    await agent.delete(`/api/admin/templates/${template.id}`).expect(204);
    // The welcome recipe's starter is absent (tables are emptied): restoreTemplate recreates it.
    await agent.post('/api/admin/automations/recipes/welcome-email').send({ restoreTemplate: true }).expect(201);
    const templates = await audit('?entity=template');
    expect(templates.items.map((entry) => entry.action)).toEqual(['restored', 'deleted', 'updated', 'created']);
    expect(templates.items[2]).toMatchObject({
      before: { content: 'Hello {{firstName}}' },
      after: { content: 'Hi {{firstName}}' },
    });
    const rules = await audit('?entity=automation');
    expect(rules.items.map((entry) => entry.action)).toEqual(['created']);
  });

  it('records changes to people; filters by person and entity; pages newest first', async () => {
    const agent = await t.agent();
    const { body } = await agent
      .post('/api/admin/users')
      .send({ name: 'Rita Rep', email: 'rita@example.com', role: 'sales' })
      .expect(201);
    const id = body.user.id as string;
    await agent.patch(`/api/admin/users/${id}`).send({ role: 'admin' }).expect(200);
    await agent.patch(`/api/admin/users/${id}`).send({ disabled: true }).expect(200);
    await agent.patch(`/api/admin/users/${id}`).send({ disabled: false }).expect(200);
    await agent.post(`/api/admin/users/${id}/reset`).expect(200);
    const all = await audit('?entity=user');
    expect(all.items.map((entry) => [entry.action, entry.entityId])).toEqual([
      ['link_reset', id],
      ['enabled', id],
      ['disabled', id],
      ['updated', id],
      ['created', id],
    ]);
    expect(all.items[3]).toMatchObject({ before: { role: 'sales' }, after: { role: 'admin' } });
    expect(all.items[4]?.after).toEqual({ name: 'Rita Rep', email: 'rita@example.com', role: 'sales', phone: null });

    const page = await audit('?entity=user&page=2&pageSize=2');
    expect(page).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page.items.map((entry) => entry.action)).toEqual(['disabled', 'updated']);
    expect((await audit(`?userId=${id}`)).total).toBe(0);
    expect((await audit(`?userId=${t.adminId}`)).total).toBe(5);
    expect((await audit('?entity=lead')).total).toBe(0);
  });

  it('shows a null actor (automation or command line) as null, a lead’s rows on its history', async () => {
    const leadId = await insertLead(t.db);
    const otherLead = await insertLead(t.db, { email: 'other@example.com' });
    await t.db.transaction(async (trx) => {
      await recordAudit(trx, [
        { actorId: null, entity: 'lead', entityId: leadId, leadId, action: 'assigned', after: { assignedTo: null } },
        {
          actorId: t.adminId,
          entity: 'lead',
          entityId: leadId,
          leadId,
          action: 'status_changed',
          after: { status: 'Won' },
        },
        { actorId: t.adminId, entity: 'lead', entityId: otherLead, leadId: otherLead, action: 'updated' },
      ]);
    });
    const { items } = await audit(`?leadId=${leadId}`);
    expect(items.map((entry) => entry.actor)).toEqual([{ id: t.adminId, name: ADMIN_NAME }, null]);
    const history = await leadHistory(t.db, leadId, { people: userNames, leads: leadNames });
    expect(history).toEqual(items);
  });

  it('names the subject of every row, keeping the ids: the lead, the person, the rule, the template', async () => {
    const agent = await t.agent();
    const leadId = await insertLead(t.db, { first_name: 'Kevin', last_name: 'Reyes' });
    await agent.patch(`/api/admin/leads/${leadId}/status`).send({ status: 'Qualified' }).expect(200);
    const { items: leadRows } = await audit('?entity=lead');
    expect(leadRows[0]).toMatchObject({
      action: 'status_changed',
      entityId: leadId,
      leadId,
      subject: 'Kevin Reyes',
      before: { status: 'New' },
      after: { status: 'Qualified' },
    });
    const history = await agent.get(`/api/admin/leads/${leadId}/history`).expect(200);
    expect(history.body.items[0]).toMatchObject({ leadId, subject: 'Kevin Reyes' });

    const { body } = await agent
      .post('/api/admin/users')
      .send({ name: 'Rita Rep', email: 'rita@example.com', role: 'sales' })
      .expect(201);
    const ritaId = body.user.id as string;
    await agent.patch(`/api/admin/users/${ritaId}`).send({ name: 'Rita Ramos' }).expect(200);
    // Each row names the person as they are called now; the rename itself keeps both names.
    const people = await audit('?entity=user');
    expect(people.items.map((entry) => [entry.action, entry.entityId, entry.subject])).toEqual([
      ['updated', ritaId, 'Rita Ramos'],
      ['created', ritaId, 'Rita Ramos'],
    ]);

    const { body: rule } = await agent.post('/api/admin/automations').send(RULE).expect(201);
    await agent.patch(`/api/admin/automations/${rule.id}`).send({ isActive: true }).expect(200);
    await agent.delete(`/api/admin/automations/${rule.id}`).expect(204);
    const rules = await audit('?entity=automation');
    expect(rules.items.map((entry) => [entry.action, entry.subject])).toEqual([
      ['deleted', 'Call new leads'],
      ['toggled', 'Call new leads'],
      ['created', 'Call new leads'],
    ]);
    const { body: template } = await agent
      .post('/api/admin/templates')
      .send({ name: 'Hi', type: 'sms', content: 'Hello {{firstName}}' })
      .expect(201);
    await agent.patch(`/api/admin/templates/${template.id}`).send({ content: 'Hi {{firstName}}' }).expect(200);
    const templates = await audit('?entity=template');
    expect(templates.items.map((entry) => [entry.action, entry.subject])).toEqual([
      ['updated', 'Hi'],
      ['created', 'Hi'],
    ]);
  });

  it('names the people a settings change names by id, and keeps the ids', async () => {
    const agent = await t.agent();
    const samId = await addStaff(t.db, { email: 'sam@example.com', role: 'sales', name: 'Sam Rivera' });
    const onDuty = [null, samId, samId, t.adminId, null, null, null];
    await agent
      .put('/api/admin/settings/lead-alerts')
      .send({ ...DEFAULT_SPEED_TO_LEAD_SETTINGS, onDuty, escalateTo: t.adminId })
      .expect(200);
    const { items } = await audit('?entity=settings');
    expect(items[0]).toMatchObject({
      entityId: 'lead-alerts',
      subject: 'Speed to lead: on duty and escalation',
      after: { onDuty, escalateTo: t.adminId },
      names: { [samId]: 'Sam Rivera', [t.adminId]: ADMIN_NAME },
    });
  });

  it('says an export’s filter in words: all leads, each criterion with people by name, or how many were chosen', async () => {
    const agent = await t.agent();
    const samId = await addStaff(t.db, { email: 'sam@example.com', role: 'sales', name: 'Sam Rivera' });
    const leadId = await insertLead(t.db);
    const exported = (body: object) =>
      agent
        .post('/api/admin/leads/export')
        .send({ format: 'json', ...body })
        .expect(200);
    await exported({ filter: {} });
    await exported({ filter: { status: 'New', assignedTo: samId } });
    await exported({ filter: { search: 'reyes', priority: 'High', assignedTo: 'me' } });
    await exported({ filter: { assignedTo: 'none' } });
    await exported({ leadIds: [leadId] });
    const { items } = await audit('?entity=export');
    expect(items.map((entry) => entry.subject)).toEqual([
      '1 chosen lead',
      'Assigned to: nobody',
      `Search: “reyes” · Priority: High · Assigned to: ${ADMIN_NAME}`,
      'Status: New · Assigned to: Sam Rivera',
      'all leads',
    ]);
    expect(items[3]).toMatchObject({
      after: { filter: { status: 'New', assignedTo: samId } },
      names: { [samId]: 'Sam Rivera' },
    });
  });

  it('is for admins only: sales are refused with 403', async () => {
    await addStaff(t.db, { email: 'sam@example.com', role: 'sales' });
    const sam = await signIn(t.app, { username: 'sam@example.com', password: STAFF_PASSWORD });
    const response = await sam.get('/api/admin/audit');
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: API_ERRORS.adminRoleRequired });
  });

  it('validates its filters', async () => {
    const response = await (await t.agent()).get('/api/admin/audit?entity=lunch');
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^Entity must be one of/);
  });

  it('cannot be changed or deleted: the database refuses UPDATE and DELETE', async () => {
    await t.db.transaction((trx) =>
      recordAudit(trx, { actorId: t.adminId, entity: 'settings', entityId: null, action: 'updated' }),
    );
    await expect(t.db('audit_log').update({ action: 'rewritten' })).rejects.toThrow(/append-only/);
    await expect(t.db('audit_log').delete()).rejects.toThrow(/append-only/);
    expect(await t.db('audit_log').pluck('action')).toEqual(['updated']);
  });
});
