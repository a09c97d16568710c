// "This is a different person" (docs/decisions.md, "Repeat requests: e-mail, or phone and full name"):
// a request intake kept on a lead as the same person's repeat becomes a lead of its own. The new lead
// goes the way of any new lead (lead_created: the on-duty alert, assignment and rules; the bell of the
// person on duty; its own contact clock from now), the request moves to it as its first request, and
// the original lead is left as if the request had never joined it: its repeat count, request times,
// "Details differ" flag, the notes the request appended and the SMS consent it gave are taken back.
import { addBusinessMinutes, formatBusinessDate } from '@shine/shared/business-time';
import { phoneDigitsToMatch, SPEED_TO_LEAD_TARGET_MINUTES } from '@shine/shared/intake';
import { API_ERRORS } from '@shine/shared/messages';
import { type Estimate, estimateValueOf } from '@shine/shared/pricing';
import type { LeadDetail } from '@shine/shared/types';
import type { Knex } from 'knex';
import { recordSystemActivity } from '../activities/index.ts';
import { findOrCreateSystemUserId } from '../auth/index.ts';
import { toJsonb } from '../db/jsonb.ts';
import type { LeadRequestRow, LeadRow } from '../db/tables.ts';
import { AppError } from '../http/app-error.ts';
import { withLeadEventOutbox } from '../lead-events/index.ts';
import { leadChange, recordLeadChanges } from './lead-audit.ts';
import {
  findRepeatCandidates,
  findSmsOptOutOfNumber,
  insertSamePhoneLinks,
  lockIntakeKeys,
} from './lead-intake.queries.ts';
import { SAME_PHONE_LINKS_MAX } from './lead-intake.service.ts';
import { notifyAboutLead } from './lead-notifications.ts';
import { listLeadRequestRows, moveLeadRequest } from './lead-requests.queries.ts';
import { getLeadDetail } from './lead-requests.service.ts';
import { insertLeadRow, lockLeadRow, updateLeadAfterSplit } from './leads.queries.ts';

export interface SplitDecision {
  leadId: string;
  requestId: string;
  /** The staff member who said the request is another person's. */
  userId: string;
  now: Date;
  timeZone: string;
}

const timeOf = (at: Date | string | null) => (at === null ? null : new Date(at).getTime());
const latestOf = (rows: readonly LeadRequestRow[]) =>
  new Date(Math.max(...rows.map((row) => new Date(row.received_at).getTime())));

const fullNameOf = (person: Pick<LeadRow, 'first_name' | 'last_name'>) =>
  `${person.first_name} ${person.last_name}`.trim();

/** The entry a repeat's notes left in the lead's notes (see appendRequestNotes in lead-intake.service.ts). */
function withoutRequestNotes(notes: string | null, request: LeadRequestRow, timeZone: string): string | null {
  if (!notes || !request.notes) return notes;
  const entry = `${formatBusinessDate(new Date(request.received_at), timeZone)} (repeat request): ${request.notes}`;
  const kept = notes
    .split('\n\n')
    .filter((paragraph) => paragraph !== entry)
    .join('\n\n');
  return kept === '' ? null : kept;
}

/** The lead's SMS consent once the request is gone: a consent only that request gave goes with it. */
function consentWithout(
  lead: LeadRow,
  request: LeadRequestRow,
  remaining: readonly LeadRequestRow[],
): Pick<LeadRow, 'sms_consent_at' | 'sms_consent_text'> {
  if (timeOf(lead.sms_consent_at) === null || timeOf(lead.sms_consent_at) !== timeOf(request.sms_consent_at)) {
    return { sms_consent_at: lead.sms_consent_at, sms_consent_text: lead.sms_consent_text };
  }
  const earlier = remaining.find((row) => row.sms_consent_at !== null);
  return { sms_consent_at: earlier?.sms_consent_at ?? null, sms_consent_text: earlier?.sms_consent_text ?? null };
}

/**
 * POST /api/admin/leads/{id}/requests/{requestId}/split: the request becomes a new lead of its own
 * (answered, 201). The first request of a lead is that lead's person: it cannot be split off (409).
 */
