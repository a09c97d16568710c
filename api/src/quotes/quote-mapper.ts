// A quote row as the API answers it (packages/shared/src/responses/quotes.ts), and what a draft's
// content becomes when staff edit it.
import {
  addOnPriceCents,
  formatBasisPoints,
  formatCents,
  type QuoteContent,
  type QuotePricing,
  perVisitPricing,
  priceQuote,
} from '@shine/shared/quote-pricing';
import { type PreferredDate, type QuoteCreate, type QuoteStatus, quoteStatusAt } from '@shine/shared/quotes';
import type { Quote } from '@shine/shared/responses/quotes';
import type { QuoteFigures, QuoteRow } from './quotes.queries.ts';

/** A sent quote past its validity is expired; the row still says sent (nothing stored changes with time). */
export function statusOf(row: Pick<QuoteRow, 'status' | 'valid_until'>, now: Date): QuoteStatus {
  return quoteStatusAt(row.status, row.valid_until, now);
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toQuote(row: QuoteRow, now: Date): Quote {
  const content = row.content as QuoteContent;
  const pricing = row.pricing as QuotePricing;
  return {
    id: row.id,
    leadId: row.lead_id,
    version: row.version,
    status: statusOf(row, now),
    cleaning: {
      cleaningType: content.cleaning.cleaningType,
      bedrooms: content.cleaning.bedrooms,
      bathrooms: content.cleaning.bathrooms,
      frequency: content.cleaning.frequency,
      price: formatCents(content.cleaning.priceCents),
    },
    addOns: content.addOns.map((addOn) => ({
      key: addOn.key,
      quantity: addOn.quantity,
      unitPrice: formatCents(addOn.unitPriceCents),
    })),
    welcomeDiscount: content.welcomeDiscount,
    recurringDiscountPercent: content.recurringDiscountPercent,
    customDiscount: content.customDiscount
      ? { amount: formatCents(content.customDiscount.amountCents), reason: content.customDiscount.reason }
      : null,
    taxRate: formatBasisPoints(content.taxRateBasisPoints),
    validDays: row.valid_days,
    message: row.message,
    lineItems: pricing.lineItems.map((item) => ({
      kind: item.kind,
      key: item.key,
      description: item.description,
      quantity: item.quantity,
      unitPrice: formatCents(item.unitPriceCents),
      amount: formatCents(item.amountCents),
    })),
    subtotal: formatCents(pricing.subtotalCents),
    discounts: pricing.discounts.map((discount) => ({
      kind: discount.kind,
      description: discount.description,
      amount: formatCents(discount.amountCents),
    })),
    discountTotal: formatCents(pricing.discountCents),
    tax: formatCents(pricing.taxCents),
    total: formatCents(pricing.totalCents),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    sentAt: iso(row.sent_at),
    validUntil: iso(row.valid_until),
    viewedAt: iso(row.viewed_at),
    answeredAt: iso(row.answered_at),
    acceptance:
      row.status === 'accepted'
        ? {
            name: row.accepted_name ?? '',
            preferredDates: (row.preferred_dates ?? []) as PreferredDate[],
            note: row.customer_note,
          }
        : null,
    declineReason: row.decline_reason,
    recurring: recurringOf(content),
  };
}

/** A recurring quote's regular price per visit (the first visit is the quote's total). */
export function recurringOf(content: QuoteContent): Quote['recurring'] {
  if (content.cleaning.frequency === 'One Time') return null;
  return { frequency: content.cleaning.frequency, perVisitTotal: formatCents(perVisitPricing(content).totalCents) };
}

/** The content after staff's edit: each key sent replaces its part; add-ons without a price take the table's. */
export function applyQuoteUpdate(content: QuoteContent, update: QuoteCreate): QuoteContent {
  return {
    cleaning: update.cleaning
      ? {
          cleaningType: update.cleaning.cleaningType,
          bedrooms: update.cleaning.bedrooms,
          bathrooms: update.cleaning.bathrooms,
          frequency: update.cleaning.frequency,
          priceCents: update.cleaning.price,
        }
      : content.cleaning,
    addOns: update.addOns
      ? update.addOns.map((addOn) => ({
          key: addOn.key,
          quantity: addOn.quantity,
          unitPriceCents: addOn.unitPrice ?? addOnPriceCents(addOn.key),
        }))
      : content.addOns,
    welcomeDiscount: update.welcomeDiscount ?? content.welcomeDiscount,
    recurringDiscountPercent: update.recurringDiscountPercent ?? content.recurringDiscountPercent,
    customDiscount:
      update.customDiscount === undefined
        ? content.customDiscount
        : update.customDiscount && { amountCents: update.customDiscount.amount, reason: update.customDiscount.reason },
    taxRateBasisPoints: update.taxRate ?? content.taxRateBasisPoints,
  };
}

/** What a save writes for `content`: its pricing and sums. */
export function figuresOf(content: QuoteContent, validDays: number, message: string | null): QuoteFigures {
  const pricing = priceQuote(content);
  return {
    content,
    pricing,
    subtotal_cents: pricing.subtotalCents,
    discount_cents: pricing.discountCents,
    tax_cents: pricing.taxCents,
    total_cents: pricing.totalCents,
    valid_days: validDays,
    message,
  };
}
