// Answers of /api/admin/automations, /outbox and a lead's runs and messages.
import { z } from 'zod';
import { AUTOMATION_RECIPE_KEYS } from '../automation-recipes.ts';
import { AUTOMATION_TRIGGERS, LEAD_STATUSES } from '../enums.ts';
import { countSchema, idSchema, instantSchema } from './common.ts';
import { personSchema } from './team.ts';

/** A rule as stored; `conditions` and `actions` are JSON text (see automations.ts for their shapes). */
export const automationSchema = z.strictObject({
  id: idSchema,
  name: z.string(),
  description: z.string().nullable(),
  trigger: z.enum(AUTOMATION_TRIGGERS),
  conditions: z.string(),
  actions: z.string(),
  isActive: z.boolean(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Automation = z.output<typeof automationSchema>;

/** `held`: its message is over the hourly send budget and waits in the outbox. */
export const AUTOMATION_RUN_STATUSES = [
  'queued',
  'running',
  'retrying',
  'succeeded',
  'failed',
  'skipped',
  'held',
] as const;
export type AutomationRunStatus = (typeof AUTOMATION_RUN_STATUSES)[number];

/** One execution of one rule for one lead and one occurrence of its trigger. */
export const automationRunSchema = z.strictObject({
  id: idSchema,
  /** Null once the rule is deleted; its name stays. */
  automationId: idSchema.nullable(),
  automationName: z.string(),
  leadId: idSchema,
  leadName: z.string(),
  trigger: z.enum(AUTOMATION_TRIGGERS),
  occurrenceKey: z.string(),
  status: z.enum(AUTOMATION_RUN_STATUSES),
  /** What happened, in words ("E-mail sent to …", "Task created, due …"). */
  outcome: z.string().nullable(),
  error: z.string().nullable(),
  attempts: countSchema,
  createdAt: instantSchema,
  finishedAt: instantSchema.nullable(),
});
export type AutomationRun = z.output<typeof automationRunSchema>;

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_STATUSES = ['pending', 'sent', 'not_sent', 'failed', 'held'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A message an automation rendered: sent, waiting in the outbox, or failed. */
export const outboxMessageSchema = z.strictObject({
  id: idSchema,
  leadId: idSchema,
  leadName: z.string(),
  runId: idSchema.nullable(),
  channel: z.enum(MESSAGE_CHANNELS),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  reason: z.string().nullable(),
  /** A held message: when it is tried again (it goes out then if the hour's budget allows). */
  heldUntil: instantSchema.nullable(),
  attempts: countSchema,
  createdAt: instantSchema,
  sentAt: instantSchema.nullable(),
});
export type OutboxMessage = z.output<typeof outboxMessageSchema>;

const leadStatus = z.enum(LEAD_STATUSES);

/** POST /api/admin/automations/preview: what the rule would do right now, nothing sent. */
export const automationPreviewResultSchema = z.strictObject({
  total: countSchema,
  leads: z.array(z.strictObject({ id: idSchema, name: z.string(), email: z.string(), status: leadStatus })),
  /** The action applied to the first lead (rendered message, task or status); null without leads. */
  firstAction: z
    .discriminatedUnion('type', [
      z.strictObject({ type: z.literal('send_email'), to: z.string(), subject: z.string(), body: z.string() }),
      z.strictObject({ type: z.literal('send_sms'), to: z.string(), body: z.string() }),
      z.strictObject({ type: z.literal('create_task'), title: z.string(), dueAt: instantSchema }),
      z.strictObject({ type: z.literal('update_status'), from: leadStatus, to: leadStatus }),
      /** Who would get the lead now (round robin: the next in turn); null when nobody is available. */
      z.strictObject({ type: z.literal('assign'), roundRobin: z.boolean(), assignee: personSchema.nullable() }),
    ])
    .nullable(),
});
export type AutomationPreview = z.output<typeof automationPreviewResultSchema>;

/**
 * GET /api/admin/automations/recipes: each recipe's state. `automationId`: the rule made from it
 * (null: not added, or that rule was deleted); `templateMissing`: the starter template its message
 * needs was deleted, so adding it must recreate the template first.
 */
export const automationRecipeStateSchema = z.strictObject({
  key: z.enum(AUTOMATION_RECIPE_KEYS),
  automationId: idSchema.nullable(),
  templateMissing: z.boolean(),
});
export type AutomationRecipeState = z.output<typeof automationRecipeStateSchema>;
