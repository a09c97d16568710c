// Answers about quotes. Money is a decimal string with two decimals ("279.00"), exact.
import { z } from 'zod';
import { BATHROOM_CHOICES, BEDROOM_CHOICES, CLEANING_TYPES, FREQUENCIES } from '../enums.ts';
import { QUOTE_ADD_ON_KEYS } from '../quote-pricing.ts';
import { PREFERRED_TIME_WINDOWS, QUOTE_STATUSES } from '../quotes.ts';
import { idSchema, instantSchema } from './common.ts';

/** An exact amount of dollars: "279.00". */
export const moneySchema = z.string().regex(/^\d+\.\d{2}$/);

export const quoteLineItemSchema = z.strictObject({
  kind: z.enum(['cleaning', 'add_on']),
  /** The add-on's key in the price table; null for the cleaning. */
  key: z.enum(QUOTE_ADD_ON_KEYS).nullable(),
  description: z.string(),
  quantity: z.number().int().min(1),
  unitPrice: moneySchema,
  amount: moneySchema,
});

export const quoteDiscountSchema = z.strictObject({
  kind: z.enum(['recurring', 'welcome', 'custom']),
  description: z.string(),
  amount: moneySchema,
});

export const quoteAcceptanceSchema = z.strictObject({
  /** The typed full name: the customer's signature. */
  name: z.string(),
  preferredDates: z.array(z.strictObject({ date: z.string(), window: z.enum(PREFERRED_TIME_WINDOWS) })),
  note: z.string().nullable(),
});

export const quoteSchema = z.strictObject({
  id: idSchema,
  leadId: idSchema,
  version: z.number().int().min(1),
  status: z.enum(QUOTE_STATUSES),
  // What staff edit (PATCH takes the same names).
  cleaning: z.strictObject({
    cleaningType: z.enum(CLEANING_TYPES),
    bedrooms: z.enum(BEDROOM_CHOICES),
    bathrooms: z.enum(BATHROOM_CHOICES),
    frequency: z.enum(FREQUENCIES),
    price: moneySchema,
  }),
  addOns: z.array(
    z.strictObject({ key: z.enum(QUOTE_ADD_ON_KEYS), quantity: z.number().int(), unitPrice: moneySchema }),
  ),
  welcomeDiscount: z.boolean(),
  recurringDiscountPercent: z.number().int(),
  customDiscount: z.strictObject({ amount: moneySchema, reason: z.string() }).nullable(),
  /** Percent, e.g. "8.25"; "0" when no tax applies. */
  taxRate: z.string(),
  validDays: z.number().int(),
  message: z.string().nullable(),
  // What it comes to.
  lineItems: z.array(quoteLineItemSchema),
  subtotal: moneySchema,
  discounts: z.array(quoteDiscountSchema),
  discountTotal: moneySchema,
  tax: moneySchema,
  total: moneySchema,
  // Its life.
  createdAt: instantSchema,
  updatedAt: instantSchema,
  sentAt: instantSchema.nullable(),
  /** Set when sent: sentAt + validDays. */
  validUntil: instantSchema.nullable(),
  /** The customer's first opening of the page. */
  viewedAt: instantSchema.nullable(),
  answeredAt: instantSchema.nullable(),
  acceptance: quoteAcceptanceSchema.nullable(),
  declineReason: z.string().nullable(),
  /** Recurring service: each visit after the first (no promotion), and how often; null for one-time. */
  recurring: z.strictObject({ frequency: z.enum(FREQUENCIES), perVisitTotal: moneySchema }).nullable(),
});
export type Quote = z.output<typeof quoteSchema>;

export const quoteListSchema = z.strictObject({ items: z.array(quoteSchema) });
export type QuoteList = z.output<typeof quoteListSchema>;

/** POST /api/admin/quotes/{id}/send: the customer's link (to copy into an SMS) and whether it was e-mailed. */
export const quoteSentSchema = z.strictObject({
  quote: quoteSchema,
  url: z.url(),
  emailed: z.boolean(),
});
export type QuoteSent = z.output<typeof quoteSentSchema>;

/** The customer's answer, as the public calls confirm it (no staff data). */
export const quoteAnswerSchema = z.strictObject({
  status: z.enum(['accepted', 'declined']),
  version: z.number().int().min(1),
  total: moneySchema,
  answeredAt: instantSchema,
  /** The booking page with the promotion applied (accepted quotes). */
  bookingUrl: z.url().nullable(),
});
export type QuoteAnswer = z.output<typeof quoteAnswerSchema>;
