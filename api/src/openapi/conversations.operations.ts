// The CRM's calls about a lead's conversation (every message to and from the lead) and the Inbox.
import { MANUAL_MESSAGES_PER_USER_PER_HOUR, manualMessageSchema } from '@shine/shared/conversations';
import { API_ERRORS } from '@shine/shared/messages';
import { idParamsSchema } from '@shine/shared/leads';
import { inboxSchema, leadMessagesSchema, sentLeadMessageSchema } from '@shine/shared/responses/conversations';
import { empty, error, json, type Operation } from './operation.ts';

const session = 'session' as const;
const tag = 'Conversations';

export const conversationOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/admin/leads/:id/messages',
    tag,
    summary: 'Every message to and from a lead, oldest first',
    description:
      'The automated messages (the outbox), the messages staff sent by hand and the customer’s replies (e-mail and text), in one thread.',
    access: session,
    params: idParamsSchema,
    answers: { 200: json(leadMessagesSchema, 'The thread.'), 404: error('No such lead.') },
  },
  {
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
  },
  {
    method: 'post',
    path: '/api/admin/leads/:id/messages/read',
    tag,
    summary: 'Mark the lead’s replies read for the signed-in person',
    access: session,
    params: idParamsSchema,
    answers: { 204: empty('Read up to the latest reply stored now.'), 404: error('No such lead.') },
  },
  {
    method: 'get',
    path: '/api/admin/inbox',
    tag,
    summary: 'Leads with replies the signed-in person has not read, newest reply first',
    access: session,
    answers: { 200: json(inboxSchema, 'At most 100 leads; `total` counts them all.') },
  },
];