export async function splitRequest(db: Knex, decision: SplitDecision): Promise<LeadDetail> {
  const newLeadId = await withLeadEventOutbox(db, async (trx, outbox) => {
    const lead = await lockLeadRow(trx, decision.leadId);
    if (!lead) throw new AppError(404, API_ERRORS.leadNotFound);
    const requests = await listLeadRequestRows(trx, lead.id);
    const request = requests.find((row) => row.id === decision.requestId);
    if (!request) throw new AppError(404, API_ERRORS.leadRequestNotFound);
    if (requests[0]?.id === request.id) throw new AppError(409, API_ERRORS.firstRequestNotSplit);
    const phoneDigits = phoneDigitsToMatch(request.phone);
    // Serialised with intake on the request's e-mail and phone, as a new lead of them would be.
    await lockIntakeKeys(trx, [
      `intake:email:${request.email.toLowerCase()}`,
      ...(phoneDigits ? [`intake:phone:${phoneDigits}`] : []),
    ]);

    const { now, timeZone } = decision;
    const estimate = request.estimate as Estimate;
    const nationalDigits = phoneDigits?.slice(-10);
    const created = await insertLeadRow(trx, {
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
      source: request.source,
      estimated_value: estimateValueOf(estimate)?.toFixed(2) ?? null,
      estimate_breakdown: toJsonb(trx, estimate),
      utm_source: request.utm_source,
      utm_medium: request.utm_medium,
      utm_campaign: request.utm_campaign,
      referrer_host: request.referrer_host,
      landing_page: request.landing_page,
      sms_consent_at: request.sms_consent_at,
      sms_consent_text: request.sms_consent_text,
      sms_opted_out_at: nationalDigits ? await findSmsOptOutOfNumber(trx, nationalDigits) : null,
      // The lead starts now, when staff learn it is another person: its alerts and contact clock too.
      created_at: now,
      updated_at: now,
      last_request_at: now,
      contact_due_at: addBusinessMinutes(now, SPEED_TO_LEAD_TARGET_MINUTES, timeZone),
    });
    await moveLeadRequest(trx, request.id, created.id);

    const remaining = requests.filter((row) => row.id !== request.id);
    const notes = withoutRequestNotes(lead.notes, request, timeZone);
    const consent = consentWithout(lead, request, remaining);
    const repeats = remaining.slice(1);
    await updateLeadAfterSplit(trx, lead.id, {
      repeat_count: Math.max(0, lead.repeat_count - 1),
      last_repeat_at: repeats.length > 0 ? latestOf(repeats) : null,
      last_request_at: latestOf(remaining),
      details_differ_request_id: lead.details_differ_request_id === request.id ? null : lead.details_differ_request_id,
      notes,
      ...consent,
    });

    // Linked to the leads of its phone, the one it was taken for first.
    const samePhone = phoneDigits
      ? (await findRepeatCandidates(trx, request.email, phoneDigits))
          .filter((other) => other.id !== created.id && phoneDigitsToMatch(other.phone) === phoneDigits)
          .sort((a, b) => Number(b.id === lead.id) - Number(a.id === lead.id))
          .slice(0, SAME_PHONE_LINKS_MAX)
          .map((other) => other.id)
      : [];
    await insertSamePhoneLinks(trx, created.id, samePhone);

    const before: Record<string, unknown> = { repeatCount: lead.repeat_count };
    const after: Record<string, unknown> = { requestId: request.id, repeatCount: Math.max(0, lead.repeat_count - 1) };
    if (notes !== lead.notes) {
      before.notes = lead.notes;
      after.notes = notes;
    }
    if (timeOf(consent.sms_consent_at) !== timeOf(lead.sms_consent_at)) {
      before.smsConsent = lead.sms_consent_at && new Date(lead.sms_consent_at).toISOString();
      after.smsConsent = consent.sms_consent_at && new Date(consent.sms_consent_at).toISOString();
    }
    after.splitInto = created.id;
    await recordLeadChanges(trx, [
      leadChange(decision.userId, lead.id, 'request_split', before, after),
      leadChange(decision.userId, created.id, 'split_from', null, { requestId: request.id, splitFrom: lead.id }),
    ]);
    const systemUserId = await findOrCreateSystemUserId(trx);
    const received = formatBusinessDate(new Date(request.received_at), timeZone);
    // Written by the system user: a note of this is not a staff contact of either customer.
    await recordSystemActivity(
      trx,
      {
        leadId: lead.id,
        userId: systemUserId,
        type: 'note',
        subject: 'Request split off',
        description: `The request of ${received} from ${fullNameOf(request)} is another person's: staff split it into a lead of its own.`,
      },
      now,
    );
    await recordSystemActivity(
      trx,
      {
        leadId: created.id,
        userId: systemUserId,
        type: 'note',
        subject: 'Split from another lead',
        description: `This request (${received}) was taken as a repeat of ${fullNameOf(lead)}'s lead; staff split it off: another person.`,
      },
      now,
    );
    await outbox.leadCreated(created.id);
    await notifyAboutLead(trx, created.id, { kind: 'new_lead' }, { now, timeZone, actorId: decision.userId });
    return created.id;
  });
  return getLeadDetail(db, newLeadId);
}
