// The names the OpenAPI document gives to the shared schemas (components/schemas). An answer or body
// whose schema has no name here is a list of a named one (ActivityList) or an error at build time.
import {
  accountCleaningRequestSchema,
  accountMessageAnswerSchema,
  accountMessageSchema,
  accountPreferencesSchema,
  accountSchema,
  accountSignInLinkSchema,
  accountVisitUpdateSchema,
} from '@shine/shared/account';
import { activityCreateSchema, activityUpdateSchema, callLogSchema } from '@shine/shared/activities';
import { newLeadAlertSettingsSchema, newLeadAlertSettingsUpdateSchema } from '@shine/shared/new-lead-alerts';
import {
  adminVisitListSchema,
  adminVisitSchema,
  customerVisitUpdateSchema,
  bookingAnswerSchema,
  bookingRequestSchema,
  newBookingRequestSchema,
  staffBookingRequestSchema,
  bookingSchema,
  leadBookingSchema,
  slotListSchema,
  slotSchema,
  slotTakenSchema,
  visitSchema,
  visitUpdateSchema,
} from '@shine/shared/bookings';
import { companyDetailsSchema, companyDetailsViewSchema } from '@shine/shared/company-settings';
import { manualMessageSchema, unmatchedEmailAttachSchema } from '@shine/shared/conversations';
import { speedToLeadSettingsSchema, speedToLeadSettingsViewSchema } from '@shine/shared/speed-to-lead';
import { loginSchema, passwordChangeSchema } from '@shine/shared/auth';
import { automationRecipeCreateSchema } from '@shine/shared/automation-recipes';
import { automationPreviewSchema } from '@shine/shared/automation-rules';
import { automationCreateSchema, automationUpdateSchema } from '@shine/shared/automations';
import { exportRequestSchema } from '@shine/shared/export';
import { leadBulkAssignSchema, leadStatusUpdateSchema, leadUpdateSchema } from '@shine/shared/leads';
import { liveEventSchema } from '@shine/shared/live';
import { schedulingSettingsSchema } from '@shine/shared/scheduling';
import { serviceAddressSchema, serviceAddressUpdateSchema } from '@shine/shared/service-address';
import { lostReasonsSchema } from '@shine/shared/lost-reasons';
import { paymentReportSchema } from '@shine/shared/payment-reports';
import { tipAnswerSchema, tipListSchema, tipSchema } from '@shine/shared/tips';
import {
  manualPaymentSchema,
  paymentSettingsSchema,
  paymentSettingsViewSchema,
  refundSchema,
} from '@shine/shared/payments';
import {
  invoiceAnswerSchema,
  invoiceListSchema,
  invoiceSchema,
  invoiceSummarySchema,
  savedCardAnswerSchema,
  savedCardSchema,
  paymentAnswerSchema,
  paymentSchema,
  stripeEventReceiptSchema,
} from '@shine/shared/responses/payments';
import { notificationsReadSchema } from '@shine/shared/notifications';
import { myDaySchema, shellCountsSchema } from '@shine/shared/responses/my-day';
import { notificationListSchema, notificationsReadAnswerSchema } from '@shine/shared/responses/notifications';
import { quoteRequestIntakeSchema, staffLeadRequestSchema } from '@shine/shared/quote-request';
import {
  quoteAcceptSchema,
  quoteCreateSchema,
  quoteDeclineSchema,
  quoteSendSchema,
  quoteUpdateSchema,
} from '@shine/shared/quotes';
import {
  activityListSchema,
  activitySchema,
  activitySummarySchema,
  callLoggedSchema,
} from '@shine/shared/responses/activities';
import { sessionInfoSchema } from '@shine/shared/responses/auth';
import {
  automationPreviewResultSchema,
  automationRecipeStateSchema,
  automationRunSchema,
  automationSchema,
  outboxMessageSchema,
} from '@shine/shared/responses/automations';
import { errorBodySchema } from '@shine/shared/responses/common';
import {
  inboxEntrySchema,
  inboxSchema,
  leadMessageSchema,
  leadMessagesSchema,
  sentLeadMessageSchema,
  unmatchedEmailSchema,
  unmatchedEmailsSchema,
} from '@shine/shared/responses/conversations';
import { healthDownSchema, healthUpSchema } from '@shine/shared/responses/health';
import {
  estimateSchema,
  exportResultSchema,
  heldClientAddressSchema,
  heldSubmissionPageSchema,
  heldSubmissionSchema,
  leadBulkAssignResultSchema,
  leadDetailSchema,
  leadHistorySchema,
  leadPageSchema,
  leadRequestSchema,
  leadMatchConflictSchema,
  leadMatchSchema,
  leadSchema,
  staffLeadResultSchema,
} from '@shine/shared/responses/leads';
import {
  analyticsReportSchema,
  intakeReportSchema,
  metricsSchema,
  statsReportSchema,
} from '@shine/shared/responses/reports';
import {
  assigneeListSchema,
  assigneeSchema,
  auditEntryListSchema,
  auditEntrySchema,
  auditPageSchema,
  personSchema,
  setupLinkSchema,
  setupLinkStatusSchema,
  teamUserListSchema,
  teamUserSchema,
  userCreatedSchema,
} from '@shine/shared/responses/team';
import { quoteAnswerSchema, quoteListSchema, quoteSchema, quoteSentSchema } from '@shine/shared/responses/quotes';
import { templatePreviewResultSchema, templateSchema } from '@shine/shared/responses/templates';
import {
  ownSettingsSchema,
  setupLinkCheckSchema,
  setupPasswordSchema,
  userCreateSchema,
  userUpdateSchema,
} from '@shine/shared/team';
import { templateCreateSchema, templatePreviewSchema, templateUpdateSchema } from '@shine/shared/templates';
import { callSettingsSchema } from '@shine/shared/calls';
import { callListSchema, callSchema } from '@shine/shared/responses/calls';
import type { z } from 'zod';
import { openApiDocumentSchema } from '@shine/shared/operations/public';

