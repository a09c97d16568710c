import type { LeadMessage, LeadMessageStatus } from '@shine/shared/responses/conversations';

export const CHANNEL_LABELS = { email: 'E-mail', sms: 'Text' } as const;

/** The delivery state as staff read it ('received' needs no word: the message came in). */
export const STATUS_LABELS: Record<LeadMessageStatus, string> = {
  received: 'Received',
  pending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  not_sent: 'Not sent',
  held: 'Held',
};

/** Token colours with AA contrast on white (format/lead-labels.ts uses the same). */
export const STATUS_TONES: Record<LeadMessageStatus, string> = {
  received: '#0b5cad',
  pending: '#b54708',
  sent: '#067647',
  failed: '#b42318',
  not_sent: '#b42318',
  held: '#b54708',
};

/** Who wrote the message, for its heading. */
export function authorOf(message: LeadMessage): string {
  if (message.source === 'customer') return 'Customer';
  if (message.source === 'automation') return 'Automation';
  return message.sentBy ?? 'Staff';
}

/** Where the message went: the customer's address or number for one we sent; "to us" for one that came in. */
export function recipientOf(message: LeadMessage): string {
  if (message.direction === 'in') return message.to ? `to us (${message.to})` : 'to us';
  return message.to ? `to ${message.to}` : 'to the customer';
}
