// A completed visit's invoice, made in the completion's own transaction (scheduling calls it), once:
// the unique visit_id makes a second completion, another process's or a retried request's, find it.
// Its e-mail with the pay link goes out after the commit (the invoice-email reaction), unless the
// card on file is to be charged: then its first charge attempt is made in the same transaction.
import { INVOICE_DUE_DAYS } from '@shine/shared/payments';
import type { Knex } from 'knex';
import type { LeadEventOutbox } from '../lead-events/index.ts';
import { findQuoteContent } from '../quotes/index.ts';
import { planFirstCharge } from './card-charges.service.ts';
import { invoiceDraftOf } from './invoice-lines.ts';
import { newInvoiceToken } from './invoice-tokens.ts';
import { getPaymentSettingsValue } from './payment-settings.service.ts';
import { insertInvoiceOnce } from './payments.queries.ts';

const DAY_MS = 86_400_000;

/** The visit and its booking, as scheduling holds them. */
export interface CompletedVisit {
  id: string;
  leadId: string;
  sequence: number;
  endsAt: Date;
  booking: {
    quoteId: string | null;
    firstVisitCents: string | number | null;
    perVisitCents: string | number | null;
  };
}

const centsOrNull = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * Makes the visit's invoice unless it has one; answers its id, or undefined when nothing was made (it
 * had one, or its booking has no price). Due (then past due) 7 days after the visit, or after now when
 * it is completed later than that.
 */
export async function createVisitInvoice(
  trx: Knex.Transaction,
  outbox: LeadEventOutbox,
  visit: CompletedVisit,
  now: Date,
): Promise<string | undefined> {
  const settings = await getPaymentSettingsValue(trx);
  const quote = visit.booking.quoteId ? await findQuoteContent(trx, visit.booking.quoteId) : undefined;
  const draft = invoiceDraftOf(
    {
      sequence: visit.sequence,
      firstVisitCents: centsOrNull(visit.booking.firstVisitCents),
      perVisitCents: centsOrNull(visit.booking.perVisitCents),
      quote,
    },
    settings.taxRateBasisPoints,
  );
  if (!draft) return undefined;
  const { token, tokenHash } = newInvoiceToken();
  const from = Math.max(visit.endsAt.getTime(), now.getTime());
  const invoice = await insertInvoiceOnce(
    trx,
    {
      lead_id: visit.leadId,
      visit_id: visit.id,
      token_hash: tokenHash,
      subtotal_cents: draft.subtotalCents,
      discount_cents: draft.discountCents,
      tax_rate_basis_points: draft.taxRateBasisPoints,
      tax_cents: draft.taxCents,
      total_cents: draft.totalCents,
      due_at: new Date(from + INVOICE_DUE_DAYS * DAY_MS),
      created_at: now,
    },
    draft.lines,
  );
  if (!invoice) return undefined;
  const charging = await planFirstCharge(
    trx,
    { id: invoice.id, leadId: visit.leadId, totalCents: draft.totalCents },
    now,
  );
  // With a card on file the customer hears of the charge's outcome (the receipt), not of the invoice.
  await outbox.invoiceCreated(visit.leadId, {
    invoiceId: invoice.id,
    token,
    ...(charging ? { cardCharge: true } : {}),
  });
  return invoice.id;
}
