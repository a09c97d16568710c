import { CLOSED_LEAD_STATUSES } from '@shine/shared/enums';
import type { SpamRule } from '@shine/shared/intake';
import { leadValuePerVisitSql } from '@shine/shared/recurring-revenue';
import type { ServiceAddress } from '@shine/shared/service-address';
import type { Knex } from 'knex';
import { userNameOf } from '../auth/index.ts';
import type { LeadRow } from '../db/tables.ts';
import type { NamedLeadRow } from './lead-mapper.ts';
import { FIRST_REQUEST_FROM_LEAD } from './lead-requests.queries.ts';

/** The columns a quote request fills: what a new lead stores and what a repeat request may update. */
export const LEAD_REQUEST_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'zipcode',
  'bedrooms',
  'bathrooms',
  'cleaning_type',
  'frequency',
] as const;
export type LeadRequestColumn = (typeof LEAD_REQUEST_COLUMNS)[number];

export type NewLeadRow = Pick<LeadRow, LeadRequestColumn | 'notes'> &
  Partial<
    Pick<
      LeadRow,
      | 'status'
      | 'priority'
      | 'source'
      | 'tags'
      | 'estimated_value'
      | 'next_follow_up_at'
      | 'estimate_breakdown'
      | 'utm_source'
      | 'utm_medium'
      | 'utm_campaign'
      | 'referrer_host'
      | 'landing_page'
      | 'previous_lead_id'
      | 'contact_due_at'
      | 'created_at'
      | 'updated_at'
      | 'last_request_at'
      | 'sms_consent_at'
      | 'sms_consent_text'
      | 'sms_opted_out_at'
      | 'client_key'
    >
  >;

export type LeadChanges = Partial<
  Pick<
    LeadRow,
    | 'priority'
    | 'status'
    | 'next_follow_up_at'
    | 'estimated_value'
    | 'tags'
    | 'notes'
    | 'last_contacted_at'
    | 'estimate_breakdown'
    | 'frequency'
    | 'assigned_to'
  >
>;

/**
 * Inserts a lead and its first request (lead_requests, from the lead's own columns) in one statement
 * (one round trip inside the intake's transaction). `releasedFromRule`: the spam rule that held the
 * request, when staff released it.
 */
export async function insertLeadWithFirstRequest(
  trx: Knex,
  lead: NewLeadRow,
  releasedFromRule: SpamRule | null = null,
): Promise<LeadRow> {
  const insert = trx('leads').insert(lead).returning('*').toSQL();
  const result = await trx.raw(
    `with created as (${insert.sql}),
     request as (
       insert into lead_requests (${FIRST_REQUEST_FROM_LEAD.columns}, released_from_rule)
       select ${FIRST_REQUEST_FROM_LEAD.values}, ?::text from created
     )
     select created.* from created`,
    [...insert.bindings, releasedFromRule],
  );
  const row = (result.rows as LeadRow[])[0];
  if (!row) throw new Error('lead insert returned no row');
  return row;
}

/** A lead without a request of its own yet (a request split off another lead is moved to it). */
export async function insertLeadRow(trx: Knex, lead: NewLeadRow): Promise<LeadRow> {
  const [row] = await trx('leads').insert(lead).returning('*');
  if (!row) throw new Error('lead insert returned no row');
  return row as LeadRow;
}

/** What a lead takes back when one of its repeat requests is split off into a lead of its own. */
export type SplitChanges = Pick<
  LeadRow,
  | 'repeat_count'
  | 'last_repeat_at'
  | 'last_request_at'
  | 'details_differ_request_id'
  | 'notes'
  | 'sms_consent_at'
  | 'sms_consent_text'
>;

export async function updateLeadAfterSplit(db: Knex, id: string, changes: SplitChanges): Promise<void> {
  await db('leads')
    .where({ id })
    .update({ ...changes, updated_at: db.fn.now() });
}

