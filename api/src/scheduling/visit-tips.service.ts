// A tip for the crew of a completed visit (docs/decisions.md, "Tips"): the visit and its crew are
// scheduling's, the tip is kept by the payments feature (recordTip), in one transaction under the
// visit's row lock.
import type { ManualPayment } from '@shine/shared/payments';
import { TIP_MESSAGES, type Tip } from '@shine/shared/tips';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { recordTip } from '../payments/index.ts';
import { getSchedulingSettings } from '../settings/index.ts';
import { lockVisitRow } from './scheduling.queries.ts';

/** POST /api/admin/visits/{id}/tips: 404 for no visit, 409 for one not marked completed. */
export async function recordVisitTip(
  db: Knex,
  actorId: string,
  visitId: string,
  input: ManualPayment,
  now: Date,
): Promise<Tip> {
  return db.transaction(async (trx) => {
    const visit = await lockVisitRow(trx, visitId);
    if (!visit) throw new AppError(404, TIP_MESSAGES.visitNotFound);
    if (visit.status !== 'completed') throw new AppError(409, TIP_MESSAGES.notCompleted);
    const settings = await getSchedulingSettings(trx);
    const crewName = settings.crews[visit.crew - 1] ?? `Crew ${visit.crew}`;
    return recordTip(trx, actorId, { id: visit.id, leadId: visit.lead_id, crew: visit.crew, crewName }, input, now);
  });
}
