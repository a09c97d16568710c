// lead_requests: every quote request of a lead as the visitor sent it, the first and each repeat.
import type { Knex } from 'knex';
import type { LeadRequestRow } from '../db/tables.ts';

export type NewLeadRequestRow = Omit<LeadRequestRow, 'id'>;

export async function insertLeadRequest(db: Knex, request: NewLeadRequestRow): Promise<LeadRequestRow> {
  const [row] = await db('lead_requests')
    .insert({ ...request, estimate: db.raw('?::jsonb', [JSON.stringify(request.estimate)]) })
    .returning('*');
  if (!row) throw new Error('lead request insert returned no row');
  return row as LeadRequestRow;
}

/** A lead's requests, oldest first. */
export async function listLeadRequestRows(db: Knex, leadId: string): Promise<LeadRequestRow[]> {
  return (await db('lead_requests')
    .where({ lead_id: leadId })
    .orderBy([
      { column: 'received_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])) as LeadRequestRow[];
}

export async function findLeadRequestRow(
  db: Knex,
  leadId: string,
  requestId: string,
): Promise<LeadRequestRow | undefined> {
  return (await db('lead_requests').where({ id: requestId, lead_id: leadId }).first()) as LeadRequestRow | undefined;
}

/** Moves a request to another lead (one split off into a lead of its own). */
export async function moveLeadRequest(db: Knex, requestId: string, leadId: string): Promise<void> {
  await db('lead_requests').where({ id: requestId }).update({ lead_id: leadId });
}

/**
 * A lead's first request, from the lead's own columns: `insert into lead_requests (${columns})
 * select ${values} from <leads rows>`. The lead's `last_request_at` is when it arrived.
 */
export const FIRST_REQUEST_FROM_LEAD = {
  columns: `lead_id, received_at, first_name, last_name, email, phone, zipcode, bedrooms, bathrooms, cleaning_type,
            frequency, notes, estimate, source, utm_source, utm_medium, utm_campaign, referrer_host, landing_page,
            sms_consent_at, sms_consent_text`,
  values: `id, last_request_at, first_name, last_name, email, phone, zipcode, bedrooms, bathrooms, cleaning_type,
           frequency, notes, estimate_breakdown, source, utm_source, utm_medium, utm_campaign, referrer_host,
           landing_page, sms_consent_at, sms_consent_text`,
} as const;

/** Leads stored without going through intake (the seed): their first request. */
export async function insertFirstRequestsOfLeads(db: Knex): Promise<void> {
  const { columns, values } = FIRST_REQUEST_FROM_LEAD;
  await db.raw(`
    insert into lead_requests (${columns})
    select ${values} from leads
     where not exists (select 1 from lead_requests where lead_requests.lead_id = leads.id)`);
}
