// What other features use of payments (docs/architecture.md#crm-features); the section itself is a
// lazy chunk (crm/section-chunks.ts).
export { LeadCard } from './LeadCard.tsx';
export { LeadInvoices } from './LeadInvoices.tsx';
export { PaymentSettingsForm } from './PaymentSettingsForm.tsx';
