// Answers of a lead's conversation (/api/admin/leads/{id}/messages) and the Inbox (/api/admin/inbox).
import { z } from 'zod';
import { CONVERSATION_CHANNELS } from '../conversations.ts';
import { countSchema, idSchema, instantSchema } from './common.ts';

/** 'received': a message that came in; the others are a sent message's delivery (the outbox's, plus 'held'). */
export const LEAD_MESSAGE_STATUSES = ['received', 'pending', 'sent', 'failed', 'not_sent', 'held'] as const;
export type LeadMessageStatus = (typeof LEAD_MESSAGE_STATUSES)[number];

/** Who wrote it: the customer, a person on the team (by hand), or an automation rule. */
export const LEAD_MESSAGE_SOURCES = ['customer', 'staff', 'automation'] as const;

export const leadMessageSchema = z.strictObject({
  id: idSchema,
  channel: z.enum(CONVERSATION_CHANNELS),
  direction: z.enum(['in', 'out']),
  source: z.enum(LEAD_MESSAGE_SOURCES),
  /**
   * Where it went: the customer's e-mail address or phone number for a message we sent; for a
   * message that came in, our address or number when it was recorded, else null.
   */
  to: z.string().nullable(),
  /** An e-mail's subject; null for a text. */
  subject: z.string().nullable(),
  /** The file names attached to an e-mail (the quote's PDF); [] for none and for a text. */
  attachments: z.array(z.string()),
  body: z.string(),
  /** Received, sent, or (not sent yet) written. */
  at: instantSchema,
  status: z.enum(LEAD_MESSAGE_STATUSES),
  /** Why it was not sent or failed; else null. */
  reason: z.string().nullable(),
  /** The name of the person who sent it by hand; else null. */
  sentBy: z.string().nullable(),
});
export type LeadMessage = z.output<typeof leadMessageSchema>;

/**
 * Every message the customer sent or was sent, oldest first: automated messages to the lead, quote
 * e-mails, messages staff wrote by hand, replies. Alerts to staff about the lead are not in it (they
 * are on the lead's timeline, with their recipient's name).
 */
export const leadMessagesSchema = z.strictObject({ items: z.array(leadMessageSchema) });
export type LeadMessages = z.output<typeof leadMessagesSchema>;

/** A message staff sent by hand, and the warning it carries (a text to a lead without consent), or null. */
export const sentLeadMessageSchema = z.strictObject({
  message: leadMessageSchema,
  warning: z.string().nullable(),
});
export type SentLeadMessage = z.output<typeof sentLeadMessageSchema>;

/** A lead with replies the signed-in person has not read. */
export const inboxEntrySchema = z.strictObject({
  leadId: idSchema,
  leadName: z.string(),
  unread: countSchema.min(1),
  /** The latest unread reply. */
  lastAt: instantSchema,
  lastChannel: z.enum(CONVERSATION_CHANNELS),
  lastBody: z.string(),
});
export type InboxEntry = z.output<typeof inboxEntrySchema>;

/** Newest reply first; `total` counts every lead with unread replies (the menu's badge). */
export const inboxSchema = z.strictObject({ items: z.array(inboxEntrySchema), total: countSchema });
export type Inbox = z.output<typeof inboxSchema>;
