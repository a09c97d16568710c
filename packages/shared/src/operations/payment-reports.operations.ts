// Reports on getting paid (docs/decisions.md, "Payment reports"): the invoices as CSV, and the money
// figures of Analytics. Declared apart from payments.operations.ts, which holds the invoices and payments.
import { analyticsRangeSchema } from '../analytics.ts';
import { invoiceExportQuerySchema, paymentReportSchema } from '../payment-reports.ts';
import { error, json, operation, text, type Operation } from './operation.ts';

const session = 'session' as const;

export const paymentReportOperations = {
  exportInvoices: operation({
    method: 'get',
    path: '/api/admin/invoices/export',
    tag: 'Payments',
    summary: 'The invoices the filter matches (every page) as a CSV file',
    description:
      'The same filter as the list (status as of now, lead). UTF-8 with a byte order mark, newest first; dates in the business time zone, money with two decimals; a cell a spreadsheet would run as a formula is quoted. Audited.',
    access: session,
    query: invoiceExportQuerySchema,
    answers: { 200: text('text/csv', 'The file.'), 400: error('A bad status or lead id.') },
  }),
  getPaymentReport: operation({
    method: 'get',
    path: '/api/admin/reports/payments',
    tag: 'Reports',
    summary:
      'Money in a range of business dates: collected per month, receivables by age now, card first-try success and 14-day recovery',
    access: session,
    query: analyticsRangeSchema,
    answers: { 200: json(paymentReportSchema, 'The report.'), 400: error('The range is not valid.') },
  }),
} satisfies Record<string, Operation>;
