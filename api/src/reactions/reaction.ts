// What a reaction is: a message that tells someone of a committed lead event, declared once with the
// events it handles. The dispatcher (reactions/reactions.service.ts) makes one delivery per reaction and event,
// queues it, and sends its message once (reactions/deliver-email.ts).
import type { Knex } from 'knex';
import type { LeadEventRow } from '../db/automation-tables.ts';

/** What every reaction may read when it makes its message. */
export interface ReactionContext {
  db: Knex;
  now: () => Date;
  /** BUSINESS_TIMEZONE: times in messages. */
  timeZone: string;
  /** PUBLIC_ORIGIN or the server's own address: links in messages. */
  publicOrigin: string;
}

/** An e-mail as the mail transport takes it (the engine's SMTP transport is one). */
export interface OutgoingEmail {
  to: string;
  subject: string;
  /** The plain-text part. */
  body: string;
  html: string;
  headers?: Record<string, string>;
  attachments: ReadonlyArray<{ filename: string; content: Buffer; contentType: string }>;
  /** Its Message-ID is made of it: the same delivery, the same message. */
  id?: string;
  replyTo?: string;
}

/** Where e-mail leaves: resolves once the mail server took it, rejects otherwise. */
export interface EmailSender {
  send: (message: OutgoingEmail) => Promise<unknown>;
}

/** An e-mail to the lead, and who it is sent in the name of (the lead's conversation shows it). */
export interface ReactionEmail {
  message: Omit<OutgoingEmail, 'id' | 'replyTo'>;
  /** The staff member whose change it tells of; the system user otherwise (the customer's own change). */
  actorId: string | undefined;
  /** What the lead's conversation keeps in place of the body (a sign-in link is not for staff's eyes). */
  recordedBody?: string;
}

export interface Reaction {
  /** Its name, stored with each delivery (kebab case, as its file). */
  name: string;
  /** The lead events it handles. */
  triggers: readonly LeadEventRow['trigger'][];
  /**
   * Deliveries with the same key fold into the newest while it waits (undefined: none fold), and how
   * long a delivery waits for more changes before it is sent (0: at once).
   */
  fold?: (event: LeadEventRow, quietMs: number) => { key: string; waitMs: number } | undefined;
  /**
   * The e-mail for the event (and for the events folded into it, oldest first), or undefined when there
   * is nothing to send (no address, nothing asked).
   */
  email: (
    context: ReactionContext,
    event: LeadEventRow,
    folded: readonly unknown[],
  ) => Promise<ReactionEmail | undefined>;
}
