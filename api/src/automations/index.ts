// What other features use of automations (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export type { ManualDelivery } from './manual-delivery.service.ts';
export { listMessagesToLead } from './runs.service.ts';
export { findLeadIdOfSentEmail } from './sent-email.service.ts';
