// What a rule acts on, without I/O: condition matching, template values of a lead, and the shapes
// of runs, outbox messages and previews that the API answers and the CRM shows.
import { z } from 'zod';
import { type AutomationConditions, automationCreateSchema } from './automations.ts';
import { DEFAULT_COMPANY } from './company.ts';
import { PROMO_CODE } from './constants.ts';
import type { LeadStatus } from './enums.ts';
import { automatedSmsRefusal } from './sms-consent.ts';
import { extractPlaceholders, type TemplatePlaceholder } from './template-render.ts';
import type { Lead } from './types.ts';

export type {
  AutomationPreview,
  AutomationRun,
  AutomationRunStatus,
  MessageChannel,
  MessageStatus,
  OutboxMessage,
} from './responses/automations.ts';

/** no_activity without `days`: a lead untouched for three days. */
export const DEFAULT_NO_ACTIVITY_DAYS = 3;

/** The lead fields conditions look at. */
export type MatchableLead = Pick<Lead, 'status' | 'source' | 'cleaningType' | 'frequency' | 'priority'>;

/** What `matchesConditions` reads: those fields and the texting consent (`textsAllowed`). */
export type ConditionLead = MatchableLead & Pick<Lead, 'smsConsent' | 'smsOptedOutAt'>;

/** The status change behind a status_changed event. */
export interface StatusChange {
  from: LeadStatus;
  to: LeadStatus;
}

/**
 * Every condition given must hold. `fromStatus`/`toStatus` describe a status change, so they only
 * match a status_changed event (on any other trigger a rule that names them matches nothing);
 * `days` is the no_activity (or quote_not_answered) threshold, not a lead field.
 */
export function matchesConditions(
  conditions: AutomationConditions,
  lead: ConditionLead,
  change?: StatusChange,
): boolean {
  if (conditions.fromStatus !== undefined && change?.from !== conditions.fromStatus) return false;
  if (conditions.toStatus !== undefined && change?.to !== conditions.toStatus) return false;
  if (conditions.status !== undefined && lead.status !== conditions.status) return false;
  if (conditions.source !== undefined && lead.source.toLowerCase() !== conditions.source.toLowerCase()) return false;
  if (conditions.cleaningType !== undefined && lead.cleaningType !== conditions.cleaningType) return false;
  if (conditions.frequency !== undefined && lead.frequency !== conditions.frequency) return false;
  if (conditions.priority !== undefined && lead.priority !== conditions.priority) return false;
  if (conditions.textsAllowed !== undefined && (automatedSmsRefusal(lead) === null) !== conditions.textsAllowed) {
    return false;
  }
  return true;
}

export function noActivityDays(conditions: AutomationConditions): number {
  return conditions.days ?? DEFAULT_NO_ACTIVITY_DAYS;
}

/** quote_not_answered without `days`: three days after the quote was sent (docs/decisions.md). */
export const DEFAULT_QUOTE_CHASE_DAYS = 3;

export function quoteChaseDays(conditions: AutomationConditions): number {
  return conditions.days ?? DEFAULT_QUOTE_CHASE_DAYS;
}

/** The lead fields templates may name. */
export type TemplateLead = MatchableLead &
  Pick<
    Lead,
    'firstName' | 'lastName' | 'email' | 'phone' | 'zipcode' | 'bedrooms' | 'bathrooms' | 'notes' | 'estimatedValue'
  >;

/** What a message knows beyond the lead: the company's review page, the visit it is about. */
export interface TemplateContext {
  reviewUrl?: string | null;
  visitTime?: string | null;
}

/** Values for every placeholder of TEMPLATE_PLACEHOLDERS; absent ones (notes, value, review page, visit) render as "". */
export function buildTemplateValues(
  lead: TemplateLead,
  context: TemplateContext = {},
): Record<TemplatePlaceholder, string | number | null> {
  return {
    firstName: lead.firstName,
    lastName: lead.lastName,
    fullName: `${lead.firstName} ${lead.lastName}`.trim(),
    email: lead.email,
    phone: lead.phone,
    zipcode: lead.zipcode,
    bedrooms: lead.bedrooms,
    bathrooms: lead.bathrooms,
    cleaningType: lead.cleaningType,
    frequency: lead.frequency,
    notes: lead.notes,
    status: lead.status,
    priority: lead.priority,
    source: lead.source,
    estimatedValue: lead.estimatedValue,
    companyName: DEFAULT_COMPANY.name,
    companyPhone: DEFAULT_COMPANY.phone,
    companyEmail: DEFAULT_COMPANY.email,
    promoCode: PROMO_CODE,
    bookingUrl: DEFAULT_COMPANY.bookingUrl,
    reviewUrl: context.reviewUrl ?? null,
    visitTime: context.visitTime ?? null,
  };
}

/**
 * Why a message is not sent when its template names a value there is none of: a review request with
 * no review page would send an empty link, a reminder with no visit would name no time.
 */
export const MISSING_VALUE_REASONS = {
  reviewUrl: 'not sent: no review page is set (Settings → Company details → Review page)',
  visitTime: 'not sent: the lead has no scheduled visit to name',
} as const;

/** The first placeholder a template uses whose value is missing, as its reason; null when every one has a value. */
export function missingValueRefusal(
  texts: ReadonlyArray<string | null | undefined>,
  values: Readonly<Record<TemplatePlaceholder, string | number | null>>,
): string | null {
  const used = new Set(extractPlaceholders(...texts));
  for (const name of ['reviewUrl', 'visitTime'] as const) {
    if (used.has(name) && !values[name]) return MISSING_VALUE_REASONS[name];
  }
  return null;
}

export const NO_TRANSPORT_REASON = 'not sent: no transport configured';

/**
 * Why an automated message is held (docs/security.md, review finding 12): the send budget of the
 * last 60 minutes is spent, for its recipient or in all. It stays in the outbox and goes out when
 * the hour allows.
 */
export const HOLD_REASONS = {
  recipient: (limit: number) =>
    `held: this recipient already received ${limit === 1 ? 'an automated message' : `${limit} automated messages`} in the last hour (limit ${limit} per recipient per hour)`,
  global: (limit: number) =>
    `held: ${limit} automated ${limit === 1 ? 'message was' : 'messages were'} already sent in the last hour (limit ${limit} per hour)`,
};

/** The rule being edited (saved or not); with the id of a saved rule, leads it already ran for are left out. */
export const automationPreviewSchema = automationCreateSchema.extend({ id: z.uuid().optional() });
export type AutomationPreviewInput = z.input<typeof automationPreviewSchema>;

/**
 * GET /api/admin/outbox?status=: unsent (default: not sent, held, failed or still retrying), held
 * (over the hourly send budget, waiting), failed, sent, all.
 */
export const OUTBOX_FILTERS = ['unsent', 'held', 'failed', 'sent', 'all'] as const;
export const outboxQuerySchema = z.object({
  status: z.enum(OUTBOX_FILTERS, { error: `Status must be one of: ${OUTBOX_FILTERS.join(', ')}` }).default('unsent'),
});
export type OutboxQuery = z.output<typeof outboxQuerySchema>;