/** Answers: described as the API writes them (z.output). */
export const RESPONSE_COMPONENTS: ReadonlyArray<[string, z.ZodType]> = [
  ['Error', errorBodySchema],
  ['Account', accountSchema],
  ['AccountMessageAnswer', accountMessageAnswerSchema],
  ['AccountPreferences', accountPreferencesSchema],
  ['HealthUp', healthUpSchema],
  ['HealthDown', healthDownSchema],
  ['SessionInfo', sessionInfoSchema],
  ['Estimate', estimateSchema],
  ['Lead', leadSchema],
  ['LeadRequest', leadRequestSchema],
  ['LeadDetail', leadDetailSchema],
  ['StaffLeadResult', staffLeadResultSchema],
  ['LeadMatch', leadMatchSchema],
  ['LeadMatchConflict', leadMatchConflictSchema],
  ['LeadPage', leadPageSchema],
  ['HeldSubmission', heldSubmissionSchema],
  ['HeldSubmissionPage', heldSubmissionPageSchema],
  ['HeldClientAddress', heldClientAddressSchema],
  ['ExportResult', exportResultSchema],
  ['LeadBulkAssignResult', leadBulkAssignResultSchema],
  ['LeadHistory', leadHistorySchema],
  ['Activity', activitySchema],
  ['ActivitySummary', activitySummarySchema],
  ['ActivityList', activityListSchema],
  ['CallLogged', callLoggedSchema],
  ['Automation', automationSchema],
  ['AutomationRun', automationRunSchema],
  ['OutboxMessage', outboxMessageSchema],
  ['AutomationPreview', automationPreviewResultSchema],
  ['LeadMessage', leadMessageSchema],
  ['LeadMessages', leadMessagesSchema],
  ['SentLeadMessage', sentLeadMessageSchema],
  ['InboxEntry', inboxEntrySchema],
  ['Inbox', inboxSchema],
  ['UnmatchedEmail', unmatchedEmailSchema],
  ['UnmatchedEmails', unmatchedEmailsSchema],
  ['AutomationRecipeState', automationRecipeStateSchema],
  ['Template', templateSchema],
  ['TemplatePreview', templatePreviewResultSchema],
  ['StatsReport', statsReportSchema],
  ['Metrics', metricsSchema],
  ['IntakeReport', intakeReportSchema],
  ['AnalyticsReport', analyticsReportSchema],
  ['Person', personSchema],
  ['TeamUser', teamUserSchema],
  ['TeamUserList', teamUserListSchema],
  ['UserCreated', userCreatedSchema],
  ['SetupLink', setupLinkSchema],
  ['SetupLinkStatus', setupLinkStatusSchema],
  ['Assignee', assigneeSchema],
  ['AssigneeList', assigneeListSchema],
  ['AuditEntry', auditEntrySchema],
  ['AuditEntryList', auditEntryListSchema],
  ['AuditPage', auditPageSchema],
  ['OpenApiDocument', openApiDocumentSchema],
  // The data of each change event on GET /api/admin/events (named for the stream's description).
  ['LiveEvent', liveEventSchema],
  ['NewLeadAlertSettings', newLeadAlertSettingsSchema],
  ['SpeedToLeadSettingsView', speedToLeadSettingsViewSchema],
  ['CompanyDetails', companyDetailsViewSchema],
  ['Quote', quoteSchema],
  ['QuoteList', quoteListSchema],
  ['QuoteSent', quoteSentSchema],
  ['QuoteAnswer', quoteAnswerSchema],
  ['Slot', slotSchema],
  ['SlotList', slotListSchema],
  ['SlotTaken', slotTakenSchema],
  ['Visit', visitSchema],
  ['Booking', bookingSchema],
  ['BookingAnswer', bookingAnswerSchema],
  ['LeadBooking', leadBookingSchema],
  ['ServiceAddress', serviceAddressSchema],
  ['AdminVisit', adminVisitSchema],
  ['AdminVisitList', adminVisitListSchema],
  ['SchedulingSettings', schedulingSettingsSchema],
  ['LostReasons', lostReasonsSchema],
  ['MyDay', myDaySchema],
  ['ShellCounts', shellCountsSchema],
  ['NotificationList', notificationListSchema],
  ['NotificationsReadAnswer', notificationsReadAnswerSchema],
  ['Invoice', invoiceSchema],
  ['InvoiceAnswer', invoiceAnswerSchema],
  ['InvoiceSummary', invoiceSummarySchema],
  ['InvoiceList', invoiceListSchema],
  ['Payment', paymentSchema],
  ['PaymentAnswer', paymentAnswerSchema],
  ['PaymentSettings', paymentSettingsViewSchema],
  ['SavedCard', savedCardSchema],
  ['SavedCardAnswer', savedCardAnswerSchema],
  ['StripeEventReceipt', stripeEventReceiptSchema],
  ['PaymentReport', paymentReportSchema],
  ['Tip', tipSchema],
  ['TipAnswer', tipAnswerSchema],
  ['TipList', tipListSchema],
  ['Call', callSchema],
  ['CallList', callListSchema],
  ['CallSettings', callSettingsSchema],
];

