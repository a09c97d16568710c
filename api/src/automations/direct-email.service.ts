// The automations' e-mail transport (SMTP, delivery/transports.ts) lent to the rest of the API for
// direct e-mail, one message to one person that is no automated message: a team member's set-up link,
// a staff member's e-mail from a lead's thread, and the customers' own e-mails the reactions send
// (quote, booking, invoice, receipt). Same server, same sender; not in the automations' send budget.
import type { AutomationsConfig } from '../config.ts';
import { createTransports, type EmailAttachment } from './delivery/transports.ts';

export type { EmailAttachment } from './delivery/transports.ts';

export interface DirectEmailSender {
  /** Resolves when the mail server accepted the message; rejects otherwise. */
  send: (message: {
    to: string;
    subject: string;
    /** The plain-text part. */
    body: string;
    /** The HTML part (email.service.ts renders both). */
    html: string;
    replyTo?: string;
    /** More header fields (List-Unsubscribe, List-Unsubscribe-Post). */
    headers?: Record<string, string>;
    attachments?: readonly EmailAttachment[];
    /** Its Message-ID is made of it (a reply answering it names it); absent: the mail library's own. */
    id?: string;
  }) => Promise<void>;
  close: () => void;
}

/** undefined when no SMTP server is configured (SMTP_URL). */
export function createDirectEmailSender(config: AutomationsConfig): DirectEmailSender | undefined {
  const { email } = createTransports({ ...config, sms: undefined });
  if (!email) return undefined;
  return {
    send: async (message) => {
      await email.send(message);
    },
    close: () => email.close?.(),
  };
}
