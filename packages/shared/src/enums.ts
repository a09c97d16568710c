// Every choice list of docs/requirements.md#entities and #states, in display order. `as const` tuples feed z.enum().

export const LEAD_STATUSES = ['New', 'Contacted', 'Qualified', 'Quoted', 'Negotiating', 'Won', 'Lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** Statuses after which a lead is no longer worked. */
export const CLOSED_LEAD_STATUSES: readonly LeadStatus[] = ['Won', 'Lost'];

export const LEAD_PRIORITIES = ['High', 'Medium', 'Low'] as const;
export type LeadPriority = (typeof LEAD_PRIORITIES)[number];

export const BEDROOM_CHOICES = ['1', '2', '3', '4', '5+'] as const;
export type BedroomChoice = (typeof BEDROOM_CHOICES)[number];

export const BATHROOM_CHOICES = ['1', '1.5', '2', '2.5', '3', '3.5+'] as const;
export type BathroomChoice = (typeof BATHROOM_CHOICES)[number];

export const CLEANING_TYPES = ['Basic', 'Deep', 'Move In/Out'] as const;
export type CleaningType = (typeof CLEANING_TYPES)[number];

export const FREQUENCIES = ['One Time', 'Weekly', 'Biweekly', 'Monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const ACTIVITY_TYPES = ['call', 'email', 'meeting', 'note', 'task'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
/** Activity types that count as contacting the customer (they set lastContactedAt when completed). */
export const CONTACT_ACTIVITY_TYPES: readonly ActivityType[] = ['call', 'email', 'meeting'];

export const ACTIVITY_STATUSES = ['pending', 'completed', 'cancelled'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/** How a call went (calls only): whether the person was reached, or why not. */
export const CALL_OUTCOMES = ['reached', 'voicemail', 'no_answer', 'wrong_number'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const AUTOMATION_TRIGGERS = [
  'lead_created',
  'status_changed',
  'no_activity',
  'follow_up_due',
  'quote_viewed',
  'quote_accepted',
  'quote_declined',
  'quote_not_answered',
  'visit_booked',
  'visit_upcoming',
  'visit_completed',
  'invoice_created',
  'payment_succeeded',
  'payment_failed',
] as const;
export type AutomationTrigger = (typeof AUTOMATION_TRIGGERS)[number];

/** The customer did something with a sent quote: events of the lead-event outbox. */
export const QUOTE_EVENT_TRIGGERS = ['quote_viewed', 'quote_accepted', 'quote_declined'] as const;
export type QuoteEventTrigger = (typeof QUOTE_EVENT_TRIGGERS)[number];

/** A customer's cleaning was booked (by the customer or staff), or staff marked a visit completed. */
export const VISIT_EVENT_TRIGGERS = ['visit_booked', 'visit_completed'] as const;
export type VisitEventTrigger = (typeof VISIT_EVENT_TRIGGERS)[number];

/** Money came in for an invoice (cash, a check, a card), or a card charge failed: events of the outbox. */
export const PAYMENT_EVENT_TRIGGERS = ['payment_succeeded', 'payment_failed'] as const;
export type PaymentEventTrigger = (typeof PAYMENT_EVENT_TRIGGERS)[number];

/** Triggers the engine's per-minute scan finds (the others are events); visit_upcoming: 24 hours before a visit. */
export const TIME_TRIGGERS = ['no_activity', 'follow_up_due', 'quote_not_answered', 'visit_upcoming'] as const;
export type TimeTrigger = (typeof TIME_TRIGGERS)[number];

/**
 * Triggers of a booked cleaning and its bill: their messages (confirmation, reminder, review request,
 * an invoice or payment notice) are service the customer expects, outside the per-recipient send budget (docs/decisions.md "Automated send budget").
 */
export const SERVICE_TRIGGERS = [
  'visit_booked',
  'visit_upcoming',
  'visit_completed',
  'invoice_created',
  'payment_succeeded',
  'payment_failed',
] as const satisfies readonly AutomationTrigger[];

export const ACTION_TYPES = ['send_email', 'create_task', 'update_status', 'send_sms', 'assign'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const TEMPLATE_TYPES = ['email', 'sms', 'task'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Human labels for enum values whose stored form is not display text. */
export const TRIGGER_LABELS: Record<AutomationTrigger, string> = {
  lead_created: 'Lead created',
  status_changed: 'Status changed',
  no_activity: 'No activity',
  follow_up_due: 'Follow-up due',
  quote_viewed: 'Quote viewed',
  quote_accepted: 'Quote accepted',
  quote_declined: 'Quote declined',
  quote_not_answered: 'Quote not answered',
  visit_booked: 'Visit booked',
  visit_upcoming: 'Visit in 24 hours',
  visit_completed: 'Visit completed',
  invoice_created: 'Invoice created',
  payment_succeeded: 'Payment received',
  payment_failed: 'Payment failed',
};

export const ACTION_LABELS: Record<ActionType, string> = {
  send_email: 'Send email',
  create_task: 'Create task',
  update_status: 'Update status',
  send_sms: 'Send SMS',
  assign: 'Assign',
};

/** Staff roles (docs/decisions.md, "Team"): admin does everything; sales works leads and activities. */
export const USER_ROLES = ['admin', 'sales'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** What an audit row is about (GET /api/admin/audit?entity=). */
export const AUDIT_ENTITIES = ['lead', 'user', 'automation', 'template', 'settings', 'export'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
