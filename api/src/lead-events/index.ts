// What other features use of lead-events (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export {
  findLeadEvent,
  isReactionEventTrigger,
  leadEventColumnSql,
  listLeadEventsWithout,
  listUnhandledLeadEvents,
  listUnhandledRepeatRequests,
  markLeadEventHandled,
  markLeadEventsHandledUnless,
  withLeadEventOutbox,
} from './lead-events.service.ts';
export type {
  BookingChangedPayload,
  EventVisit,
  InvoiceCreatedPayload,
  LeadEventCondition,
  LeadEventListener,
  LeadEventOutbox,
  PaymentRecordedPayload,
  QuoteSentPayload,
  VisitBookedPayload,
  VisitsCancelledPayload,
} from './lead-events.service.ts';
export type { AccountLinkRequestedPayload } from './lead-events.service.ts';
