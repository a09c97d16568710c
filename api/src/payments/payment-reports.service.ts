// Reports on getting paid (docs/decisions.md, "Payment reports"): the invoices the Payments section's
// filter matches as a CSV file (the project's CSV writer: formula cells quoted), and the money figures
// of Analytics: collected per business month, receivables by age now, and card charges' first-try
// success and 14-day recovery, read from the payments table.
import { type AnalyticsRange, monthsOfRange } from '@shine/shared/analytics';
import { zonedTimeToInstant } from '@shine/shared/business-time';
import { buildCsvRow, CSV_BOM } from '@shine/shared/csv';
import type { InvoiceStatus } from '@shine/shared/payments';
import {
  CARD_RECOVERY_DAYS,
  INVOICE_EXPORT_COLUMNS,
  type InvoiceExportQuery,
  type PaymentReport,
  RECEIVABLE_AGES,
} from '@shine/shared/payment-reports';
import { formatBasisPoints, formatCents } from '@shine/shared/quote-pricing';
import type { Knex } from 'knex';
import { recordAudit } from '../audit/index.ts';
import {
  countCardCharges,
  listInvoiceExportRows,
  sumCollectedByMonth,
  sumReceivablesByAge,
} from './payment-reports.queries.ts';
import { invoiceStatusOf } from './payments.service.ts';

const STATUS_WORDS: Record<InvoiceStatus, string> = {
  open: 'Open',
  past_due: 'Past due',
  paid: 'Paid',
  void: 'Void',
};

const money = (cents: string | number) => formatCents(Number(cents));

/** The invoices CSV (byte order mark, CRLF) and how many invoices it holds; audited as an export. */
export async function exportInvoicesCsv(
  db: Knex,
  actorId: string,
  query: InvoiceExportQuery,
  now: Date,
  timeZone: string,
): Promise<{ content: string; count: number }> {
  const filter = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.leadId ? { leadId: query.leadId } : {}),
  };
  const rows = await listInvoiceExportRows(db, filter, now, timeZone);
  const lines = [buildCsvRow(INVOICE_EXPORT_COLUMNS)];
  for (const row of rows) {
    const balance = Number(row.total_cents) + Number(row.fees_cents) - Number(row.paid_cents);
    lines.push(
      buildCsvRow([
        row.number,
        row.lead_name,
        STATUS_WORDS[invoiceStatusOf(row, now)],
        row.created_on,
        row.due_on,
        row.paid_on ?? '',
        money(row.subtotal_cents),
        money(row.discount_cents),
        formatBasisPoints(row.tax_rate_basis_points),
        money(row.tax_cents),
        money(row.total_cents),
        money(row.fees_cents),
        money(row.paid_cents),
        formatCents(balance),
      ]),
    );
  }
  await recordAudit(db, {
    actorId,
    entity: 'export',
    entityId: null,
    action: 'invoices_exported',
    before: null,
    after: { format: 'csv', count: rows.length, filter },
  });
  return { content: `${CSV_BOM}${lines.join('\r\n')}\r\n`, count: rows.length };
}

/** The first instant of a business date (YYYY-MM-DD) in the zone. */
function startOfDate(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(zonedTimeToInstant(timeZone, year ?? 1970, month ?? 1, day ?? 1));
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

/**
 * GET /api/admin/reports/payments: money received on the range's business dates per month (every
 * month of the range, zeros included), what is owed now by age, and the card charges of invoices made
 * on the range's dates.
 */
export async function buildPaymentReport(
  db: Knex,
  range: AnalyticsRange,
  now: Date,
  timeZone: string,
): Promise<PaymentReport> {
  const from = startOfDate(range.from, timeZone);
  const to = startOfDate(nextDate(range.to), timeZone);
  const [collected, receivables, card] = await Promise.all([
    sumCollectedByMonth(db, from, to, timeZone),
    sumReceivablesByAge(db, now),
    countCardCharges(db, from, to, CARD_RECOVERY_DAYS),
  ]);
  const centsOf = (month: string, method: string) =>
    collected
      .filter((row) => row.month === month && row.method === method)
      .reduce((sum, row) => sum + Number(row.cents), 0);
  return {
    from: range.from,
    to: range.to,
    collectedByMonth: monthsOfRange(range).map((month) => {
      const [cash, check, cardCents] = [centsOf(month, 'cash'), centsOf(month, 'check'), centsOf(month, 'card')];
      return {
        month,
        cash: formatCents(cash),
        check: formatCents(check),
        card: formatCents(cardCents),
        total: formatCents(cash + check + cardCents),
      };
    }),
    receivablesByAge: RECEIVABLE_AGES.map((age) => {
      const row = receivables.find((each) => each.age === age);
      return { age, invoices: Number(row?.invoices ?? 0), balance: money(row?.cents ?? 0) };
    }),
    cardCharges: {
      ...card,
      firstTrySuccessRate: rate(card.firstTrySucceeded, card.firstTries),
      recoveryRate: rate(card.recovered, card.failed),
    },
  };
}
