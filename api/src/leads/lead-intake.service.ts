// POST /api/leads: what happens to a quote request (definitions in api/README.md, "Lead intake").
// Spam is counted and answered like a person; a repeat of an open lead is merged into it; anything
// else is a new lead, valued by the estimate, attributed to its visit, with a contact due time.
import { randomUUID } from 'node:crypto';
import { addBusinessMinutes } from '@shine/shared/business-time';
import { DEFAULT_LEAD_PRIORITY, DEFAULT_LEAD_SOURCE, DEFAULT_LEAD_STATUS } from '@shine/shared/constants';
import { CLOSED_LEAD_STATUSES } from '@shine/shared/enums';
import {
  judgeSubmission,
  phoneDigitsToMatch,
  REJECTION_RULES,
  type RejectionRule,
  resolveLeadSource,
  SPEED_TO_LEAD_TARGET_MINUTES,
  type SpamRule,
} from '@shine/shared/intake';
import { type Estimate, estimateQuote } from '@shine/shared/pricing';
import type { QuoteIntake } from '@shine/shared/quote';
import type { IntakeReport, Lead, SpeedToLeadGroup } from '@shine/shared/types';
import type { Knex } from 'knex';
import { recordSystemActivity } from '../activities/activities.service.ts';
import { findOrCreateSystemUserId } from '../auth/system-user.ts';
import type { LeadRow } from '../db/tables.ts';
import { describeRepeatRequest, type RepeatMatch } from './describe-repeat-request.ts';
import {
  countAwaitingContact,
  countRejection,
  findRepeatTarget,
  lockIntakeKeys,
  type RepeatChanges,
  measureSpeedToLead,
  sumRejections,
  updateLeadForRepeat,
} from './lead-intake.queries.ts';
import { toLead } from './lead-mapper.ts';
import {
  insertLeadWithCreatedEvent,
  LEAD_REQUEST_COLUMNS,
  type LeadRequestColumn,
  type NewLeadRow,
} from './leads.queries.ts';

export interface IntakeClock {
  now: Date;
  /** BUSINESS_TIMEZONE: business hours for the contact due time, business dates for the counts. */
  timeZone: string;
}

/**
 * `answer` is what the visitor gets (201) in every case. It never shows another request's data, so
 * the answer does not tell whether an e-mail or phone is already known.
 */
export type QuoteOutcome =
  | {
      kind: 'created';
      lead: Lead;
      answer: Lead;
      /** Its lead_created row in the automation outbox. */
      eventId: string;
    }
  | { kind: 'merged'; leadId: string; answer: Lead }
  | { kind: 'rejected'; rule: SpamRule; answer: Lead };

type NewLead = NewLeadRow &
  Pick<LeadRow, 'utm_source' | 'utm_medium' | 'utm_campaign' | 'referrer_host' | 'landing_page'> & {
    estimate_breakdown: Estimate;
  };

function toNewLead(quote: QuoteIntake, estimate: Estimate, clock: IntakeClock): NewLead {
  const attribution = quote.attribution ?? {};
  return {
    first_name: quote.firstName,
    last_name: quote.lastName,
    email: quote.email,
    phone: quote.phone,
    zipcode: quote.zipcode,
    bedrooms: quote.bedrooms,
    bathrooms: quote.bathrooms,
    cleaning_type: quote.cleaningType,
    frequency: quote.frequency,
    notes: quote.notes ? quote.notes : null,
    source: resolveLeadSource(attribution, DEFAULT_LEAD_SOURCE),
    estimated_value: estimate.kind === 'estimate' ? estimate.midpoint.toFixed(2) : null,
    estimate_breakdown: estimate,
    utm_source: attribution.utmSource || null,
    utm_medium: attribution.utmMedium || null,
    utm_campaign: attribution.utmCampaign || null,
    referrer_host: attribution.referrerHost || null,
    landing_page: attribution.landingPage || null,
    created_at: clock.now,
    updated_at: clock.now,
    contact_due_at: addBusinessMinutes(clock.now, SPEED_TO_LEAD_TARGET_MINUTES, clock.timeZone),
  };
}

const toJsonb = (db: Knex, value: unknown) => db.raw('?::jsonb', [JSON.stringify(value)]);

/** The lead a request would become, without storing it: the answer to a spam or repeat request. */
function buildReceipt(lead: NewLead, now: Date): Lead {
  return toLead({
    status: DEFAULT_LEAD_STATUS,
    priority: DEFAULT_LEAD_PRIORITY,
    source: DEFAULT_LEAD_SOURCE,
    estimated_value: null,
    next_follow_up_at: null,
    previous_lead_id: null,
    contact_due_at: null,
    ...lead,
    id: randomUUID(),
    assigned_to: null,
    tags: [],
    last_contacted_at: null,
    created_at: now,
    updated_at: now,
    repeat_count: 0,
    last_repeat_at: null,
    first_contacted_at: null,
    speed_to_lead_minutes: null,
  } as LeadRow);
}

