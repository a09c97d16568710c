import { automationCreateSchema } from '@shine/shared/automations';
import type { Automation } from '@shine/shared/types';
import { describe, expect, it } from 'vitest';
import {
  buildConditions,
  conditionFieldsFor,
  DEFAULT_AUTOMATION_VALUES,
  fromAutomation,
  toAutomationPayload,
} from './automation-form.ts';
import { describeAction, describeConditions } from './describe-automation.ts';

const TEMPLATE_ID = '9b2d4c6e-1f3a-4b5c-8d7e-0a1b2c3d4e5f';

describe('automation form values', () => {
  it('builds a payload the shared schema accepts', () => {
    const payload = toAutomationPayload({
      ...DEFAULT_AUTOMATION_VALUES,
      name: 'Welcome',
      trigger: 'lead_created',
      priority: 'High',
      templateId: TEMPLATE_ID,
    });
    expect(payload.conditions).toBe('{"priority":"High"}');
    expect(payload.actions).toBe(`{"type":"send_email","templateId":"${TEMPLATE_ID}"}`);
    expect(automationCreateSchema.safeParse(payload).success).toBe(true);
  });

  it('keeps only the conditions the trigger offers', () => {
    const values = { ...DEFAULT_AUTOMATION_VALUES, status: 'New' as const, fromStatus: 'New' as const, days: 3 };
    expect(buildConditions({ ...values, trigger: 'lead_created' })).toEqual({});
    expect(buildConditions({ ...values, trigger: 'status_changed' })).toEqual({ fromStatus: 'New' });
    expect(buildConditions({ ...values, trigger: 'no_activity' })).toEqual({ status: 'New', days: 3 });
  });

  it('reads a stored rule back into the same values', () => {
    const automation: Automation = {
      id: 'a1',
      name: 'Nudge',
      description: null,
      trigger: 'no_activity',
      conditions: '{"days":5,"priority":"Low"}',
      actions: '{"type":"create_task","title":"Call them","dueInHours":4}',
      isActive: false,
      createdAt: '',
      updatedAt: '',
    };
    const values = fromAutomation(automation);
    expect(values).toMatchObject({
      days: 5,
      priority: 'Low',
      actionType: 'create_task',
      taskTitle: 'Call them',
      dueInHours: 4,
    });
    expect(toAutomationPayload(values)).toMatchObject({
      conditions: '{"days":5,"priority":"Low"}',
      actions: '{"type":"create_task","title":"Call them","dueInHours":4}',
      isActive: false,
    });
    expect(describeConditions(automation)).toBe('after 5 days · priority is Low');
    expect(describeAction(automation, [])).toBe('Create task: Call them (due in 4 h)');
  });

  it('quote_not_answered: days count from the sending, and the description says so', () => {
    expect(conditionFieldsFor('quote_not_answered')).toMatchObject({
      days: true,
      daysLabel: 'Days after the quote was sent',
    });
    const rule = {
      id: 'q',
      name: 'Chase',
      description: null,
      trigger: 'quote_not_answered' as const,
      conditions: '{"days":2}',
      actions: '{"type":"create_task","title":"Chase","dueInHours":1}',
      isActive: true,
      createdAt: '',
      updatedAt: '',
    };
    expect(toAutomationPayload(fromAutomation(rule)).conditions).toBe('{"days":2}');
    expect(describeConditions(rule)).toBe('2 days after sending, no answer');
    expect(describeConditions({ ...rule, conditions: '{}' })).toBe('3 days after sending, no answer');
    expect(describeConditions({ ...rule, trigger: 'quote_accepted', conditions: '{"days":2}' })).toBe('Every lead');
  });

  it('the e-mail reminder recipe reads back as "did not agree to texts", and the form keeps it', () => {
    const rule = {
      id: 'r',
      name: 'Day-before reminder by e-mail',
      description: null,
      trigger: 'visit_upcoming' as const,
      conditions: '{"textsAllowed":false}',
      actions: '{"type":"send_email","templateId":"00000000-0000-4000-8000-000000000001"}',
      isActive: true,
      createdAt: '',
      updatedAt: '',
    };
    expect(fromAutomation(rule).texts).toBe('not_allowed');
    expect(toAutomationPayload(fromAutomation(rule)).conditions).toBe('{"textsAllowed":false}');
    expect(describeConditions(rule)).toBe('customer did not agree to texts (or replied STOP)');
    expect(describeConditions({ ...rule, conditions: '{"textsAllowed":true}' })).toBe('customer agreed to texts');
  });

  it('visit_completed: "first visit only" is kept, read back and described; other triggers drop it', () => {
    expect(conditionFieldsFor('visit_completed').firstVisit).toBe(true);
    expect(conditionFieldsFor('visit_booked').firstVisit).toBe(false);
    const rule = {
      id: 'r',
      name: 'Ask for a review',
      description: null,
      trigger: 'visit_completed' as const,
      conditions: '{"firstVisit":true}',
      actions: '{"type":"send_email","templateId":"33333333-3333-4333-8333-333333333333"}',
      isActive: false,
      createdAt: '',
      updatedAt: '',
    };
    const payload = toAutomationPayload(fromAutomation(rule));
    expect(payload.conditions).toBe('{"firstVisit":true}');
    expect(automationCreateSchema.safeParse(payload).success).toBe(true);
    expect(describeConditions(rule)).toBe('first completed visit only');
    expect(buildConditions({ trigger: 'visit_booked', firstVisit: true })).toEqual({});
    expect(buildConditions({ trigger: 'visit_completed', firstVisit: false })).toEqual({});
  });

  it('survives unreadable JSON', () => {
    const values = fromAutomation({
      id: 'a',
      name: 'Broken',
      description: null,
      trigger: 'lead_created',
      conditions: 'not json',
      actions: '[1]',
      isActive: true,
      createdAt: '',
      updatedAt: '',
    });
    expect(values.actionType).toBe('send_email');
  });
});

describe('the assign action', () => {
  const rule = (actions: string): Automation => ({
    id: 'a2',
    name: 'Share new leads',
    description: null,
    trigger: 'lead_created',
    conditions: '{}',
    actions,
    isActive: true,
    createdAt: '',
    updatedAt: '',
  });
  const ben = { id: '0b1c2d3e-4f5a-4b6c-8d7e-000000000009', name: 'Ben Ortiz' };

  it('builds round robin by default and a person when chosen', () => {
    const values = { ...DEFAULT_AUTOMATION_VALUES, name: 'Share', actionType: 'assign' as const };
    expect(toAutomationPayload(values).actions).toBe('{"type":"assign","to":"round_robin"}');
    expect(toAutomationPayload({ ...values, assignTo: ben.id }).actions).toBe(`{"type":"assign","to":"${ben.id}"}`);
  });

  it('reads it back and describes it', () => {
    expect(fromAutomation(rule('{"type":"assign","to":"round_robin"}')).assignTo).toBe('round_robin');
    expect(describeAction(rule('{"type":"assign","to":"round_robin"}'), [])).toBe('Assign by round robin');
    expect(describeAction(rule(`{"type":"assign","to":"${ben.id}"}`), [], [ben])).toBe('Assign to Ben Ortiz');
    expect(describeAction(rule(`{"type":"assign","to":"${ben.id}"}`), [], [])).toBe(
      'Assign to a person no longer on the team',
    );
  });
});
