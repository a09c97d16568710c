// Getting paid: invoices for completed visits, payments recorded against them, and the company's
// payment settings. Money travels as decimal strings with two places ("402.15") and is kept in
// cents (quote-pricing.ts); a percentage as text ("8.25") and basis points (825).
import { z } from 'zod';
import { uuidSchema } from './leads.ts';
import {
  divideRoundingHalfUp,
  formatBasisPoints,
  formatCents,
  parseMoneyToCents,
  parsePercentToBasisPoints,
} from './quote-pricing.ts';

export const INVOICE_STATUSES = ['open', 'past_due', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const PAYMENT_METHODS = ['card', 'cash', 'check'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What staff record by hand: card payments come from the card processor only. */
export const MANUAL_PAYMENT_METHODS = ['cash', 'check'] as const;

export const PAYMENT_STATUSES = ['succeeded', 'failed', 'refunded', 'partially_refunded', 'returned'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** An unpaid invoice is open this many days after its visit, then past due. */
export const INVOICE_DUE_DAYS = 7;
/** The fee for a check the bank returned (docs/requirements.md, "Business constants"), untaxed. */
export const RETURNED_CHECK_FEE_CENTS = 3500;

export const PAYMENT_MESSAGES = {
  amount: 'Use an amount in dollars like 25 or 25.50, more than zero',
  method: 'Method must be cash or check',
  reference: 'The reference (a check number) is at most 60 characters',
  overBalance: (balance: string) => `The amount is more than the balance of $${balance}`,
  invoiceNotFound: 'No such invoice',
  invoiceClosed: 'This invoice is void: nothing can be paid on it',
  paymentNotFound: 'No such payment',
  notReturnable: 'Only a check that was recorded as received can be returned',
  taxRate: 'Use a tax rate from 0 to 100 with at most 2 decimals, like 8.25',
  cancellationFee: 'Use a fee in dollars like 50 or 50.00, or leave it empty for none',
  retryDays: 'Retry days are 1 to 3 whole numbers of days from 1 to 30, in increasing order',
  stripeSignature: 'The Stripe-Signature header is missing, wrong or more than 5 minutes old',
  stripeEvent: 'The body is not a Stripe event (an object with an id and a type)',
  stripeOff: 'Card payments are not set up',
  cardNotFound: 'No card is on file',
  cardTermsRequired: 'Please tick the box to agree to the terms first',
  cardNotAccepted: 'A card can be saved once the quote is accepted',
  refundReason: 'Give the reason for the refund (at most 500 characters)',
  notRefundable: 'Only a card payment that went through can be refunded',
  overRefund: (left: string) => `The amount is more than the $${left} left to refund on this payment`,
} as const;

/** The version of the card-on-file terms' wording, stored with each card saved under them. */
export const CARD_TERMS_VERSION = 'card-on-file-1';

const BRAND_WORDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** "Visa •••• 4242, expires 04/28": a saved card as staff and the customer see it (never the number). */
export function cardLabelOf(card: { brand: string; last4: string; expMonth: number; expYear: number }): string {
  const brand = BRAND_WORDS[card.brand] ?? card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} •••• ${card.last4}, expires ${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}

/**
 * The terms a customer agrees to when saving a card: the per-visit price, how often, payment after
 * each completed visit, the 24-hour cancellation fee. Stored word for word with the card.
 */
export function cardTermsOf(args: {
  company: string;
  perVisit: string;
  frequency: string;
  cancellationFee: string | null;
}): string {
  const often =
    args.frequency === 'One Time' ? 'for your one-time cleaning' : `per visit, ${args.frequency.toLowerCase()}`;
  const fee = args.cancellationFee
    ? `A cleaning cancelled or missed with less than 24 hours' notice is charged a cancellation fee of ${args.cancellationFee}.`
    : "A cleaning cancelled with less than 24 hours' notice may be charged the cancellation fee then in effect, after we tell you its amount.";
  return [
    `I authorize ${args.company} to charge this card ${args.perVisit} ${often} (tax included), plus any extras I ask for,`,
    'after each cleaning is completed, and to e-mail me a receipt each time.',
    fee,
    'I can remove the card at any time from my quote page or by calling; other ways to pay stay open.',
  ].join(' ');
}

/** An amount of money to pay: a string of dollars, more than zero, at most two decimals → cents. */
export const paymentAmountSchema = z
  .string({ error: PAYMENT_MESSAGES.amount })
  .trim()
  .transform((text, ctx) => {
    const cents = parseMoneyToCents(text);
    if (cents === undefined || cents <= 0) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.amount });
      return z.NEVER;
    }
    return cents;
  });

