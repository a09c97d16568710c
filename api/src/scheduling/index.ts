// What other features use of scheduling (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export { bookingEmailOf, cancellationEmailOf } from './booking-email.service.ts';
export type { CalendarVisit } from './booking-email.service.ts';
export {
  describeVisitForMessage,
  isFirstCompletedVisit,
  measureScheduleMetrics,
  scheduleVersion,
  upcomingVisits,
} from './scheduling-reads.service.ts';
export { listScheduledVisitsOfDay } from './staff-visits.service.ts';
export { describeArrival } from './visit-answers.service.ts';
export { changeVisitOfCustomer, freeWindowsForCustomerVisit, listVisitsOfCustomer } from './account-visits.service.ts';
