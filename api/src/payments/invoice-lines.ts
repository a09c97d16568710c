// A completed visit's invoice lines, from its booking: the accepted quote's per-visit price, add-ons
// and discounts (WELCOME40 on the booking's first visit only, when the booking was priced with it),
// taxed at the quote's own rate; a booking without a quote is one cleaning line at its price, taxed
// at the payments setting's rate. All in integer cents, tax rounded half up once on the total.
import { priceQuote, type QuoteContent } from '@shine/shared/quote-pricing';
import { taxCentsOf } from '@shine/shared/payments';
import type { NewInvoiceLine } from './payments.queries.ts';

export interface InvoiceDraft {
  lines: NewInvoiceLine[];
  subtotalCents: number;
  discountCents: number;
  taxRateBasisPoints: number;
  taxCents: number;
  totalCents: number;
}

export interface BilledVisit {
  /** 1 for the booking's first visit. */
  sequence: number;
  /** The booking's prices as frozen when booked (cents; null: none was set). */
  firstVisitCents: number | null;
  perVisitCents: number | null;
  /** The accepted quote's content, when the booking came from one. */
  quote: QuoteContent | undefined;
}

const line = (kind: NewInvoiceLine['kind'], description: string, quantity: number, unit: number): NewInvoiceLine => ({
  kind,
  description,
  quantity,
  unit_price_cents: unit,
  amount_cents: quantity * unit,
});

/** The invoice of the visit, or undefined when the booking has no price to bill. */
export function invoiceDraftOf(visit: BilledVisit, settingsRateBasisPoints: number): InvoiceDraft | undefined {
  if (visit.quote) {
    const withWelcome = priceQuote(visit.quote);
    // The booking froze whether WELCOME40 applied to its first visit (not when the customer had spent it).
    const welcome =
      visit.quote.welcomeDiscount && visit.sequence === 1 && visit.firstVisitCents === withWelcome.totalCents;
    const pricing = priceQuote({ ...visit.quote, welcomeDiscount: welcome });
    const lines = [
      ...pricing.lineItems.map((item) => line(item.kind, item.description, item.quantity, item.unitPriceCents)),
      ...pricing.discounts
        .filter((discount) => discount.amountCents > 0)
        .map((discount) => line('discount', discount.description, 1, -discount.amountCents)),
    ];
    return {
      lines,
      subtotalCents: pricing.subtotalCents,
      discountCents: pricing.discountCents,
      taxRateBasisPoints: visit.quote.taxRateBasisPoints,
      taxCents: pricing.taxCents,
      totalCents: pricing.totalCents,
    };
  }
  const price = visit.sequence === 1 ? (visit.firstVisitCents ?? visit.perVisitCents) : visit.perVisitCents;
  if (price === null || price <= 0) return undefined;
  const taxCents = taxCentsOf(price, settingsRateBasisPoints);
  return {
    lines: [line('cleaning', 'Cleaning', 1, price)],
    subtotalCents: price,
    discountCents: 0,
    taxRateBasisPoints: settingsRateBasisPoints,
    taxCents,
    totalCents: price + taxCents,
  };
}
