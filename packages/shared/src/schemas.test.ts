import { describe, expect, it } from 'vitest';
import { activityCreateSchema, defaultActivityStatus } from './activities.ts';
import { loginSchema, newPasswordSchema, passwordChangeSchema } from './auth.ts';
import { automationCreateSchema, automationUpdateSchema } from './automations.ts';
import { exportRequestSchema, resolveExportColumns, buildExportFileName } from './export.ts';
import { leadListQuerySchema, leadStatusUpdateSchema, leadUpdateSchema } from './leads.ts';
import { VALIDATION } from './messages.ts';
import { templateCreateSchema } from './templates.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

const LEAD_ID = '3f1c2a7e-8a51-4f0e-9a51-6c1d2b3e4f50';
const TEMPLATE_ID = '9b2d4c6e-1f3a-4b5c-8d7e-0a1b2c3d4e5f';

describe('loginSchema', () => {
  it('trims both fields', () => {
    expect(loginSchema.parse({ username: ' admin@example.com ', password: ' secret ' })).toEqual({
      username: 'admin@example.com',
      password: 'secret',
    });
  });
  it('requires both with the messages of docs/requirements.md#validation', () => {
    expect(firstMessage(loginSchema.safeParse({ username: '  ', password: 'x' }))).toBe(VALIDATION.username);
    expect(firstMessage(loginSchema.safeParse({ username: 'a', password: '' }))).toBe(VALIDATION.password);
  });
});

describe('passwordChangeSchema', () => {
  it('enforces a minimum length for new passwords', () => {
    expect(passwordChangeSchema.safeParse({ currentPassword: 'old', newPassword: 'short' }).success).toBe(false);
    expect(
      passwordChangeSchema.safeParse({ currentPassword: 'old', newPassword: 'a much longer passphrase' }).success,
    ).toBe(true);
  });
  it('refuses a new password that starts or ends with a space (sign-in trims, so it could never be used)', () => {
    for (const newPassword of [
      ' a much longer passphrase',
      'a much longer passphrase ',
      '\ta much longer passphrase',
    ]) {
      const result = passwordChangeSchema.safeParse({ currentPassword: 'old', newPassword });
      expect(firstMessage(result), JSON.stringify(newPassword)).toBe(VALIDATION.passwordEdgeSpace);
    }
    expect(newPasswordSchema.safeParse('inner spaces are fine').success).toBe(true);
  });
  it('trims the current password like the sign-in does', () => {
    expect(passwordChangeSchema.parse({ currentPassword: ' old ', newPassword: 'a much longer passphrase' })).toEqual({
      currentPassword: 'old',
      newPassword: 'a much longer passphrase',
    });
    expect(firstMessage(passwordChangeSchema.safeParse({ currentPassword: '  ', newPassword: 'x'.repeat(12) }))).toBe(
      'Current password is required',
    );
  });
});

describe('activityCreateSchema', () => {
  it('leaves a status nobody chose to defaultActivityStatus and maps blank optionals to undefined', () => {
    const parsed = activityCreateSchema.parse({
      leadId: LEAD_ID,
      type: 'call',
      title: 'Intro call',
      description: '',
      scheduledAt: '',
    });
    expect(parsed).toEqual({
      leadId: LEAD_ID,
      type: 'call',
      title: 'Intro call',
      description: undefined,
      scheduledAt: undefined,
    });
    expect(parsed.status).toBeUndefined();
  });
  it('defaults a call, e-mail or meeting logged now or earlier to completed; later, a note or a task to pending', () => {
    const now = new Date();
    const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
    const inAnHour = new Date(now.getTime() + 3_600_000).toISOString();
    expect(defaultActivityStatus('call', undefined, now)).toBe('completed');
    expect(defaultActivityStatus('email', hourAgo, now)).toBe('completed');
    expect(defaultActivityStatus('meeting', inAnHour, now)).toBe('pending');
    expect(defaultActivityStatus('note', undefined, now)).toBe('pending');
    expect(defaultActivityStatus('task', hourAgo, now)).toBe('pending');
  });
  it('uses the messages of docs/requirements.md#validation for lead and title', () => {
    expect(firstMessage(activityCreateSchema.safeParse({ leadId: '', type: 'call', title: 'x' }))).toBe(
      VALIDATION.leadId,
    );
    expect(firstMessage(activityCreateSchema.safeParse({ leadId: LEAD_ID, type: 'call', title: ' ' }))).toBe(
      VALIDATION.title,
    );
  });
  it('accepts an ISO time with offset only', () => {
    expect(
      activityCreateSchema.safeParse({
        leadId: LEAD_ID,
        type: 'task',
        title: 't',
        scheduledAt: '2026-11-23T15:00:00.000Z',
      }).success,
    ).toBe(true);
    expect(
      activityCreateSchema.safeParse({ leadId: LEAD_ID, type: 'task', title: 't', scheduledAt: 'tomorrow' }).success,
    ).toBe(false);
  });
});

