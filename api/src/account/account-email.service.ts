// The e-mail with a customer's sign-in link: the company's own look (HTML and its plain-text twin),
// transactional, sent by the reactions (api/src/reactions/account-link-email.reaction.ts).
import { ACCOUNT_LINK_MINUTES } from '@shine/shared/account';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import type { Knex } from 'knex';
import { renderEmail } from '../email/index.ts';
import type { AccountLinkRequestedPayload } from '../lead-events/index.ts';
import { findLead } from '../leads/index.ts';
import { getCompanyDetails } from '../settings/index.ts';

/** What the lead's conversation shows of the e-mail: that it went, not the link (it signs in). */
export const ACCOUNT_LINK_RECORDED_BODY =
  'A sign-in link to the customer’s account, as they asked on /account (the link is not kept here).';

export interface AccountLinkEmail {
  to: string;
  subject: string;
  body: string;
  html: string;
  headers: Record<string, string>;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** The sign-in e-mail to the address asked for; undefined when the lead is gone. */
export async function accountLinkEmailOf(
  db: Knex,
  leadId: string,
  payload: AccountLinkRequestedPayload,
): Promise<AccountLinkEmail | undefined> {
  const lead = await findLead(db, leadId);
  if (!lead?.email || lead.email.toLowerCase() !== payload.email) return undefined;
  const company = await getCompanyDetails(db);
  const rendered = await renderEmail({
    variant: 'customer',
    subject: `Your sign-in link to your ${company.name} account`,
    heading: 'Sign in to your account',
    preview: `See your cleanings, skip or move a visit, read your invoices. The link works once, for ${ACCOUNT_LINK_MINUTES} minutes.`,
    blocks: [
      { kind: 'paragraph', runs: [`Hello ${lead.firstName},`] },
      {
        kind: 'paragraph',
        runs: [
          'Here is your link to your account: your upcoming cleanings (skip, move or cancel them), your invoices, your preferences and your messages with us.',
        ],
      },
      { kind: 'button', label: 'Sign in to your account', href: payload.url },
      {
        kind: 'note',
        runs: [
          `The link works once, for ${ACCOUNT_LINK_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail: nobody can sign in without it.`,
        ],
      },
    ],
    footer: { company, phone: DEFAULT_COMPANY.phone },
  });
  return {
    to: lead.email,
    subject: rendered.subject,
    body: rendered.text,
    html: rendered.html,
    headers: {},
    attachments: [],
  };
}
