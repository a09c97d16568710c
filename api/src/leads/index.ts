// What other features use of leads (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export { contactedLeadsSince } from './contacted-leads.service.ts';
export { countHeldSubmissions } from './held-submissions.service.ts';
export { INTAKE_REPORT_DAYS, measureIntake } from './intake-measures.service.ts';
export { createStaffActivity, logStaffActivity } from './lead-activities.service.ts';
export { measureClosedLeadsInRange, measureLeadsInRange } from './lead-analytics.service.ts';
export type { ClosedLeadsRow, LeadAnalyticsRow } from './lead-analytics.service.ts';
export {
  countLeadCandidates,
  leadIdsFromSameClientAs,
  listAlertCandidates,
  listLeadCandidates,
} from './lead-candidates.service.ts';
export type { OccurrenceCondition } from './lead-candidates.service.ts';
export type { IntakeClock } from './lead-intake.service.ts';
export { findLeadIdBySenderEmail } from './lead-senders.service.ts';
export { countLeadGroups, measureLeadMetrics, readLeadClock } from './lead-stats.service.ts';
export {
  endOfBusinessDayOf,
  leadIdsAssignedTo,
  listFollowUpsDue,
  listLeadsToContact,
  worklistLeadsByIds,
} from './lead-worklist.service.ts';
export type { WorklistLead } from './lead-worklist.service.ts';
export {
  assertLeadExists,
  assignLeadByAutomation,
  changeLeadStatusByAutomation,
  changeLeadStatusForQuote,
  findLead,
  findLeadWatcher,
  findPersonOnDuty,
  leadIdOfNumber,
  leadNameOf,
  leadNames,
  leadValueCentsOf,
  lockLeadStatus,
  notifyAboutLead,
  openLeadCountOf,
  setLeadValueFromAcceptedQuote,
  tagLeadByAutomation,
  unsubscribeLeadEmail,
} from './leads.service.ts';
export type { LeadHappening } from './leads.service.ts';
export { saveServiceAddress, serviceAddressOfLead, visitContactsOfLeads } from './service-address.service.ts';
export type { VisitContact } from './service-address.service.ts';
export {
  findLeadsOfPhone,
  findOrCreateLeadsOfTexter,
  optInPhoneToSms,
  optOutPhoneFromSms,
} from './sms-consent.service.ts';
export { receiveQuoteRequest } from './lead-intake.service.ts';
export type { RequestMeta } from './lead-intake.service.ts';
export { findLeadsOfEmail } from './lead-senders.service.ts';
export { optOutCustomerFromSms, recordSmsConsentOfCustomer, setEmailOfCustomer } from './sms-consent.service.ts';
