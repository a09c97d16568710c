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
