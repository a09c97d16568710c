// The payment reports: the invoices CSV (/api/admin/invoices/export, mounted before the invoices'
// /:id routes) and the money figures of Analytics (/api/admin/reports/payments).
import { paymentReportOperations } from '@shine/shared/operations/payment-reports';
import { invoiceExportFileName } from '@shine/shared/payment-reports';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { operationRouter } from '../http/route.ts';
import { buildPaymentReport, exportInvoicesCsv } from './payment-reports.service.ts';

type ReportsDeps = Pick<AppDeps, 'db' | 'config' | 'now'>;

/** The business date of `now`, YYYY-MM-DD. */
function businessDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(now);
}

export function invoiceExportRouter({ db, config, now }: ReportsDeps): Router {
  const { router, route } = operationRouter('/api/admin/invoices');
  const timeZone = config.businessTimeZone;

  route(paymentReportOperations.exportInvoices, async (req, res) => {
    const at = now();
    const { content, count } = await exportInvoicesCsv(db, sessionUser(req).id, req.query, at, timeZone);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${invoiceExportFileName(businessDate(at, timeZone))}"`);
    res.setHeader('X-Export-Count', String(count));
    res.send(content);
  });

  return router;
}

export function paymentReportRouter({ db, config, now }: ReportsDeps): Router {
  const { router, route } = operationRouter('/api/admin/reports');

  route(paymentReportOperations.getPaymentReport, async (req, res) => {
    res.json(await buildPaymentReport(db, req.query, now(), config.businessTimeZone));
  });

  return router;
}
