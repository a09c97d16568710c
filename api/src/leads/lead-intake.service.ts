// POST /api/leads: what happens to a quote request (definitions in api/README.md, "Lead intake").
// Nothing a visitor sends is discarded: a request a spam rule catches is held for staff to review
// (held-submissions.service.ts); a repeat of an open lead (the same person: repeatMatchOf, e-mail, or
// phone and full name) is kept as a request of that lead and changes neither who the person is nor the
// home, service and estimate of the lead (staff apply a request's details or keep the lead's);
// anything else is a new lead, valued by the estimate, attributed to its visit, with a contact due
// time, and linked to the leads of other people that share its phone. Every request is a
// lead_requests row.
import { createHash, randomUUID } from 'node:crypto';
import { ipKeyGenerator } from 'express-rate-limit';
import { addBusinessMinutes, formatBusinessDate } from '@shine/shared/business-time';
import { DEFAULT_LEAD_PRIORITY, DEFAULT_LEAD_SOURCE, DEFAULT_LEAD_STATUS } from '@shine/shared/constants';
import { CLOSED_LEAD_STATUSES } from '@shine/shared/enums';
import {
  type Identity,
  judgeSubmission,
  phoneDigitsToMatch,
  type RejectionRule,
  type RepeatMatch,
  repeatMatchOf,
  requestDifferences,
  resolveLeadSource,
  SENT_FAST_TAG,
  type Service,
  SPEED_TO_LEAD_TARGET_MINUTES,
  type SpamRule,
} from '@shine/shared/intake';
import { type Estimate, estimateQuote, estimateValueOf } from '@shine/shared/pricing';
import type { QuoteRequestIntake } from '@shine/shared/quote-request';
import { SMS_CONSENT_TEXT } from '@shine/shared/sms-consent';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { recordSystemActivity } from '../activities/index.ts';
import { findOrCreateSystemUserId } from '../auth/index.ts';
import type { LeadRow } from '../db/tables.ts';
import { type LeadEventOutbox, withLeadEventOutbox } from '../lead-events/index.ts';
import { publishLiveEvent } from '../live/index.ts';
import { describeRepeatRequest } from './describe-repeat-request.ts';
import { countHeldSubmissionsByRule, insertHeldSubmission } from './held-submissions.queries.ts';
import {
  countRejection,
  findSmsOptOutOfNumber,
  findRepeatCandidates,
  insertSamePhoneLinks,
  lockIntakeKeys,
  type RepeatChanges,
  updateLeadForRepeat,
} from './lead-intake.queries.ts';
import { leadChange, recordLeadChanges } from './lead-audit.ts';
import { type NamedLeadRow, toLead } from './lead-mapper.ts';
import { insertLeadRequest } from './lead-requests.queries.ts';
import { insertLeadWithFirstRequest, type LeadRequestColumn, type NewLeadRow } from './leads.queries.ts';
import { toJsonb } from '../db/jsonb.ts';
import { notifyAboutLead, notifyRequestHeld } from './lead-notifications.ts';
import { tagLeadByAutomation } from './leads.service.ts';

export interface IntakeClock {
  now: Date;
  /** BUSINESS_TIMEZONE: business hours for the contact due time, business dates for the counts. */
  timeZone: string;
}

/**
 * The key under which the staff alerts of one client address share a budget: a SHA-256 of the
 * address (an IPv6 address by its /56 network, as the rate limits count it), never the address.
 */
export function staffAlertClientKey(clientIp: string): string {
  return createHash('sha256')
    .update(`staff-alert-client:${ipKeyGenerator(clientIp)}`)
    .digest('hex')
    .slice(0, 32);
}

/** Who sent a request, kept with a held submission so that staff can judge it. */
export interface RequestMeta {
  clientIp: string | null;
  userAgent: string | null;
}

/**
 * `answer` is what the visitor gets (201) in every case. It never shows another request's data, so
 * the answer does not tell whether an e-mail or phone is already known, nor that a rule held it.
 */
export type QuoteOutcome =
  | { kind: 'created'; lead: Lead; answer: Lead }
  | { kind: 'merged'; leadId: string; answer: Lead }
  | { kind: 'held'; heldId: string; rule: SpamRule; answer: Lead };

/** How a request is taken in: when it arrived, and the rule that held it if staff released it. */
export interface IntakeOrigin {
  receivedAt: Date;
  timeZone: string;
  releasedFromRule: SpamRule | null;
}

/** A request taken in: a new lead (its lead_created event in the outbox), or a repeat kept on an open lead. */
export type TakenIn = { kind: 'created' | 'merged'; row: LeadRow };