/** The assignee's name, selected beside `leads.*` (answers show it). */
const assigneeName = (db: Knex, leadsAlias = 'leads') =>
  userNameOf(db, `${leadsAlias}.assigned_to`).as('assignee_name');

/**
 * The leads of other people with the same phone (same_phone_links), selected beside `leads.*` as
 * same_phone_leads: a jsonb array of { id, name }, the newest first.
 */
export function samePhoneLeadsOf(db: Knex, leadsAlias = 'leads'): Knex.Raw {
  return db.raw(
    `coalesce((select jsonb_agg(jsonb_build_object('id', other.id, 'name', trim(other.first_name || ' ' || other.last_name))
                                order by other.created_at desc, other.id desc)
                 from same_phone_links link join leads other on other.id = link.other_lead_id
                where link.lead_id = ${leadsAlias}.id), '[]'::jsonb) as same_phone_leads`,
  );
}

export async function findLeadRow(db: Knex, id: string): Promise<NamedLeadRow | undefined> {
  return (await db('leads').select('leads.*', assigneeName(db), samePhoneLeadsOf(db)).where('leads.id', id).first()) as
    | NamedLeadRow
    | undefined;
}

export async function updateLeadRow(db: Knex, id: string, changes: LeadChanges): Promise<boolean> {
  const rows = await db('leads')
    .where({ id })
    .update({ ...changes, updated_at: db.fn.now() })
    .returning('id');
  return rows.length > 0;
}

export interface AssigneeOfLead {
  id: string;
  assigned_to: string | null;
  assignee_name: string | null;
}

/** Inside a transaction: the leads' current assignees, locked (in id order, so two batches cannot deadlock). */
export async function lockAssigneesOfLeads(trx: Knex.Transaction, ids: readonly string[]): Promise<AssigneeOfLead[]> {
  return (await trx('leads')
    .select('leads.id', 'leads.assigned_to', assigneeName(trx))
    .whereRaw('leads.id = any(?::uuid[])', [[...ids]])
    .orderBy('leads.id')
    .forNoKeyUpdate()) as AssigneeOfLead[];
}

export async function setAssigneeOfLeads(db: Knex, ids: readonly string[], userId: string | null): Promise<void> {
  if (ids.length === 0) return;
  await db('leads')
    .whereRaw('id = any(?::uuid[])', [[...ids]])
    .update({ assigned_to: userId, updated_at: db.fn.now() });
}

/** How many open (not Won or Lost) leads the user whose id is the SQL expression `userId` holds, as a scalar subquery. */
export function openLeadCountSubquery(db: Knex, userId: string): Knex.QueryBuilder {
  return db('leads as held')
    .count('*')
    .whereRaw(`held.assigned_to = ${userId}`)
    .whereNotIn('held.status', CLOSED_LEAD_STATUSES);
}

/**
 * Sets the status and answers the row with the status it had before, in one statement: the old
 * row is locked by the subquery, so two concurrent changes each see the status the other left.
 */
/** A lost reason as stored: the reason as the list reads it, and the note (null: none). */
export interface LostReasonChoice {
  reason: string;
  note: string | null;
}

/**
 * Sets the status; a status other than Lost clears the lost reason, Lost with `lost` sets it, Lost
 * without keeps the one the lead has. Answers the row and what it held before.
 */
export async function updateLeadStatusRow(
  db: Knex,
  id: string,
  status: LeadRow['status'],
  lost?: LostReasonChoice,
): Promise<
  | {
      row: NamedLeadRow;
      previousStatus: LeadRow['status'];
      previous: { lost_reason: string | null; lost_note: string | null };
    }
  | undefined