/** Request bodies: described as a client may send them (z.input: defaults make fields optional). */
export const REQUEST_COMPONENTS: ReadonlyArray<[string, z.ZodType]> = [
  ['AccountSignInLink', accountSignInLinkSchema],
  ['AccountVisitUpdate', accountVisitUpdateSchema],
  ['AccountPreferencesUpdate', accountPreferencesSchema],
  ['AccountMessage', accountMessageSchema],
  ['AccountCleaningRequest', accountCleaningRequestSchema],
  ['QuoteRequest', quoteRequestIntakeSchema],
  ['StaffLeadRequest', staffLeadRequestSchema],
  ['Login', loginSchema],
  ['PasswordChange', passwordChangeSchema],
  ['LeadUpdate', leadUpdateSchema],
  ['LeadStatusUpdate', leadStatusUpdateSchema],
  ['LeadBulkAssign', leadBulkAssignSchema],
  ['ExportRequest', exportRequestSchema],
  ['ActivityCreate', activityCreateSchema],
  ['CallLog', callLogSchema],
  ['AutomationCreate', automationCreateSchema],
  ['AutomationUpdate', automationUpdateSchema],
  ['AutomationPreviewRequest', automationPreviewSchema],
  ['AutomationRecipeCreate', automationRecipeCreateSchema],
  ['ManualMessage', manualMessageSchema],
  ['UnmatchedEmailAttach', unmatchedEmailAttachSchema],
  ['TemplateCreate', templateCreateSchema],
  ['TemplateUpdate', templateUpdateSchema],
  ['TemplatePreviewRequest', templatePreviewSchema],
  ['UserCreate', userCreateSchema],
  ['UserUpdate', userUpdateSchema],
  ['OwnSettings', ownSettingsSchema],
  ['SetupPassword', setupPasswordSchema],
  ['SetupLinkCheck', setupLinkCheckSchema],
  ['NewLeadAlertSettingsUpdate', newLeadAlertSettingsUpdateSchema],
  ['SpeedToLeadSettings', speedToLeadSettingsSchema],
  ['CompanyDetailsUpdate', companyDetailsSchema],
  ['QuoteCreate', quoteCreateSchema],
  ['QuoteUpdate', quoteUpdateSchema],
  ['QuoteSend', quoteSendSchema],
  ['QuoteAccept', quoteAcceptSchema],
  ['QuoteDecline', quoteDeclineSchema],
  ['BookingRequest', bookingRequestSchema],
  ['NewBookingRequest', newBookingRequestSchema],
  ['ServiceAddressUpdate', serviceAddressUpdateSchema],
  ['StaffBookingRequest', staffBookingRequestSchema],
  ['VisitUpdate', visitUpdateSchema],
  ['CustomerVisitUpdate', customerVisitUpdateSchema],
  ['SchedulingSettingsUpdate', schedulingSettingsSchema],
  ['LostReasonsUpdate', lostReasonsSchema],
  ['ManualPayment', manualPaymentSchema],
  ['Refund', refundSchema],
  ['PaymentSettingsUpdate', paymentSettingsSchema],
  ['NotificationsRead', notificationsReadSchema],
  ['ActivityUpdate', activityUpdateSchema],
  ['CallSettingsUpdate', callSettingsSchema],
];
