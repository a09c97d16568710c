// The words every quote carries, on the customer's page, in its e-mail and in the PDF: its prices, what
// the cleaning includes, the guarantee and the terms (docs/requirements.md#constants). The site's services page says the
// same in its own words (site/src/content/services.ts); the API cannot import the site.
import { PROMO_AMOUNT_DOLLARS, PROMO_CODE } from '@shine/shared/constants';
import type { CleaningType } from '@shine/shared/enums';
import { formatAmount } from '@shine/shared/quote-pricing';
import type { Quote } from '@shine/shared/responses/quotes';
import { EVERY } from '@shine/shared/scheduling';

export const INCLUDED: Record<CleaningType, readonly string[]> = {
  Basic: [
    'Dusting of reachable surfaces, sills and baseboards',
    'Kitchen counters, sink, stovetop and appliance exteriors',
    'Bathrooms scrubbed and sanitized',
    'Floors vacuumed and mopped',
    'Beds made and trash emptied',
  ],
  Deep: [
    'Everything in a regular cleaning',
    'Baseboards, door frames and light switches by hand',
    'Cabinet fronts and appliance exteriors degreased',
    'Shower tile, grout and fixtures descaled',
    'Vents, ceiling fans and light fixtures dusted',
  ],
  'Move In/Out': [
    'Everything in a deep cleaning, in an empty home',
    'Inside cabinets, drawers and closets',
    'Inside the refrigerator, oven and dishwasher',
    'Walls spot-cleaned, switches and outlets wiped',
    'Floors vacuumed and washed, ready for the keys',
  ],
};

export const ALWAYS_INCLUDED = 'Eco-friendly, non-toxic products and our own equipment on every visit.';

export const GUARANTEE_TERMS: readonly string[] = [
  'Satisfaction guaranteed: not happy with an area? Tell us within 24 hours and we come back to re-clean it free.',
  'Damage claims must be reported within 24 hours; most are resolved within 48 hours.',
  'Licensed, bonded and insured up to $2 million.',
];

export const CANCELLATION_TERMS: readonly string[] = [
  'Changes and cancellations need at least 24 hours’ notice to avoid a cancellation fee.',
  'Book 48 hours ahead for regular cleaning and a week ahead for deep cleaning; same-day or next-day visits when our schedule allows.',
  'Payment is due on completion: cash, check, Visa, MasterCard, American Express or Discover; recurring customers can be billed automatically.',
  'A late charge of 1.5% per month applies to unpaid balances; returned checks cost $35; recurring prices change only with 30 days’ written notice.',
];

export const WELCOME_NOTE = `${PROMO_CODE} takes $${PROMO_AMOUNT_DOLLARS} off the first cleaning only.`;

/** One of a recurring quote's two prices: "First cleaning: $367.15" and what qualifies it. */
export interface QuotePriceLine {
  /** The words a page may set in bold: "First cleaning: $367.15". */
  price: string;
  /** What follows them: " (with WELCOME40)", ", every two weeks". */
  detail: string;
}

/**
 * A recurring quote's two prices (docs/decisions.md, "Scheduling: the quote's two prices"): the first
 * cleaning (the quote's total, with the promotion when it takes it) and the regular price of each
 * cleaning after that, and how often. None for a One Time quote, whose total is its only price. The
 * page, the e-mail and the PDF all say them in these words.
 */
export function recurringPriceLines(quote: Quote): [QuotePriceLine, QuotePriceLine] | null {
  if (!quote.recurring) return null;
  return [
    {
      price: `First cleaning: ${formatAmount(quote.total)}`,
      detail: quote.welcomeDiscount ? ` (with ${PROMO_CODE})` : '',
    },
    {
      price: `Each cleaning after that: ${formatAmount(quote.recurring.perVisitTotal)}`,
      detail: `, ${EVERY[quote.recurring.frequency] ?? quote.recurring.frequency}`,
    },
  ];
}

/** A price line as plain text. */
export const priceLineText = (line: QuotePriceLine): string => `${line.price}${line.detail}`;
