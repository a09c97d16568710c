// A lead's conversation (docs/requirements.md#conversations): the message staff send by hand from the
// lead's drawer. The same schema validates the CRM's reply form and POST /api/admin/leads/{id}/messages.
import { z } from 'zod';

export const CONVERSATION_CHANNELS = ['email', 'sms'] as const;
export type ConversationChannel = (typeof CONVERSATION_CHANNELS)[number];

/** Carriers join a long text from parts up to 1600 characters; Twilio refuses a longer body. */
export const SMS_BODY_MAX = 1600;
export const EMAIL_BODY_MAX = 20_000;
export const EMAIL_SUBJECT_MAX = 200;

export const manualMessageSchema = z
  .strictObject({
    channel: z.enum(CONVERSATION_CHANNELS, { error: 'Channel must be email or sms' }),
    body: z
      .string({ error: 'Write the message' })
      .trim()
      .min(1, 'Write the message')
      .max(EMAIL_BODY_MAX, `At most ${EMAIL_BODY_MAX} characters`),
    /** E-mail only (required there); a text has none. */
    subject: z
      .string({ error: 'The subject must be text' })
      .trim()
      .max(EMAIL_SUBJECT_MAX, `At most ${EMAIL_SUBJECT_MAX} characters`)
      .optional(),
  })
  .superRefine((message, ctx) => {
    if (message.channel === 'sms' && message.body.length > SMS_BODY_MAX) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: `A text has at most ${SMS_BODY_MAX} characters` });
    }
    if (message.channel === 'email' && !message.subject) {
      ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Enter a subject' });
    }
    if (message.channel === 'sms' && message.subject) {
      ctx.addIssue({ code: 'custom', path: ['subject'], message: 'A text has no subject' });
    }
  });
export type ManualMessage = z.output<typeof manualMessageSchema>;
export type ManualMessageInput = z.input<typeof manualMessageSchema>;

/** E-mail the mailbox held because nothing the product gave out tied it to a lead (docs/security.md, "Forged replies"). */
export const UNMATCHED_EMAIL_STATUSES = ['held', 'attached', 'dismissed'] as const;
export type UnmatchedEmailStatus = (typeof UNMATCHED_EMAIL_STATUSES)[number];

/** GET /api/admin/unmatched-emails?status=…: the held ones unless asked otherwise. */
export const unmatchedEmailQuerySchema = z.strictObject({
  status: z
    .enum([...UNMATCHED_EMAIL_STATUSES, 'all'], { error: 'Status must be held, attached, dismissed or all' })
    .default('held'),
});
export type UnmatchedEmailQuery = z.output<typeof unmatchedEmailQuerySchema>;

/** POST /api/admin/unmatched-emails/{id}/attach: the lead staff chose. */
export const unmatchedEmailAttachSchema = z.strictObject({
  leadId: z.uuid({ error: 'Choose a lead' }),
});
export type UnmatchedEmailAttach = z.output<typeof unmatchedEmailAttachSchema>;

/**
 * Messages one person may send by hand in any 60 minutes, all leads together: generous for a day's
 * work (a message every 36 seconds), and a stolen session cannot message every lead at once.
 * API_ERRORS.manualMessageBudget names the number.
 */
export const MANUAL_MESSAGES_PER_USER_PER_HOUR = 100;
