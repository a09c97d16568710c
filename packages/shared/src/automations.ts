import { z } from 'zod';
import {
  ACTION_TYPES,
  AUTOMATION_TRIGGERS,
  CLEANING_TYPES,
  FREQUENCIES,
  LEAD_PRIORITIES,
  LEAD_STATUSES,
} from './enums.ts';
import { VALIDATION } from './messages.ts';

/** The `to` of an assign action that rotates among the available sales reps. */
export const ROUND_ROBIN = 'round_robin';
const ASSIGN_TO_ERROR = 'Assign to must be round_robin or a user id';

/** `conditions` JSON of a rule: every given key must match the lead (issue: rule format). */
export const automationConditionsSchema = z
  .object({
    status: z.enum(LEAD_STATUSES),
    fromStatus: z.enum(LEAD_STATUSES),
    toStatus: z.enum(LEAD_STATUSES),
    source: z.string().trim().min(1).max(100),
    cleaningType: z.enum(CLEANING_TYPES),
    frequency: z.enum(FREQUENCIES),
    priority: z.enum(LEAD_PRIORITIES),
    days: z.number().int().min(1).max(365),
    /** visit_completed: only the lead's first completed visit, once per lead (a series is asked once). */
    firstVisit: z.boolean(),
    /**
     * Whether automated texts reach the customer: true, they agreed on the quote form and have not
     * replied STOP; false, the others (the e-mail reminder's audience). sms-consent.ts decides.
     */
    textsAllowed: z.boolean(),
  })
  .partial()
  .strict();
export type AutomationConditions = z.output<typeof automationConditionsSchema>;

/** `actions` JSON of a rule: one action, discriminated by `type`. */
export const automationActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('send_email'), templateId: z.uuid({ error: 'Choose an email template' }) }),
    z.object({ type: z.literal('send_sms'), templateId: z.uuid({ error: 'Choose an SMS template' }) }),
    z.object({
      type: z.literal('create_task'),
      title: z.string().trim().min(1, 'Task title is required').max(200),
      dueInHours: z
        .number()
        .int()
        .min(0)
        .max(24 * 365)
        .default(24),
    }),
    z.object({ type: z.literal('update_status'), status: z.enum(LEAD_STATUSES) }),
    z.object({
      type: z.literal('assign'),
      /** The next available sales rep in turn, or one person (a user id). */
      to: z.union([z.literal(ROUND_ROBIN, { error: ASSIGN_TO_ERROR }), z.uuid({ error: ASSIGN_TO_ERROR })], {
        error: ASSIGN_TO_ERROR,
      }),
    }),
  ],
  { error: `Action type must be one of: ${ACTION_TYPES.join(', ')}` },
);
export type AutomationAction = z.output<typeof automationActionSchema>;

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** A JSON-text field whose parsed value must satisfy `inner`; the stored value stays the text. */
function jsonText<T extends z.ZodType>(label: string, inner: T) {
  return z.string({ error: `${label} must be JSON text` }).superRefine((text, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${label} must be valid JSON` });
      return;
    }
    const result = inner.safeParse(parsed);
    if (!result.success) ctx.addIssue({ code: 'custom', message: `${label}: ${describeIssues(result.error)}` });
  });
}

const automationFields = {
  name: z
    .string({ error: VALIDATION.name })
    .trim()
    .min(1, VALIDATION.name)
    .max(200, 'Name must be at most 200 characters'),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters').nullish(),
  trigger: z.enum(AUTOMATION_TRIGGERS, { error: `Trigger must be one of: ${AUTOMATION_TRIGGERS.join(', ')}` }),
  conditions: jsonText('Conditions', automationConditionsSchema).default('{}'),
  actions: jsonText('Actions', automationActionSchema),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
};

export const automationCreateSchema = z.object(automationFields);
export type AutomationCreate = z.output<typeof automationCreateSchema>;
export type AutomationCreateInput = z.input<typeof automationCreateSchema>;

/** PATCH: the same fields, or only isActive. */
export const automationUpdateSchema = z
  .object({
    name: automationFields.name,
    description: automationFields.description,
    trigger: automationFields.trigger,
    conditions: jsonText('Conditions', automationConditionsSchema),
    actions: automationFields.actions,
    isActive: z.boolean({ error: 'isActive must be true or false' }),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update' });
export type AutomationUpdate = z.output<typeof automationUpdateSchema>;