export type NewLead = NewLeadRow &
  Pick<LeadRow, 'utm_source' | 'utm_medium' | 'utm_campaign' | 'referrer_host' | 'landing_page'> & {
    estimate_breakdown: Estimate;
    source: string;
  };

export function toNewLead(
  quote: QuoteRequestIntake,
  estimate: Estimate,
  origin: Pick<IntakeOrigin, 'receivedAt' | 'timeZone'>,
): NewLead {
  const attribution = quote.attribution ?? {};
  const at = origin.receivedAt;
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
    estimated_value: estimateValueOf(estimate)?.toFixed(2) ?? null,
    estimate_breakdown: estimate,
    utm_source: attribution.utmSource || null,
    utm_medium: attribution.utmMedium || null,
    utm_campaign: attribution.utmCampaign || null,
    referrer_host: attribution.referrerHost || null,
    landing_page: attribution.landingPage || null,
    sms_consent_at: quote.smsConsent === true ? at : null,
    sms_consent_text: quote.smsConsent === true ? SMS_CONSENT_TEXT : null,
    created_at: at,
    updated_at: at,
    last_request_at: at,
    // The speed-to-lead clock starts when the request arrived, also for one released from hold.
    contact_due_at: addBusinessMinutes(at, SPEED_TO_LEAD_TARGET_MINUTES, origin.timeZone),
  };
}

/** The lead a request would become, without storing it: the answer to a held or repeat request. */
function buildReceipt(lead: NewLead, now: Date): Lead {
  return toLead({
    status: DEFAULT_LEAD_STATUS,
    priority: DEFAULT_LEAD_PRIORITY,
    estimated_value: null,
    next_follow_up_at: null,
    previous_lead_id: null,
    contact_due_at: null,
    sms_opted_out_at: null,
    email_unsubscribed_at: null,
    ...lead,
    id: randomUUID(),
    assigned_to: null,
    tags: [],
    last_contacted_at: null,
    created_at: now,
    updated_at: now,
    last_request_at: now,
    repeat_count: 0,
    last_repeat_at: null,
    first_contacted_at: null,
    speed_to_lead_minutes: null,
    details_differ_request_id: null,
    assignee_name: null,
  } as NamedLeadRow);
}

const identityOf = (row: Pick<LeadRow, 'first_name' | 'last_name' | 'email' | 'phone'>): Identity => ({
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: row.phone,
});

/** Who the person is and what they ask for, as the shared rule compares a lead and a request. */
export const requestFieldsOf = (row: Pick<LeadRow, LeadRequestColumn>): Identity & Service => ({
  ...identityOf(row),
  zipcode: row.zipcode,
  bedrooms: row.bedrooms,
  bathrooms: row.bathrooms,
  cleaningType: row.cleaning_type,
  frequency: row.frequency,
});

function toRequestRow(leadId: string, request: NewLead, origin: IntakeOrigin) {
  return {
    lead_id: leadId,
    received_at: origin.receivedAt,
    first_name: request.first_name,
    last_name: request.last_name,
    email: request.email,
    phone: request.phone,
    zipcode: request.zipcode,
    bedrooms: request.bedrooms,
    bathrooms: request.bathrooms,
    cleaning_type: request.cleaning_type,
    frequency: request.frequency,
    notes: request.notes,
    estimate: request.estimate_breakdown,
    source: request.source,
    utm_source: request.utm_source,
    utm_medium: request.utm_medium,
    utm_campaign: request.utm_campaign,
    referrer_host: request.referrer_host,
    landing_page: request.landing_page,
    released_from_rule: origin.releasedFromRule,
    sms_consent_at: request.sms_consent_at ?? null,
    sms_consent_text: request.sms_consent_text ?? null,
  };
}

/**
 * The lead's notes with a repeat request's notes after them, dated as the business says it, so that
 * nothing the person wrote is lost when they write again.
 */
function appendRequestNotes(notes: string | null, request: NewLead, origin: IntakeOrigin): string | null {
  if (!request.notes) return notes;
  const entry = `${formatBusinessDate(origin.receivedAt, origin.timeZone)} (repeat request): ${request.notes}`;
  return notes ? `${notes}\n\n${entry}` : entry;
}

/**
 * A repeat of an open lead by the same person: the request is kept as it was sent, consent and all;
 * the lead's name, e-mail and phone, its home, service, estimate and value stay, and a difference in
 * any of them flags the lead ("Details differ") for staff to apply or keep. The request's notes are
 * appended to the lead's, dated. The lead resurfaces (last_request_at), the request is noted on its
 * timeline by the system user, and its repeat_request event alerts the lead's assignee. The
 * speed-to-lead clock is left as it is.
 */
