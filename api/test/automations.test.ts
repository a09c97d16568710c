import { API_ERRORS, VALIDATION } from '@shine/shared/messages';
import type { Automation } from '@shine/shared/types';
import { beforeEach, expect, it } from 'vitest';
import { type Agent, describeApi, useTestApp } from './support/test-app.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const TASK_ACTION = JSON.stringify({ type: 'create_task', title: 'Call the new lead', dueInHours: 2 });
const VALID = {
  name: 'Welcome call',
  trigger: 'lead_created',
  conditions: '{"cleaningType":"Deep"}',
  actions: TASK_ACTION,
  isActive: true,
};

describeApi('automations', () => {
  const t = useTestApp();
  let agent: Agent;

  beforeEach(async () => {
    agent = await t.agent();
  });

  const create = async (body: object = VALID) => {
    const response = await agent.post('/api/admin/automations').send(body);
    expect(response.status, response.text).toBe(201);
    return response.body as Automation;
  };

  it('creates a rule and answers conditions and actions as JSON text', async () => {
    const rule = await create({ ...VALID, description: 'First touch' });
    expect(rule).toMatchObject({
      name: 'Welcome call',
      description: 'First touch',
      trigger: 'lead_created',
      isActive: true,
    });
    expect(JSON.parse(rule.conditions)).toEqual({ cleaningType: 'Deep' });
    expect(JSON.parse(rule.actions)).toEqual({ type: 'create_task', title: 'Call the new lead', dueInHours: 2 });
  });

  it('defaults conditions to {} and isActive to true', async () => {
    const rule = await create({
      name: 'Rule',
      trigger: 'status_changed',
      actions: JSON.stringify({ type: 'update_status', status: 'Contacted' }),
    });
    expect(rule.conditions).toBe('{}');
    expect(rule.isActive).toBe(true);
    expect(rule.description).toBeNull();
  });

  it('lists rules newest first', async () => {
    await create({ ...VALID, name: 'older' });
    await create({ ...VALID, name: 'newer' });
    const response = await agent.get('/api/admin/automations');
    expect(response.status).toBe(200);
    expect((response.body as Automation[]).map((rule) => rule.name)).toEqual(['newer', 'older']);
  });

  it.each([
    [{ ...VALID, name: ' ' }, VALIDATION.name],
    [
      { ...VALID, trigger: 'hourly' },
      'Trigger must be one of: lead_created, status_changed, no_activity, follow_up_due, quote_viewed, quote_accepted, quote_declined, quote_not_answered, visit_booked, visit_upcoming, visit_completed, invoice_created, payment_succeeded, payment_failed',
    ],
    [{ ...VALID, actions: 'not json' }, 'Actions must be valid JSON'],
    [{ ...VALID, actions: { type: 'send_email' } }, 'Actions must be JSON text'],
    [
      { ...VALID, actions: '{"type":"fax"}' },
      'Actions: type: Action type must be one of: send_email, create_task, update_status, send_sms, assign',
    ],
    [{ ...VALID, actions: '{"type":"send_email"}' }, 'Actions: templateId: Choose an email template'],
    [{ ...VALID, conditions: '{"colour":"red"}' }, expect.stringMatching(/^Conditions: /)],
    [{ ...VALID, conditions: '[' }, 'Conditions must be valid JSON'],
    [{ ...VALID, isActive: 'yes' }, 'isActive must be true or false'],
  ])('refuses %o → %s', async (body, message) => {
    const response = await agent.post('/api/admin/automations').send(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(message);
  });

  it('PATCH takes all fields or only isActive', async () => {
    const rule = await create();
    const toggled = await agent.patch(`/api/admin/automations/${rule.id}`).send({ isActive: false });
    expect(toggled.status).toBe(200);
    expect(toggled.body).toMatchObject({
      id: rule.id,
      name: 'Welcome call',
      isActive: false,
      conditions: rule.conditions,
    });
    const edited = await agent.patch(`/api/admin/automations/${rule.id}`).send({
      name: 'Renamed',
      description: null,
      trigger: 'follow_up_due',
      conditions: '{}',
      actions: JSON.stringify({ type: 'update_status', status: 'Quoted' }),
      isActive: true,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Renamed', trigger: 'follow_up_due', conditions: '{}', isActive: true });
    expect(new Date(edited.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(rule.updatedAt).getTime());
  });

  it('PATCH validates, and answers 404 for an unknown rule', async () => {
    const rule = await create();
    const empty = await agent.patch(`/api/admin/automations/${rule.id}`).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nothing to update');
    const bad = await agent.patch(`/api/admin/automations/${rule.id}`).send({ actions: '{}' });
    expect(bad.status).toBe(400);
    const missing = await agent.patch(`/api/admin/automations/${UNKNOWN_ID}`).send({ isActive: false });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: API_ERRORS.automationNotFound });
  });

  it('DELETE removes the rule (204), then 404', async () => {
    const rule = await create();
    expect((await agent.delete(`/api/admin/automations/${rule.id}`)).status).toBe(204);
    expect((await agent.get('/api/admin/automations')).body).toEqual([]);
    const again = await agent.delete(`/api/admin/automations/${rule.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: API_ERRORS.automationNotFound });
    expect((await agent.delete('/api/admin/automations/nope')).status).toBe(400);
  });
});
