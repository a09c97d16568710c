// Answers of a lead's conversation (/api/admin/leads/{id}/messages) and the Inbox (/api/admin/inbox).
import { z } from 'zod';
import { CONVERSATION_CHANNELS, UNMATCHED_EMAIL_STATUSES } from '../conversations.ts';
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

/** An e-mail the mailbox held (GET /api/admin/unmatched-emails): never filed on a lead by itself. */
export const unmatchedEmailSchema = z.strictObject({
  id: idSchema,
  /** The From: address as written (anyone can write any address there); null without one. */
  from: z.string().nullable(),
  /** To, Cc, Delivered-To, X-Original-To. */
  to: z.array(z.string()),
  subject: z.string().nullable(),
  /** The sender's words, the quoted history trimmed. */
  body: z.string(),
  /** When the product received it. */
  receivedAt: instantSchema,
  /** The Date: header as the sender wrote it; null without one. */
  dateHeader: instantSchema.nullable(),
  /** Why it was held. */
  reason: z.string(),
  /** The mail server's Authentication-Results verdict (e.g. "spf=pass dkim=fail dmarc=fail"); null when it gave none. */
  authentication: z.string().nullable(),
  status: z.enum(UNMATCHED_EMAIL_STATUSES),
  /** The lead it was attached to; null while held or once dismissed. */
  leadId: idSchema.nullable(),
  leadName: z.string().nullable(),
  /** Who attached or dismissed it, and when. */
  resolvedBy: z.string().nullable(),
  resolvedAt: instantSchema.nullable(),
  /** A lead whose e-mail address is the From: address: a hint to check, never proof. */
  suggestedLead: z.strictObject({ id: idSchema, name: z.string() }).nullable(),
});
export type UnmatchedEmail = z.output<typeof unmatchedEmailSchema>;

/** Newest first, at most 100; `total` counts every one of the status asked (the menu's badge for held). */
export const unmatchedEmailsSchema = z.strictObject({ items: z.array(unmatchedEmailSchema), total: countSchema });
export type UnmatchedEmails = z.output<typeof unmatchedEmailsSchema>;