export async function mergeRepeatRequest(
  trx: Knex.Transaction,
  outbox: LeadEventOutbox,
  lead: LeadRow,
  request: NewLead,
  origin: IntakeOrigin,
  match: RepeatMatch,
  actorId: string | null = null,
): Promise<LeadRow> {
  const stored = await insertLeadRequest(trx, toRequestRow(lead.id, request, origin));
  const differences = requestDifferences(requestFieldsOf(lead), requestFieldsOf(request));
  const changes: RepeatChanges = {};
  if (differences.length > 0) changes.details_differ_request_id = stored.id;
  if (request.notes) changes.notes = appendRequestNotes(lead.notes, request, origin);
  // Consent given on a later request counts; an unticked box on a later one withdraws nothing (STOP does).
  if (request.sms_consent_at && !lead.sms_consent_at) {
    changes.sms_consent_at = request.sms_consent_at;
    changes.sms_consent_text = request.sms_consent_text ?? null;
  }
  const row = await updateLeadForRepeat(trx, lead.id, changes, origin.receivedAt);
  if (!row) throw new Error('the lead of a repeat request disappeared inside its transaction');
  await recordLeadChanges(trx, [
    leadChange(actorId, lead.id, 'repeat_merged', null, { requestId: stored.id, differs: differences }),
  ]);
  await recordSystemActivity(
    trx,
    {
      leadId: lead.id,
      userId: await findOrCreateSystemUserId(trx),
      type: 'note',
      subject: 'Repeat request',
      description: describeRepeatRequest(request, {
        match,
        differences,
        releasedFromRule: origin.releasedFromRule,
      }),
    },
    origin.receivedAt,
  );
  await outbox.repeatRequest(lead.id, stored.id);
  return row;
}

/** How many leads of other people a new lead is linked to as "same phone" (the newest, open ones first). */
export const SAME_PHONE_LINKS_MAX = 5;

/**
 * Takes a request in, inside the caller's transaction: serialised per e-mail and phone, a repeat of
 * an open lead of the same person is kept on it; anything else (a Won or Lost lead's person included)
 * is a new lead with its first request and its lead_created outbox event, linked both ways to the
 * leads of other people that gave the same phone.
 */
export function takeInRequest(
  trx: Knex.Transaction,
  outbox: LeadEventOutbox,
  quote: QuoteRequestIntake,
  origin: IntakeOrigin,
): Promise<TakenIn> {
  return takeIn(trx, outbox, quote, toNewLead(quote, estimateQuote(quote), origin), origin);
}

async function takeIn(
  trx: Knex.Transaction,
  outbox: LeadEventOutbox,
  quote: QuoteRequestIntake,
  request: NewLead,
  origin: IntakeOrigin,
  clientKey: string | null = null,
): Promise<TakenIn> {
  const matches = await lockAndWeighCandidates(trx, quote, request);
  const repeated = matches.find((candidate) => candidate.match !== null);
  if (repeated?.match && !CLOSED_LEAD_STATUSES.includes(repeated.lead.status)) {
    const row = await mergeRepeatRequest(trx, outbox, repeated.lead, request, origin, repeated.match);
    await notifyAboutLead(
      trx,
      row.id,
      { kind: 'repeat_request' },
      { now: origin.receivedAt, timeZone: origin.timeZone },
    );
    return { kind: 'merged', row };
  }
  // The same person's Won or Lost lead, which the new lead follows.
  const target = repeated?.lead;
  // A candidate of no match came by the phone alone: another person of the same phone.
  const samePhone = matches
    .filter((candidate) => candidate.match === null)
    .slice(0, SAME_PHONE_LINKS_MAX)
    .map((candidate) => candidate.lead.id);
  const row = await insertNewLead(trx, outbox, request, {
    previousLeadId: target?.id ?? null,
    samePhone,
    clientKey,
    releasedFromRule: origin.releasedFromRule,
  });
  await notifyAboutLead(trx, row.id, { kind: 'new_lead' }, { now: origin.receivedAt, timeZone: origin.timeZone });
  return { kind: 'created', row };
}

/**
 * Serialises intake on the request's e-mail and phone (advisory locks), then answers the leads of
 * that e-mail or phone, each with whether it is the same person (`repeatMatchOf`, null: another
 * person of the same phone). The form's intake and staff entering a lead both start here.
 */
export async function lockAndWeighCandidates(
  trx: Knex.Transaction,
  quote: Pick<QuoteRequestIntake, 'email' | 'phone'>,
  request: NewLead,
) {
  const phoneDigits = phoneDigitsToMatch(quote.phone);
  const keys = [`intake:email:${quote.email.toLowerCase()}`];
  if (phoneDigits) keys.push(`intake:phone:${phoneDigits}`);
  await lockIntakeKeys(trx, keys);
  const candidates = await findRepeatCandidates(trx, quote.email, phoneDigits);
  const requester = identityOf(request);
  return candidates.map((lead) => ({ lead, match: repeatMatchOf(identityOf(lead), requester) }));
}