describe('automation schemas', () => {
  const base = {
    name: 'Welcome',
    trigger: 'lead_created',
    actions: JSON.stringify({ type: 'send_email', templateId: TEMPLATE_ID }),
  };
  it('accepts a rule and defaults conditions and isActive', () => {
    expect(automationCreateSchema.parse(base)).toMatchObject({ conditions: '{}', isActive: true });
  });
  it('requires a name', () => {
    expect(firstMessage(automationCreateSchema.safeParse({ ...base, name: '' }))).toBe(VALIDATION.name);
  });
  it('rejects actions that are not JSON, or without a known type', () => {
    expect(firstMessage(automationCreateSchema.safeParse({ ...base, actions: '{oops' }))).toBe(
      'Actions must be valid JSON',
    );
    expect(firstMessage(automationCreateSchema.safeParse({ ...base, actions: '{"type":"fax"}' }))).toMatch(
      /Action type must be one of/,
    );
  });
  it('rejects unknown condition keys', () => {
    expect(automationCreateSchema.safeParse({ ...base, conditions: '{"colour":"red"}' }).success).toBe(false);
    expect(automationCreateSchema.safeParse({ ...base, conditions: '{"status":"New","days":3}' }).success).toBe(true);
  });
  it('allows an update of only isActive but not an empty one', () => {
    expect(automationUpdateSchema.safeParse({ isActive: false }).success).toBe(true);
    expect(automationUpdateSchema.safeParse({}).success).toBe(false);
  });
});

describe('templateCreateSchema', () => {
  it('requires name and content with the messages of docs/requirements.md#validation', () => {
    expect(firstMessage(templateCreateSchema.safeParse({ name: '', type: 'sms', content: 'x' }))).toBe(VALIDATION.name);
    expect(firstMessage(templateCreateSchema.safeParse({ name: 'n', type: 'sms', content: '' }))).toBe(
      VALIDATION.content,
    );
  });
  it('rejects unknown placeholders', () => {
    const result = templateCreateSchema.safeParse({
      name: 'n',
      type: 'email',
      subject: 'Hi {{firstName}}',
      content: '{{shoeSize}}',
    });
    expect(firstMessage(result)).toMatch(/Unknown placeholder \{\{shoeSize\}\}/);
  });
  it('accepts variables as JSON text or a list', () => {
    expect(
      templateCreateSchema.parse({ name: 'n', type: 'sms', content: 'x', variables: '["firstName"]' }).variables,
    ).toEqual(['firstName']);
  });
});

describe('lead schemas', () => {
  it('parses list queries with defaults and treats empty filters as none', () => {
    expect(leadListQuerySchema.parse({ status: '', priority: 'all' })).toEqual({
      page: 1,
      pageSize: 50,
      sort: 'lastRequestAt',
      order: 'desc',
      status: undefined,
      priority: undefined,
    });
    expect(leadListQuerySchema.safeParse({ pageSize: '500' }).success).toBe(false);
  });
  it('accepts only known statuses', () => {
    expect(leadStatusUpdateSchema.safeParse({ status: 'Won' }).success).toBe(true);
    expect(leadStatusUpdateSchema.safeParse({ status: 'won' }).success).toBe(false);
  });
  it('validates lead edits', () => {
    expect(leadUpdateSchema.safeParse({ estimatedValue: 199.99, tags: ['vip'] }).success).toBe(true);
    expect(leadUpdateSchema.safeParse({ estimatedValue: -1 }).success).toBe(false);
    expect(leadUpdateSchema.safeParse({}).success).toBe(false);
  });
});

describe('export', () => {
  it('uses contact, service, status and dates for CSV and adds notes for JSON', () => {
    expect(resolveExportColumns('csv')).not.toContain('notes');
    expect(resolveExportColumns('json')).toContain('notes');
    expect(resolveExportColumns('csv', ['notes', 'contact'])).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'zipcode',
      'notes',
    ]);
  });
  it('validates the request', () => {
    expect(exportRequestSchema.safeParse({ format: 'xml' }).success).toBe(false);
    expect(exportRequestSchema.safeParse({ format: 'csv', leadIds: ['nope'] }).success).toBe(false);
  });
  it('names the file by local date and format', () => {
    expect(buildExportFileName('csv', new Date(2026, 0, 5, 23, 30))).toBe('leads_export_2026-01-05.csv');
  });
});
