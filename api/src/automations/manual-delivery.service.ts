// The automations' transports (delivery/transports.ts) lent to the conversations feature for the
// messages staff send by hand from a lead's drawer: the same SMTP server, SMS account and sender as
// the automated messages, outside the outbox and the send budget (a person sends them one at a time).
import type { AutomationsConfig } from '../config.ts';
import { createTransports } from './delivery/transports.ts';

export interface ManualDelivery {
  /** Resolves with the provider's id (Message-ID or SID); rejects when not accepted. undefined: no SMTP. */
  email:
    | ((message: {
        id: string;
        to: string;
        subject: string;
        body: string;
        html: string;
        replyTo?: string;
      }) => Promise<string>)
    | undefined;
  /** Resolves with the provider's SID; rejects when not accepted. undefined: no SMS account. */
  sms: ((message: { to: string; body: string }) => Promise<string>) | undefined;
  close: () => void;
}

export function createManualDelivery(config: AutomationsConfig): ManualDelivery {
  const { email, sms } = createTransports(config);
  return {
    email: email && ((message) => email.send(message)),
    sms: sms && ((message) => sms.send({ ...message, subject: null })),
    close: () => {
      email?.close?.();
      sms?.close?.();
    },
  };
}