/**
 * A new lead with its first request: the number's SMS opt-out carried over, linked "same phone" to
 * `samePhone`, and its lead_created event in the outbox. The caller tells who hears of it.
 */
export async function insertNewLead(
  trx: Knex.Transaction,
  outbox: LeadEventOutbox,
  request: NewLead,
  links: {
    previousLeadId: string | null;
    samePhone: string[];
    clientKey: string | null;
    releasedFromRule: IntakeOrigin['releasedFromRule'];
  },
) {
  const nationalDigits = phoneDigitsToMatch(request.phone)?.slice(-10);
  const smsOptedOutAt = nationalDigits ? await findSmsOptOutOfNumber(trx, nationalDigits) : null;
  const row = await insertLeadWithFirstRequest(
    trx,
    {
      ...request,
      estimate_breakdown: toJsonb(trx, request.estimate_breakdown),
      previous_lead_id: links.previousLeadId,
      sms_opted_out_at: smsOptedOutAt,
      client_key: links.clientKey,
    },
    links.releasedFromRule,
  );
  await insertSamePhoneLinks(trx, row.id, links.samePhone);
  await outbox.leadCreated(row.id);
  return row;
}

/**
 * A request the timing rule doubted but nothing else did (docs/decisions.md, "Fill time"): taken in,
 * and flagged for staff rather than held. A new lead is tagged SENT_FAST_TAG; either way the lead's
 * timeline says how fast the form was sent.
 */
async function flagRequest(trx: Knex.Transaction, taken: TakenIn, reason: string, at: Date): Promise<void> {
  if (taken.kind === 'created') await tagLeadByAutomation(trx, taken.row.id, SENT_FAST_TAG);
  await recordSystemActivity(
    trx,
    {
      leadId: taken.row.id,
      userId: await findOrCreateSystemUserId(trx),
      type: 'note',
      subject: `${taken.kind === 'created' ? 'Request' : 'Repeat request'} sent fast: not held`,
      description: `${reason} Nothing else in it looked like a bot, so it was taken in and flagged instead of held.`,
    },
    at,
  );
}

/** Counts one caught submission (spam rule or rate limit) for today's business date. */
export function recordRejection(db: Knex, rule: RejectionRule, clock: IntakeClock): Promise<void> {
  return countRejection(db, rule, clock.now, clock.timeZone);
}

export async function receiveQuoteRequest(
  db: Knex,
  quote: QuoteRequestIntake,
  clock: IntakeClock,
  meta: RequestMeta,
): Promise<QuoteOutcome> {
  const origin: IntakeOrigin = { receivedAt: clock.now, timeZone: clock.timeZone, releasedFromRule: null };
  const request = toNewLead(quote, estimateQuote(quote), origin);
  const verdict = judgeSubmission(quote);
  if (verdict.isSpam) {
    const held = await db.transaction(async (trx) => {
      await countRejection(trx, verdict.rule, clock.now, clock.timeZone);
      const row = await insertHeldSubmission(trx, {
        received_at: clock.now,
        rule: verdict.rule,
        reason: verdict.reason,
        payload: quote,
        client_ip: meta.clientIp,
        user_agent: meta.userAgent,
      });
      await publishLiveEvent(trx, { type: 'held.created', heldId: row.id });
      const waiting = [...(await countHeldSubmissionsByRule(trx)).values()].reduce((sum, n) => sum + n, 0);
      const name = `${quote.firstName} ${quote.lastName}`.trim();
      await notifyRequestHeld(trx, { name, rule: verdict.rule, waiting }, clock);
      return row;
    });
    return { kind: 'held', heldId: held.id, rule: verdict.rule, answer: buildReceipt(request, clock.now) };
  }

  const clientKey = meta.clientIp ? staffAlertClientKey(meta.clientIp) : null;
  const taken = await withLeadEventOutbox(db, async (trx, outbox) => {
    const kept = await takeIn(trx, outbox, quote, request, origin, clientKey);
    if (verdict.flag) await flagRequest(trx, kept, verdict.flag.reason, origin.receivedAt);
    return kept;
  });
  if (taken.kind === 'merged') {
    return { kind: 'merged', leadId: taken.row.id, answer: buildReceipt(request, clock.now) };
  }
  // A new lead has nobody assigned yet (a lead_created rule may assign it after the commit).
  const lead = toLead({ ...taken.row, assignee_name: null });
  return { kind: 'created', lead, answer: { ...lead, previousLeadId: null } };
}
