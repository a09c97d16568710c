// The quote e-mail for the quote-email reaction (api/src/reactions/): made after staff's send is
// committed, from the quote as stored, with its PDF.
import type { Knex } from 'knex';
import { findLead } from '../leads/index.ts';
import { getCompanyDetails } from '../settings/index.ts';
import { unsubscribeUrlOf } from '../unsubscribe/index.ts';
import { type QuoteEmail, quoteEmail } from './quote-email.ts';
import { renderQuotePdf } from './quote-pdf.ts';
import { findQuote, validUntilText } from './quotes.service.ts';

/**
 * The quote e-mail of version `quoteId`, with its PDF, to the lead's address (undefined without one):
 * what the quote-email reaction sends after staff's send is committed (api/src/reactions/).
 */
export async function quoteEmailOf(
  db: Knex,
  args: { quoteId: string; url: string; origin: string },
  timeZone: string,
  now: Date,
): Promise<QuoteEmail | undefined> {
  const quote = await findQuote(db, args.quoteId, now);
  const lead = await findLead(db, quote.leadId);
  if (!lead?.email) return undefined;
  return quoteEmail({
    to: { email: lead.email, firstName: lead.firstName },
    quote,
    url: args.url,
    validUntil: validUntilText(new Date(quote.validUntil ?? now), timeZone),
    pdf: await renderQuotePdf(quote, `${lead.firstName} ${lead.lastName}`, timeZone),
    company: await getCompanyDetails(db),
    unsubscribeUrl: await unsubscribeUrlOf(db, args.origin, lead.id),
  });
}
