// What other features use of payments (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export { createVisitInvoice } from './invoicing.service.ts';
export { invoiceEmailOf, receiptEmailOf } from './payment-email.service.ts';
export { measurePaymentMetrics, paymentsVersion } from './payments.service.ts';
export { recordTip } from './tips.service.ts';
export { findInvoice, renderInvoicePage } from './payments.service.ts';
export { listInvoicesOfLeads } from './payments.service.ts';
export { listPaymentsToChase } from './card-charges.service.ts';
export { chargeVisitNow, createStripeClient } from './card-charges.service.ts';
export { findSavedCard, removeSavedCard } from './saved-cards.service.ts';
