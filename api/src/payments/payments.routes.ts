// Payments for staff: invoices (/api/admin/invoices), a check's return and a card's refund
// (/api/admin/payments; the refund is the admins', by its operation's role), and
// the payment settings (/api/admin/settings/payments, admins only: app.ts mounts it so).
import { paymentOperations } from '@shine/shared/operations/payments';
import type { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { sessionUser } from '../http/auth-guard.ts';
import { operationRouter } from '../http/route.ts';
import { getPaymentSettings, savePaymentSettings } from './payment-settings.service.ts';
import { findSavedCard, removeSavedCard } from './saved-cards.service.ts';
import { createStripeClient } from './stripe-client.ts';
import {
  findInvoice,
  listInvoices,
  recordManualPayment,
  refundCardPayment,
  returnCheckPayment,
} from './payments.service.ts';

type PaymentsDeps = Pick<AppDeps, 'db' | 'now'>;

/** /api/admin/leads/{id}/card: the lead's card on file, and its removal by staff. */
export function leadCardRouter({ db, now, config }: Pick<AppDeps, 'db' | 'now' | 'config'>): Router {
  const { router, route } = operationRouter('/api/admin/leads');
  const stripe = createStripeClient(config);

  route(paymentOperations.getLeadCard, async (req, res) => {
    res.json({ card: await findSavedCard(db, req.params.id) });
  });

  route(paymentOperations.removeLeadCard, async (req, res) => {
    await removeSavedCard(db, stripe, req.params.id, sessionUser(req).id, now());
    res.status(204).end();
  });

  return router;
}

export function invoicesRouter({ db, now }: PaymentsDeps): Router {
  const { router, route } = operationRouter('/api/admin/invoices');

  route(paymentOperations.listInvoices, async (req, res) => {
    res.json(await listInvoices(db, req.query, now()));
  });

  route(paymentOperations.getInvoice, async (req, res) => {
    res.json({ invoice: await findInvoice(db, req.params.id, now()) });
  });

  route(paymentOperations.recordInvoicePayment, async (req, res) => {
    const payment = await recordManualPayment(db, sessionUser(req).id, req.params.id, req.body, now());
    res.status(201).json({ payment });
  });

  return router;
}

export function paymentsRouter({ db, now, config }: PaymentsDeps & Pick<AppDeps, 'config'>): Router {
  const { router, route } = operationRouter('/api/admin/payments');
  const stripe = createStripeClient(config);

  route(paymentOperations.refundPayment, async (req, res) => {
    res.json({ payment: await refundCardPayment(db, stripe, sessionUser(req).id, req.params.id, req.body) });
  });

  route(paymentOperations.returnPayment, async (req, res) => {
    res.json({ payment: await returnCheckPayment(db, sessionUser(req).id, req.params.id, now()) });
  });

  return router;
}

export function paymentSettingsRouter({ db, now }: PaymentsDeps): Router {
  const { router, route } = operationRouter('/api/admin/settings/payments');

  route(paymentOperations.getPaymentSettings, async (_req, res) => {
    res.json(await getPaymentSettings(db));
  });

  route(paymentOperations.savePaymentSettings, async (req, res) => {
    res.json(await savePaymentSettings(db, sessionUser(req).id, req.body, now()));
  });

  return router;
}
