import type { Automation, OutboxMessage } from '@shine/shared/responses/automations';
import type { Template } from '@shine/shared/responses/templates';

const CREATED_AT = '2026-01-05T15:00:00.000Z';

/** A message template as the API answers it: an active e-mail. */
export function makeTemplate(overrides: Partial<Template> = {}): Template {
  return {
    id: '9b2d4c6e-1f3a-4b5c-8d7e-0a1b2c3d4e5f',
    name: 'Welcome e-mail',
    type: 'email',
    subject: 'Hi',
    content: 'Hello {{firstName}}',
    variables: ['firstName'],
    isActive: true,
    createdAt: CREATED_AT,
    ...overrides,
  };
}

/** An automation rule as the API answers it: an active welcome on a new lead. */
export function makeAutomation(overrides: Partial<Automation> = {}): Automation {
  return {
    id: '7a2d4c6e-1f3a-4b5c-8d7e-0a1b2c3d4e5f',
    name: 'Welcome',
    description: null,
    trigger: 'lead_created',
    conditions: '{}',
    actions: '[]',
    isActive: true,
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    ...overrides,
  };
}

/** A message of the automations' outbox as the API answers it: a failed e-mail. */
export function makeOutboxMessage(overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    id: '6c2d4c6e-1f3a-4b5c-8d7e-0a1b2c3d4e5f',
    leadId: '3f1c2a7e-8a51-4f0e-9a51-000000000001',
    leadName: 'Maya Ortiz',
    runId: null,
    channel: 'email',
    recipient: 'maya@example.com',
    subject: 'Hi',
    body: 'Hello Maya',
    status: 'failed',
    reason: null,
    heldUntil: null,
    attempts: 1,
    createdAt: CREATED_AT,
    sentAt: null,
    ...overrides,
  };
}
