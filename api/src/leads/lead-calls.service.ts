// A call logged with how it went (POST /api/admin/leads/{id}/calls): the timeline's entry, and in the
// same transaction the lead's next follow-up and status, so the office's one step never half-applies.
import { type CallLog, callSubject } from '@shine/shared/activities';
import { API_ERRORS } from '@shine/shared/messages';
import type { CallLogged } from '@shine/shared/responses/activities';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { withLeadEventOutbox } from '../lead-events/index.ts';
import { logStaffActivity } from './lead-activities.service.ts';
import { checkLostReasonOf, findLead, moveLeadByStaff, updateLeadInTransaction } from './leads.service.ts';

/**
 * By `userId`, a call made `now`: a completed call with its outcome and note (the lead's first
 * contact, in `timeZone`'s business minutes, and its last), then the status (audited, its
 * status_changed event for the rules), then the follow-up (audited). Any refusal (an unknown lead, a
 * lost reason not on the list) leaves everything as it was.
 */
export async function logCallByStaff(
  db: Knex,
  userId: string,
  leadId: string,
  log: CallLog,
  now: Date,
  timeZone: string,
): Promise<CallLogged> {
  const lost = log.status === 'Lost' ? await checkLostReasonOf(db, log) : undefined;
  return withLeadEventOutbox(db, async (trx, outbox) => {
    const activity = await logStaffActivity(
      trx,
      userId,
      {
        leadId,
        type: 'call',
        title: log.title ?? callSubject(log.outcome),
        description: log.note,
        status: 'completed',
        outcome: log.outcome,
      },
      now,
      timeZone,
    );
    if (log.status !== undefined) await moveLeadByStaff(trx, outbox, userId, leadId, log.status, lost);
    if (log.nextFollowUpAt !== undefined) {
      await updateLeadInTransaction(trx, userId, leadId, { nextFollowUpAt: log.nextFollowUpAt });
    }
    const lead = await findLead(trx, leadId);
    if (!lead) throw new AppError(404, API_ERRORS.leadNotFound);
    return { activity, lead };
  });
}