/** POST /api/admin/invoices/{id}/payments: cash or a check staff received. */
export const manualPaymentSchema = z.strictObject({
  method: z.enum(MANUAL_PAYMENT_METHODS, { error: PAYMENT_MESSAGES.method }),
  amount: paymentAmountSchema,
  reference: z
    .string({ error: PAYMENT_MESSAGES.reference })
    .trim()
    .max(60, PAYMENT_MESSAGES.reference)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type ManualPaymentInput = z.input<typeof manualPaymentSchema>;

/** POST /api/admin/payments/{id}/refund: all that is left of a card payment, or `amount` of it. */
export const refundSchema = z.strictObject({
  amount: paymentAmountSchema.optional(),
  reason: z
    .string({ error: PAYMENT_MESSAGES.refundReason })
    .trim()
    .min(1, PAYMENT_MESSAGES.refundReason)
    .max(500, PAYMENT_MESSAGES.refundReason),
});
export type RefundInput = z.input<typeof refundSchema>;
export type Refund = z.output<typeof refundSchema>;
export type ManualPayment = z.output<typeof manualPaymentSchema>;

/** GET /api/admin/invoices: newest first, paged, by status and lead. */
export const invoiceListQuerySchema = z.object({
  status: z.enum(INVOICE_STATUSES, { error: `Status must be one of: ${INVOICE_STATUSES.join(', ')}` }).optional(),
  leadId: uuidSchema.optional(),
  page: z.coerce
    .number()
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(1_000_000)
    .default(1),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

/** The company's payment settings, as stored (basis points and cents). */
export interface PaymentSettingsValue {
  taxRateBasisPoints: number;
  /** The late-cancellation fee; null: none is charged. */
  cancellationFeeCents: number | null;
  /** Days after a soft decline when a card is tried again. */
  retryDays: number[];
  tipsEnabled: boolean;
}

/** Texas taxes maid and janitorial services (34 TAC §3.356): 6.25 % state plus up to 2 % local. */
export const DEFAULT_PAYMENT_SETTINGS: PaymentSettingsValue = {
  taxRateBasisPoints: 825,
  cancellationFeeCents: null,
  retryDays: [1, 3, 5],
  tipsEnabled: false,
};

/** The settings as the API answers them and the CRM's form holds them. */
export const paymentSettingsViewSchema = z.strictObject({
  taxRatePercent: z.string().regex(/^\d{1,3}(\.\d{1,2})?$/),
  cancellationFee: z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .nullable(),
  retryDays: z.array(z.number().int().min(1).max(30)).min(1).max(3),
  tipsEnabled: z.boolean(),
});
export type PaymentSettings = z.output<typeof paymentSettingsViewSchema>;

/** PUT /api/admin/settings/payments. */
export const paymentSettingsSchema = z.strictObject({
  taxRatePercent: z
    .string({ error: PAYMENT_MESSAGES.taxRate })
    .trim()
    .refine((text) => parsePercentToBasisPoints(text) !== undefined, PAYMENT_MESSAGES.taxRate),
  cancellationFee: z
    .string({ error: PAYMENT_MESSAGES.cancellationFee })
    .trim()
    .refine((text) => text === '' || parseMoneyToCents(text) !== undefined, PAYMENT_MESSAGES.cancellationFee)
    .nullable(),
  retryDays: z
    .array(z.number({ error: PAYMENT_MESSAGES.retryDays }).int(PAYMENT_MESSAGES.retryDays).min(1).max(30), {
      error: PAYMENT_MESSAGES.retryDays,
    })
    .min(1, PAYMENT_MESSAGES.retryDays)
    .max(3, PAYMENT_MESSAGES.retryDays)
    .refine((days) => days.every((day, i) => i === 0 || day > (days[i - 1] ?? 0)), PAYMENT_MESSAGES.retryDays),
  tipsEnabled: z.boolean({ error: 'Tips enabled must be true or false' }),
});
export type PaymentSettingsInput = z.input<typeof paymentSettingsSchema>;

/** The stored value of a valid request. */
export function paymentSettingsValueOf(input: z.output<typeof paymentSettingsSchema>): PaymentSettingsValue {
  const fee = input.cancellationFee ? parseMoneyToCents(input.cancellationFee) : undefined;
  return {
    taxRateBasisPoints: parsePercentToBasisPoints(input.taxRatePercent) ?? 0,
    cancellationFeeCents: fee === undefined || fee === 0 ? null : fee,
    retryDays: input.retryDays,
    tipsEnabled: input.tipsEnabled,
  };
}

export function paymentSettingsViewOf(value: PaymentSettingsValue): PaymentSettings {
  return {
    taxRatePercent: formatBasisPoints(value.taxRateBasisPoints),
    cancellationFee: value.cancellationFeeCents === null ? null : formatCents(value.cancellationFeeCents),
    retryDays: value.retryDays,
    tipsEnabled: value.tipsEnabled,
  };
}

/** Tax on an amount at a rate in basis points, rounded half up to the cent (the one rounding rule). */
export function taxCentsOf(taxableCents: number, rateBasisPoints: number): number {
  return divideRoundingHalfUp(taxableCents * rateBasisPoints, 10_000);
}

/** Declines that retrying cannot cure (Stripe's codes): the card is lost, stolen, closed or wrong. */
export const HARD_DECLINE_CODES: ReadonlySet<string> = new Set([
  'expired_card',
  'incorrect_number',
  'invalid_account',
  'lost_card',
  'stolen_card',
  'pickup_card',
  'fraudulent',
  'restricted_card',
  'revocation_of_authorization',
  'security_violation',
]);

/** The hour of the business day when a declined card is tried again. */
export const CARD_RETRY_HOUR = 10;
