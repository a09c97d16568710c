// The CRM's calls about a lead's conversation (every message to and from the lead) and the Inbox.
import {
  MANUAL_MESSAGES_PER_USER_PER_HOUR,
  manualMessageSchema,
  unmatchedEmailAttachSchema,
  unmatchedEmailQuerySchema,
} from '../conversations.ts';
import { API_ERRORS } from '../messages.ts';
import { idParamsSchema } from '../leads.ts';
import {
  inboxSchema,
  leadMessagesSchema,
  sentLeadMessageSchema,
  unmatchedEmailSchema,
  unmatchedEmailsSchema,
} from '../responses/conversations.ts';
import { empty, error, json, operation, type Operation } from './operation.ts';

const session = 'session' as const;
const tag = 'Conversations';

export const conversationOperations = {
  listLeadMessages: operation({
    method: 'get',
    path: '/api/admin/leads/:id/messages',
    tag,
    summary: 'Every message the customer sent or was sent, oldest first',
    description:
      'The automated messages to the lead (the outbox), the quote e-mails, the messages staff sent by hand and the customer’s replies (e-mail and text), in one thread; each with `to` (the address or number it went to), and for an e-mail its `subject` and `attachments` (file names). Alerts to staff about the lead (on-duty alert, escalation) are not in it: the lead’s timeline names who got them.',
    access: session,
    params: idParamsSchema,
    answers: { 200: json(leadMessagesSchema, 'The thread.'), 404: error('No such lead.') },
  }),
  sendLeadMessage: operation({
    method: 'post',
    path: '/api/admin/leads/:id/messages',
    tag,
    summary: 'Send the lead an e-mail or a text by hand',
    description:
      'Stored in the thread and on the timeline, then handed to the mail server or the SMS provider; the answer carries its delivery (`sent`, `failed` or `not_sent` with the reason). A text to a number that answered STOP is refused (409); a text to a lead who never agreed to texts is sent with a warning. An e-mail goes to an unsubscribed lead too (a one-to-one reply), with the lead’s reply address.',
    access: session,
    params: idParamsSchema,
    body: manualMessageSchema,
    answers: {
      201: json(sentLeadMessageSchema, 'Stored, with its delivery and any warning.'),
      404: error('No such lead.'),
      409: error('The number answered STOP to texts, or the lead has no e-mail address or phone number.'),
      429: error(
        `${API_ERRORS.manualMessageBudget} (${MANUAL_MESSAGES_PER_USER_PER_HOUR} messages by hand per person in any 60 minutes; Retry-After says when a slot is free; nothing was stored.)`,
      ),
    },
  }),
  markLeadMessagesRead: operation({
    method: 'post',
    path: '/api/admin/leads/:id/messages/read',
    tag,
    summary: 'Mark the lead’s replies read for the signed-in person',
    access: session,
    params: idParamsSchema,
    answers: { 204: empty('Read up to the latest reply stored now.'), 404: error('No such lead.') },
  }),
  getInbox: operation({
    method: 'get',
    path: '/api/admin/inbox',
    tag,
    summary: 'Leads with replies the signed-in person has not read, newest reply first',
    access: session,
    answers: { 200: json(inboxSchema, 'At most 100 leads; `total` counts them all.') },
  }),
  listUnmatchedEmails: operation({
    method: 'get',
    path: '/api/admin/unmatched-emails',
    tag,
    summary: 'E-mail the mailbox held: no reply address of a lead, no answer to an e-mail we sent',
    description:
      'Never filed on a lead by itself (a From: line proves nothing). Each carries the reason, the mail server’s Authentication-Results verdict when it gave one, and a lead with the sender’s address as a hint. Newest first, at most 100; `status` defaults to `held`.',
    access: session,
    query: unmatchedEmailQuerySchema,
    answers: { 200: json(unmatchedEmailsSchema, 'The held e-mail (or the status asked) and how many there are.') },
  }),
  attachUnmatchedEmail: operation({
    method: 'post',
    path: '/api/admin/unmatched-emails/:id/attach',
    tag,
    summary: 'File a held e-mail on the lead the person chose',
    description: 'Stored in the lead’s thread and on its timeline, which names who attached it.',
    access: session,
    params: idParamsSchema,
    body: unmatchedEmailAttachSchema,
    answers: {
      200: json(unmatchedEmailSchema, 'Attached.'),
      404: error('No such e-mail, or no such lead.'),
      409: error('It is attached already.'),
    },
  }),
  dismissUnmatchedEmail: operation({
    method: 'post',
    path: '/api/admin/unmatched-emails/:id/dismiss',
    tag,
    summary: 'Dismiss a held e-mail (it is kept, never deleted)',
    access: session,
    params: idParamsSchema,
    answers: {
      200: json(unmatchedEmailSchema, 'Dismissed.'),
      404: error('No such e-mail.'),
      409: error('It is attached already.'),
    },
  }),
} satisfies Record<string, Operation>;
