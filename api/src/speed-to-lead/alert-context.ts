// What the speed-to-lead alerts work with. The message outbox (automation_messages) and the transports
// are the automations' own: the engine lends them (automations/engine/engine.ts), so an alert's
// messages are outbox rows like a rule's, sent through the same SMTP server and SMS account.
import type { MessageChannel } from '@shine/shared/automation-rules';
import type { Knex } from 'knex';
import type { AutomationMessageRow } from '../db/automation-tables.ts';

export interface AlertTransport {
  /** Resolves when the provider accepted the message; rejects otherwise. */
  send: (message: {
    to: string;
    subject: string | null;
    body: string;
    html: string | null;
    id: string;
  }) => Promise<unknown>;
}

export type NewAlertMessage = Pick<
  AutomationMessageRow,
  'lead_id' | 'alert_id' | 'channel' | 'recipient' | 'subject' | 'body' | 'html'
>;

export type AlertMessageChanges = Partial<Pick<AutomationMessageRow, 'status' | 'reason' | 'sent_at'>> & {
  countAttempt?: boolean;
};

/** The automations' outbox and transports, lent to the alerts. */
export interface AlertMessages {
  transports: Record<MessageChannel, AlertTransport | undefined>;
  /** The alert's message on this channel, written once: a retry sends the same text again, or nothing once sent. */
  findOrInsert: (db: Knex, message: NewAlertMessage) => Promise<AutomationMessageRow>;
  update: (db: Knex, id: string, changes: AlertMessageChanges) => Promise<void>;
}

export interface AlertContext {
  db: Knex;
  now: () => Date;
  /** The author of what the alerts write on a lead's timeline (see docs/decisions.md). */
  systemUserId: () => Promise<string>;
  /** Where the CRM is, for the link in the alert. */
  publicOrigin: string;
  /** BUSINESS_TIMEZONE: business hours and the weekday whose person is on duty. */
  timeZone: string;
  messages: AlertMessages;
}
