// Quotes customers accept online: what staff send to edit a draft, and what a customer
// sends to accept or decline. Money travels as decimal strings ("279.50") and is kept in cents
// (quote-pricing.ts), so no amount ever passes through floating point.
import { z } from 'zod';
import { BATHROOM_CHOICES, BEDROOM_CHOICES, CLEANING_TYPES, FREQUENCIES } from './enums.ts';
import { parseMoneyToCents, parsePercentToBasisPoints, QUOTE_ADD_ON_KEYS } from './quote-pricing.ts';

/** How long a sent quote can be accepted, unless staff choose otherwise. */
export const DEFAULT_QUOTE_VALID_DAYS = 14;
export const MAX_QUOTE_VALID_DAYS = 90;
export const MAX_ADD_ON_QUANTITY = 99;
export const QUOTE_MESSAGE_MAX = 2000;
export const QUOTE_REASON_MAX = 200;
export const QUOTE_NOTE_MAX = 1000;

/** Stored statuses; `expired` is a sent quote past its validity (answered by the API, never stored). */
export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'superseded', 'withdrawn', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** What a quote row stores: every status but `expired`. */
export type StoredQuoteStatus = Exclude<QuoteStatus, 'expired'>;

/** A quote's status at `now`: a sent quote past its validity is expired (nothing stored changes with time). */
export function quoteStatusAt(stored: StoredQuoteStatus, validUntil: Date | null, now: Date): QuoteStatus {
  if (stored === 'sent' && validUntil && now.getTime() > validUntil.getTime()) return 'expired';
  return stored;
}

/** A quote status as staff read it (the CRM's versions list, the export). */
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  superseded: 'Replaced',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/** The time windows of the preferred dates quotes accepted before the booking step stored (read only). */
export const PREFERRED_TIME_WINDOWS = ['any', 'morning', 'midday', 'afternoon'] as const;
export type PreferredTimeWindow = (typeof PREFERRED_TIME_WINDOWS)[number];

const moneyMessage = 'Use an amount in dollars like 25 or 25.50';
/** A non-negative amount in dollars with at most two decimals ("25", "25.5", "25.50") → cents. */
export const moneyInputSchema = z
  .string({ error: moneyMessage })
  .trim()
  .transform((text, ctx) => {
    const cents = parseMoneyToCents(text);
    if (cents === undefined) {
      ctx.addIssue({ code: 'custom', message: moneyMessage });
      return z.NEVER;
    }
    return cents;
  });

const percentMessage = 'Use a percentage from 0 to 100 with at most 2 decimals, like 8.25';
/** A percentage as text ("8.25") → basis points (825). */
export const percentInputSchema = z
  .string({ error: percentMessage })
  .trim()
  .transform((text, ctx) => {
    const points = parsePercentToBasisPoints(text);
    if (points === undefined) {
      ctx.addIssue({ code: 'custom', message: percentMessage });
      return z.NEVER;
    }
    return points;
  });

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

export const quoteCleaningInputSchema = z.strictObject({
  cleaningType: z.enum(CLEANING_TYPES, { error: 'Choose a cleaning type' }),
  bedrooms: z.enum(BEDROOM_CHOICES, { error: 'Choose the bedrooms' }),
  bathrooms: z.enum(BATHROOM_CHOICES, { error: 'Choose the bathrooms' }),
  frequency: z.enum(FREQUENCIES, { error: 'Choose a frequency' }),
  price: moneyInputSchema,
});

export const quoteAddOnInputSchema = z.strictObject({
  key: z.enum(QUOTE_ADD_ON_KEYS, { error: 'Choose an add-on from the price table' }),
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_ADD_ON_QUANTITY, `Quantity must be at most ${MAX_ADD_ON_QUANTITY}`),
  /** Omitted: the price table's price. */
  unitPrice: moneyInputSchema.optional(),
});

/**
 * POST /api/admin/leads/{id}/quotes: an empty body, or draft fields to start from (as PATCH). Each key
 * replaces that part of the draft: `addOns` is the whole list.
 */
export const quoteCreateSchema = z.strictObject({
  cleaning: quoteCleaningInputSchema.optional(),
  addOns: z
    .array(quoteAddOnInputSchema, { error: 'addOns must be a list' })
    .max(QUOTE_ADD_ON_KEYS.length, 'Each add-on at most once')
    .refine((items) => new Set(items.map((item) => item.key)).size === items.length, 'Each add-on at most once')
    .optional(),
  welcomeDiscount: z.boolean({ error: 'welcomeDiscount must be true or false' }).optional(),
  recurringDiscountPercent: z
    .number({ error: 'recurringDiscountPercent must be a whole number' })
    .int('recurringDiscountPercent must be a whole number')
    .min(0, 'recurringDiscountPercent must be 0 to 100')
    .max(100, 'recurringDiscountPercent must be 0 to 100')
    .optional(),
  customDiscount: z
    .strictObject({
      amount: moneyInputSchema,
      reason: text(QUOTE_REASON_MAX, 'The reason').min(1, 'Say why this discount is given'),
    })
    .nullable()
    .optional(),
  taxRate: percentInputSchema.optional(),
  validDays: z
    .number({ error: 'validDays must be a whole number of days' })
    .int('validDays must be a whole number of days')
    .min(1, 'A quote is valid for at least 1 day')
    .max(MAX_QUOTE_VALID_DAYS, `A quote is valid for at most ${MAX_QUOTE_VALID_DAYS} days`)
    .optional(),
  message: text(QUOTE_MESSAGE_MAX, 'The message').nullable().optional(),
});
export type QuoteCreate = z.output<typeof quoteCreateSchema>;

/** PATCH /api/admin/quotes/{id} (drafts only): at least one of the draft's fields. */
export const quoteUpdateSchema = quoteCreateSchema.refine((value) => Object.keys(value).length > 0, {
  message: 'Nothing to update',
});
export type QuoteUpdate = z.output<typeof quoteUpdateSchema>;

/** POST /api/admin/quotes/{id}/send: e-mail the link to the lead (default), or only answer it to copy. */
export const quoteSendSchema = z.strictObject({
  email: z.boolean({ error: 'email must be true or false' }).default(true),
});
export type QuoteSend = z.output<typeof quoteSendSchema>;

/**
 * A preferred date the acceptance form asked for until the booking step offered real arrival windows;
 * quotes accepted then still carry them (`acceptance.preferredDates`), new ones never do.
 */
export interface PreferredDate {
  date: string;
  window: PreferredTimeWindow;
}

/**
 * POST /api/quotes/{token}/accept: the typed full name is the signature. No preferred dates: the
 * customer picks a real arrival window in the booking step that follows.
 */
export const quoteAcceptSchema = z.strictObject({
  name: text(120, 'Your name').min(2, 'Type your full name to accept'),
  note: text(QUOTE_NOTE_MAX, 'The note').optional(),
});
export type QuoteAccept = z.output<typeof quoteAcceptSchema>;

/** POST /api/quotes/{token}/decline */
export const quoteDeclineSchema = z.strictObject({
  reason: text(QUOTE_NOTE_MAX, 'The reason').optional(),
});
export type QuoteDecline = z.output<typeof quoteDeclineSchema>;

/** A customer's link (32 random bytes, base64url): any other text is simply a link that does not exist (404). */
export const quoteTokenParamsSchema = z.strictObject({ token: z.string() });
