// A lead staff entered by hand (POST /api/admin/leads): the quote form's fields taken in without the
// spam rules, and a repeat of the same person offered to staff instead of merged silently. The public
// form's intake (lead-intake.service.ts) is the other way a lead is made; both share its steps.
import { CLOSED_LEAD_STATUSES } from '@shine/shared/enums';
import { estimateQuote } from '@shine/shared/pricing';
import type { QuoteRequestIntake, StaffLeadRequest } from '@shine/shared/quote-request';
import type { LeadMatch } from '@shine/shared/responses/leads';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { withLeadEventOutbox } from '../lead-events/index.ts';
import { leadChange, recordLeadChanges } from './lead-audit.ts';
import {
  type IntakeClock,
  type IntakeOrigin,
  insertNewLead,
  lockAndWeighCandidates,
  mergeRepeatRequest,
  type NewLead,
  SAME_PHONE_LINKS_MAX,
  toNewLead,
} from './lead-intake.service.ts';
import { toLead } from './lead-mapper.ts';
import { notifyAboutLead } from './lead-notifications.ts';

const NOT_A_MATCH = 'That lead is not one of this person’s leads';

/**
 * A lead staff entered by hand (POST /api/admin/leads): created, its request added to a lead of the
 * same person, or refused with the leads of the same person for staff to choose from.
 */
export type StaffLeadOutcome = { kind: 'created' | 'merged'; lead: Lead } | { kind: 'matched'; matches: LeadMatch[] };

/**
 * Takes in a lead staff typed for a customer who phoned, wrote or walked in: the quote form's fields
 * and estimate, the source they chose, no spam rules. The public form's repeat rule (repeatMatchOf)
 * finds the same person's leads, but a match is offered, never merged silently: without `addToLead`
 * (one of the matches, open) or `createAnyway`, nothing is written and the matches are answered.
 * A new lead follows the person's newest closed lead when no open one matches, and is linked as "same
 * phone" to the other leads found. Audited with its maker, who is not notified of their own lead.
 */
export async function enterLeadByStaff(
  db: Knex,
  input: StaffLeadRequest,
  actorId: string,
  clock: IntakeClock,
): Promise<StaffLeadOutcome> {
  const { source, addToLead, createAnyway, ...fields } = input;
  const quote: QuoteRequestIntake = { ...fields, smsConsent: false };
  const origin: IntakeOrigin = { receivedAt: clock.now, timeZone: clock.timeZone, releasedFromRule: null };
  const request: NewLead = { ...toNewLead(quote, estimateQuote(quote), origin), source };
  const context = { now: origin.receivedAt, timeZone: origin.timeZone, actorId };
  const outcome = await withLeadEventOutbox(db, async (trx, outbox): Promise<StaffLeadOutcome> => {
    const found = await lockAndWeighCandidates(trx, quote, request);
    const matches = found.filter((candidate) => candidate.match !== null);

    if (addToLead) {
      const chosen = matches.find((candidate) => candidate.lead.id === addToLead);
      if (!chosen?.match) {
        throw new AppError(400, NOT_A_MATCH, [{ path: 'addToLead', message: NOT_A_MATCH }]);
      }
      if (CLOSED_LEAD_STATUSES.includes(chosen.lead.status)) {
        const message = `That lead is ${chosen.lead.status}: create a new lead instead`;
        throw new AppError(400, message, [{ path: 'addToLead', message }]);
      }
      const row = await mergeRepeatRequest(trx, outbox, chosen.lead, request, origin, chosen.match, actorId);
      await notifyAboutLead(trx, row.id, { kind: 'repeat_request' }, context);
      return { kind: 'merged', lead: toLead({ ...row, assignee_name: null }) };
    }
    if (matches.length > 0 && createAnyway !== true) {
      return {
        kind: 'matched',
        matches: matches.map(({ lead }) => ({
          id: lead.id,
          name: `${lead.first_name} ${lead.last_name}`.trim(),
          status: lead.status,
        })),
      };
    }
    // Candidates come open first: a closed match is the lead this one follows only when none is open.
    const previous = matches[0] && CLOSED_LEAD_STATUSES.includes(matches[0].lead.status) ? matches[0].lead : undefined;
    const samePhone = found
      .filter((candidate) => candidate.lead.id !== previous?.id)
      .slice(0, SAME_PHONE_LINKS_MAX)
      .map((candidate) => candidate.lead.id);
    const row = await insertNewLead(trx, outbox, request, {
      previousLeadId: previous?.id ?? null,
      samePhone,
      clientKey: null,
      releasedFromRule: null,
    });
    await recordLeadChanges(trx, [leadChange(actorId, row.id, 'created', null, { source })]);
    await notifyAboutLead(trx, row.id, { kind: 'new_lead' }, context);
    return { kind: 'created', lead: toLead({ ...row, assignee_name: null }) };
  });
  return outcome;
}