> {
  const isLost = status === 'Lost';
  const result = await db.raw(
    `with old as (select id, status, lost_reason, lost_note from leads where id = ? for update)
     update leads set status = ?,
            lost_reason = case when ?::boolean then coalesce(?::text, old.lost_reason) end,
            lost_note = case when ?::boolean then (case when ?::boolean then ?::text else old.lost_note end) end,
            updated_at = now()
       from old
      where leads.id = old.id
     returning leads.*, old.status as previous_status, old.lost_reason as previous_lost_reason,
               old.lost_note as previous_lost_note, ? as assignee_name, ?`,
    [
      id,
      status,
      isLost,
      lost?.reason ?? null,
      isLost,
      lost !== undefined,
      lost?.note ?? null,
      userNameOf(db, 'leads.assigned_to'),
      samePhoneLeadsOf(db),
    ],
  );
  const row = (
    result.rows as Array<
      NamedLeadRow & {
        previous_status: LeadRow['status'];
        previous_lost_reason: string | null;
        previous_lost_note: string | null;
      }
    >
  )[0];
  if (!row) return undefined;
  const { previous_status: previousStatus, previous_lost_reason, previous_lost_note, ...lead } = row;
  return { row: lead, previousStatus, previous: { lost_reason: previous_lost_reason, lost_note: previous_lost_note } };
}

/** The lead's full name, as a scalar subquery on the lead whose id is the SQL expression `leadId`. */
/** `id, name` of every lead ("Kevin Reyes"), for another feature to name one (an audit row's subject). */
export function leadNamesQuery(db: Knex): Knex.QueryBuilder {
  return db('leads').select('id', db.raw("first_name || ' ' || last_name as name"));
}

export function leadNameSubquery(db: Knex, leadId: string): Knex.QueryBuilder {
  return db('leads as named')
    .select(db.raw("named.first_name || ' ' || named.last_name"))
    .whereRaw(`named.id = ${leadId}`);
}

export function leadValueCentsSubquery(db: Knex, leadId: string): Knex.QueryBuilder {
  return db('leads as valued')
    .select(db.raw(`round(${leadValuePerVisitSql('valued.estimated_value')} * 100)`))
    .whereRaw(`valued.id = ${leadId}`);
}

export async function markLeadContacted(db: Knex, id: string, at: Date): Promise<void> {
  await db('leads').where({ id }).update({ last_contacted_at: at, updated_at: db.fn.now() });
}

/** Inside a transaction: the lead, locked for an update that depends on what it holds now. */
export async function lockLeadRow(trx: Knex.Transaction, id: string): Promise<NamedLeadRow | undefined> {
  return (await trx('leads')
    .select('leads.*', assigneeName(trx), samePhoneLeadsOf(trx))
    .where('leads.id', id)
    .forNoKeyUpdate()
    .first()) as NamedLeadRow | undefined;
}

/** What staff take from a repeat request: who the person is, the home and service, and its estimate. */
export type LeadRequestDetails = Partial<
  Pick<LeadRow, LeadRequestColumn | 'estimated_value'> & { estimate_breakdown: Knex.Raw }
>;

/** Sets a request's details on the lead (or keeps the lead's) and settles a "details differ" flag. */
export async function settleLeadDetails(db: Knex, id: string, details: LeadRequestDetails): Promise<void> {
  await db('leads')
    .where({ id })
    .update({ ...details, details_differ_request_id: null, updated_at: db.fn.now() });
}

/** Sets the lead's service address (migration 20261203100000). */
export async function updateServiceAddressRow(db: Knex, id: string, address: ServiceAddress): Promise<void> {
  await db('leads').where({ id }).update({
    service_line1: address.line1,
    service_line2: address.line2,
    service_city: address.city,
    service_zip: address.zip,
    updated_at: db.fn.now(),
  });
}

export type VisitContactRow = Pick<
  LeadRow,
  'id' | 'phone' | 'service_line1' | 'service_line2' | 'service_city' | 'service_zip'
>;

/** The phone and service address of the leads whose ids are `ids`. */
export function listVisitContactRows(db: Knex, ids: readonly string[]): Promise<VisitContactRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db('leads')
    .select('id', 'phone', 'service_line1', 'service_line2', 'service_city', 'service_zip')
    .whereRaw('id = any(?::uuid[])', [[...ids]]);
}
