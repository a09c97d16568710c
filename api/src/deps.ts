import type { Knex } from 'knex';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';

/** What every router and service may need; built once by server.ts (or a test) and passed down. */
export interface AppDeps {
  config: Config;
  db: Knex;
  logger: Logger;
  /** Secrets signing the session cookie, newest first (see db/app-secrets.ts). */
  sessionSecrets: string[];
  /** The clock; tests pin it to check "today" and "overdue". */
  now: () => Date;
}

/** An e-mail sent to a lead one to one (a quote, a booking), as the lead's conversation keeps it. */
export interface LeadEmailRecord {
  leadId: string;
  to: string;
  subject: string;
  body: string;
  /** File names of the attachments. */
  attachments: readonly string[];
  /** The person who sent it. */
  sentBy: { id: string; username: string };
  at: Date;
}

export type EmailDelivery = { sent: true } | { sent: false; reason: string };

/**
 * Keeps an e-mail in the lead's conversation, pending, and answers how to record its delivery: the
 * conversations feature's, handed by app.ts to the features conversations read (quotes, scheduling).
 */
export type RecordLeadEmail = (email: LeadEmailRecord) => Promise<(outcome: EmailDelivery) => Promise<void>>;

/**
 * What a feature sending a lead one-to-one e-mail needs of the features that read it (wired by app.ts:
 * the mailbox and conversations read the automations, which read quotes and scheduling).
 */
export interface LeadEmailDeps {
  /** The lead's reply address (the mailbox's); undefined without REPLY_MAILBOX. */
  replyAddressOf: (leadId: string) => Promise<string | undefined>;
  recordEmail: RecordLeadEmail;
  /** A new id for an e-mail to the lead, recorded for it (the mailbox's): its Message-ID's. */
  sentEmailIdOf: (leadId: string) => Promise<string>;
}
