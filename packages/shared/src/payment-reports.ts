// Reports on getting paid: the Payments section's CSV of invoices, and the money figures of Analytics
// (collected by month, receivables by age, card charges that went through the first time or were
// recovered). Money is a decimal string with two places ("402.15"), a rate a fraction from 0 to 1.
import { z } from 'zod';
import { INVOICE_STATUSES } from './payments.ts';
import { uuidSchema } from './leads.ts';
import { moneySchema } from './responses/quotes.ts';

/** GET /api/admin/invoices/export: the invoices the list's filter matches, every page. */
export const invoiceExportQuerySchema = z.object({
  status: z.enum(INVOICE_STATUSES, { error: `Status must be one of: ${INVOICE_STATUSES.join(', ')}` }).optional(),
  leadId: uuidSchema.optional(),
});
export type InvoiceExportQuery = z.output<typeof invoiceExportQuerySchema>;

/** The columns of the invoices CSV, in order. */
export const INVOICE_EXPORT_COLUMNS = [
  'Invoice',
  'Customer',
  'Status',
  'Created',
  'Due',
  'Paid on',
  'Subtotal',
  'Discount',
  'Tax rate (%)',
  'Tax',
  'Total',
  'Fees',
  'Paid',
  'Balance',
] as const;

/** invoices_export_2026-12-03.csv (the business date of the export). */
export function invoiceExportFileName(date: string): string {
  return `invoices_export_${date}.csv`;
}

/** Receivables by how long ago they fell due: the buckets, in order. */
export const RECEIVABLE_AGES = ['0-30', '31-60', '61-90', '90+'] as const;
export type ReceivableAge = (typeof RECEIVABLE_AGES)[number];

/** A card charge that failed counts as recovered when its invoice is paid within this many days. */
export const CARD_RECOVERY_DAYS = 14;

const rateSchema = z.number().min(0).max(1).nullable();

/** GET /api/admin/reports/payments?from=&to=: the money figures of Analytics. */
export const paymentReportSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  /** Every business month that overlaps the range, oldest first: succeeded payments received in it. */
  collectedByMonth: z.array(
    z.strictObject({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      cash: moneySchema,
      check: moneySchema,
      card: moneySchema,
      total: moneySchema,
    }),
  ),
  /** Unpaid invoices now, by days since they fell due (not yet due counts as 0–30). */
  receivablesByAge: z.array(
    z.strictObject({ age: z.enum(RECEIVABLE_AGES), invoices: z.number().int().min(0), balance: moneySchema }),
  ),
  /** Card charges of invoices made in the range: the first try's outcome, and failures paid later. */
  cardCharges: z.strictObject({
    /** Invoices whose first card charge was made. */
    firstTries: z.number().int().min(0),
    firstTrySucceeded: z.number().int().min(0),
    /** firstTrySucceeded / firstTries; null when there was none. */
    firstTrySuccessRate: rateSchema,
    /** Invoices whose first card charge failed. */
    failed: z.number().int().min(0),
    /** Of those, paid in full within CARD_RECOVERY_DAYS of the failure. */
    recovered: z.number().int().min(0),
    recoveryRate: rateSchema,
  }),
});
export type PaymentReport = z.output<typeof paymentReportSchema>;
