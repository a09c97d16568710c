// What every automated e-mail to a lead carries besides its template
// (docs/requirements.md#email-compliance and #email-replies): the company's name and postal address
// and a visible unsubscribe link at its foot, RFC 8058's one-click unsubscribe headers, and the
// lead's reply address so the customer's answer comes back to the lead.
import type { Knex } from 'knex';
import type { EmailFooter } from '../../email/index.ts';
import { getCompanyDetails } from '../../settings/index.ts';
import { unsubscribeHeaders, unsubscribeUrlOf } from '../../unsubscribe/index.ts';

export interface AutomatedEmailParts {
  /** The foot of the message, in its HTML and its text (what is sent is what the outbox shows). */
  footer: EmailFooter;
  headers: Record<string, string>;
  replyTo: string | undefined;
}

/** The lead's reply address (mailbox.service.ts, handed in by server.ts; undefined without REPLY_MAILBOX). */
export type ReplyAddressOf = (leadId: string) => Promise<string | undefined>;

export async function automatedEmailParts(
  db: Knex,
  leadId: string,
  links: { publicOrigin: string; replyAddressOf?: ReplyAddressOf },
): Promise<AutomatedEmailParts> {
  const unsubscribeUrl = await unsubscribeUrlOf(db, links.publicOrigin, leadId);
  return {
    footer: { company: await getCompanyDetails(db), unsubscribeUrl },
    headers: unsubscribeHeaders(unsubscribeUrl),
    replyTo: await links.replyAddressOf?.(leadId),
  };
}
