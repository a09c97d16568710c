// For speed to lead's metric (speed-to-lead/speed-to-lead-metric.ts): the leads that have been
// contacted, as a subquery its SQL composes; the leads table stays this feature's. A lead's first
// contact and its business minutes to it are written with the staff activity (lead-activities.service.ts).
import type { Knex } from 'knex';

/** (source, speed_to_lead_minutes) of the leads created in the last `days` days that have been contacted (leads_created_at_idx). */
export function contactedLeadsSince(db: Knex, now: Date, days: number): Knex.QueryBuilder {
  return db('leads')
    .select('source', 'speed_to_lead_minutes')
    .whereRaw('created_at >= ?::timestamptz - make_interval(days => ?::int)', [now.toISOString(), days])
    .whereNotNull('speed_to_lead_minutes');
}
