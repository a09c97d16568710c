// Answers about invoices and payments. Money is a decimal string with two decimals ("402.15"); a
// discount line's amount is negative ("-40.00"), every other figure is not.
import { z } from 'zod';
import { INVOICE_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../payments.ts';
import { idSchema, instantSchema, pageOf } from './common.ts';
import { moneySchema } from './quotes.ts';

const signedMoneySchema = z.string().regex(/^-?\d+\.\d{2}$/);

export const invoiceLineSchema = z.strictObject({
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: signedMoneySchema,
  amount: signedMoneySchema,
});
export type InvoiceLine = z.output<typeof invoiceLineSchema>;

export const paymentSchema = z.strictObject({
  id: idSchema,
  method: z.enum(PAYMENT_METHODS),
  amount: moneySchema,
  status: z.enum(PAYMENT_STATUSES),
  at: instantSchema,
  /** A check's number, or what staff noted; null when none was given. */
  reference: z.string().nullable(),
});
export type Payment = z.output<typeof paymentSchema>;

export const paymentAnswerSchema = z.strictObject({ payment: paymentSchema });
export type PaymentAnswer = z.output<typeof paymentAnswerSchema>;

export const invoiceSummarySchema = z.strictObject({
  id: idSchema,
  number: z.string().regex(/^INV-\d{6,}$/),
  leadId: idSchema,
  leadName: z.string(),
  visitId: idSchema.nullable(),
  status: z.enum(INVOICE_STATUSES),
  total: moneySchema,
  balance: moneySchema,
  dueAt: instantSchema,
  createdAt: instantSchema,
});
export type InvoiceSummary = z.output<typeof invoiceSummarySchema>;

export const invoiceListSchema = pageOf(invoiceSummarySchema);
export type InvoiceList = z.output<typeof invoiceListSchema>;

export const invoiceSchema = z.strictObject({
  id: idSchema,
  number: z.string().regex(/^INV-\d{6,}$/),
  leadId: idSchema,
  leadName: z.string(),
  visitId: idSchema.nullable(),
  status: z.enum(INVOICE_STATUSES),
  lines: z.array(invoiceLineSchema),
  /** The price lines before any discount. */
  subtotal: moneySchema,
  /** The discounts, as a positive sum. */
  discount: moneySchema,
  /** On subtotal − discount, at `taxRate` percent. */
  tax: moneySchema,
  taxRate: z.string(),
  /** subtotal − discount + tax. */
  total: moneySchema,
  /** Untaxed fees added since (a returned check's). */
  fees: moneySchema,
  amountPaid: moneySchema,
  /** total + fees − amountPaid. */
  balance: moneySchema,
  dueAt: instantSchema,
  createdAt: instantSchema,
  payments: z.array(paymentSchema),
});
export type Invoice = z.output<typeof invoiceSchema>;

export const invoiceAnswerSchema = z.strictObject({ invoice: invoiceSchema });
export type InvoiceAnswer = z.output<typeof invoiceAnswerSchema>;

/** POST /api/payments/stripe/webhook: the event was taken; `duplicate` when it had been before. */
export const stripeEventReceiptSchema = z.strictObject({ received: z.literal(true), duplicate: z.boolean() });
export type StripeEventReceipt = z.output<typeof stripeEventReceiptSchema>;

/** A card on file, as Stripe describes it (brand, last four digits, expiry): never its number. */
export const savedCardSchema = z.strictObject({
  id: idSchema,
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
  /** "Visa •••• 4242, expires 04/28". */
  label: z.string(),
  addedAt: instantSchema,
  /** The terms the customer agreed to, word for word, and when. */
  terms: z.string(),
  termsAgreedAt: instantSchema,
});
export type SavedCard = z.output<typeof savedCardSchema>;

/** GET /api/admin/leads/{id}/card: the lead's card in use, or null. */
export const savedCardAnswerSchema = z.strictObject({ card: savedCardSchema.nullable() });
export type SavedCardAnswer = z.output<typeof savedCardAnswerSchema>;
