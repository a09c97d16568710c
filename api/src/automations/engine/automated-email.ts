// What every automated e-mail to a lead carries besides its template
// (docs/requirements.md#email-compliance and #email-replies): the company's name and postal address
// and a visible unsubscribe link at its foot, RFC 8058's one-click unsubscribe headers, and the
// lead's reply address so the customer's answer comes back to the lead.
import { automatedEmailFooter } from '@shine/shared/company-settings';
import type { Knex } from 'knex';
import { getCompanyDetails } from '../../settings/company-details.service.ts';
import { unsubscribeUrlOf } from '../../unsubscribe/unsubscribe.service.ts';

export interface AutomatedEmailParts {
  /** Appended to the rendered body before it is stored in the outbox: what is sent is what it shows. */
  footer: string;
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
    footer: automatedEmailFooter(await getCompanyDetails(db), unsubscribeUrl),
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    replyTo: await links.replyAddressOf?.(leadId),
  };
}