/** Whether staff have left the lead's value as the estimate set it (then a repeat may re-estimate it). */
function isValueFromEstimate(lead: LeadRow): boolean {
  if (lead.estimated_value === null) return true;
  const previous = lead.estimate_breakdown as Estimate | null;
  return previous?.kind === 'estimate' && Number(lead.estimated_value) === previous.midpoint;
}

function matchOf(lead: LeadRow, request: NewLead): RepeatMatch {
  const email = lead.email.toLowerCase() === request.email.toLowerCase();
  const phone = phoneDigitsToMatch(lead.phone) === phoneDigitsToMatch(request.phone);
  return email && phone ? 'e-mail and phone' : email ? 'e-mail' : 'phone';
}

/**
 * A repeat of an open lead: its details take the new request's values where they differ (notes,
 * status, attribution and staff fields stay), the estimate is the new one, the value too unless staff
 * changed it, and the whole request is recorded as a note by the system user.
 */
async function mergeRepeatRequest(trx: Knex.Transaction, lead: LeadRow, request: NewLead, now: Date): Promise<void> {
  const changed: LeadRequestColumn[] = LEAD_REQUEST_COLUMNS.filter((column) => lead[column] !== request[column]);
  const changes: RepeatChanges = {
    estimate_breakdown: toJsonb(trx, request.estimate_breakdown),
  };
  for (const column of changed) changes[column] = request[column];
  if (isValueFromEstimate(lead)) changes.estimated_value = request.estimated_value ?? null;
  await updateLeadForRepeat(trx, lead.id, changes, now);
  await recordSystemActivity(
    trx,
    {
      leadId: lead.id,
      userId: await findOrCreateSystemUserId(trx),
      type: 'note',
      subject: 'Repeat request',
      description: describeRepeatRequest(request, matchOf(lead, request), changed),
    },
    now,
  );
}

/** Counts one rejected submission (spam rule or rate limit) for today's business date. */
export function recordRejection(db: Knex, rule: RejectionRule, clock: IntakeClock): Promise<void> {
  return countRejection(db, rule, clock.now, clock.timeZone);
}

export async function receiveQuote(db: Knex, quote: QuoteIntake, clock: IntakeClock): Promise<QuoteOutcome> {
  const estimate = estimateQuote(quote);
  const request = toNewLead(quote, estimate, clock);
  const verdict = judgeSubmission(quote);
  if (verdict.isSpam) {
    await recordRejection(db, verdict.rule, clock);
    return { kind: 'rejected', rule: verdict.rule, answer: buildReceipt(request, clock.now) };
  }

  const phoneDigits = phoneDigitsToMatch(quote.phone);
  return db.transaction(async (trx): Promise<QuoteOutcome> => {
    const keys = [`intake:email:${quote.email.toLowerCase()}`];
    if (phoneDigits) keys.push(`intake:phone:${phoneDigits}`);
    await lockIntakeKeys(trx, keys);
    const target = await findRepeatTarget(trx, quote.email, phoneDigits);
    if (target && !CLOSED_LEAD_STATUSES.includes(target.status)) {
      await mergeRepeatRequest(trx, target, request, clock.now);
      return { kind: 'merged', leadId: target.id, answer: buildReceipt(request, clock.now) };
    }
    const { row, eventId } = await insertLeadWithCreatedEvent(trx, {
      ...request,
      estimate_breakdown: toJsonb(trx, estimate),
      previous_lead_id: target?.id ?? null,
    });
    const lead = toLead(row);
    return { kind: 'created', lead, answer: { ...lead, previousLeadId: null }, eventId };
  });
}

/** The dashboard's window for speed-to-lead and rejections. */
export const INTAKE_REPORT_DAYS = 30;

const roundMinutes = (median: number | null) => (median === null ? null : Math.round(median * 10) / 10);

/**
 * GET /api/admin/intake: median speed-to-lead of the last 30 days' leads (overall and by source,
 * most contacted first), open leads past their contact due time, and rejected submissions by rule.
 */
export async function buildIntakeReport(db: Knex, clock: IntakeClock): Promise<IntakeReport> {
  const [speed, awaitingContact, rejections] = await Promise.all([
    measureSpeedToLead(db, clock.now, INTAKE_REPORT_DAYS),
    countAwaitingContact(db, clock.now),
    sumRejections(db, clock.now, clock.timeZone, INTAKE_REPORT_DAYS),
  ]);
  const overall = speed.find((row) => row.source === null);
  const bySource: SpeedToLeadGroup[] = speed
    .filter((row) => row.source !== null)
    .map((row) => ({ source: row.source as string, medianMinutes: roundMinutes(row.median), contacted: row.contacted }))
    .sort((a, b) => b.contacted - a.contacted || a.source.localeCompare(b.source));
  const byRule = Object.fromEntries(REJECTION_RULES.map((rule) => [rule, rejections.get(rule) ?? 0])) as Record<
    RejectionRule,
    number
  >;
  return {
    windowDays: INTAKE_REPORT_DAYS,
    speedToLead: {
      source: 'All sources',
      medianMinutes: roundMinutes(overall?.median ?? null),
      contacted: overall?.contacted ?? 0,
      bySource,
    },
    awaitingContact,
    rejections: { total: Object.values(byRule).reduce((sum, n) => sum + n, 0), byRule },
  };
}
