import { businessMinutesBetween } from '@shine/shared/business-time';
import type { LeadStatus } from '@shine/shared/enums';
import type { LeadListQuery, LeadUpdate } from '@shine/shared/leads';
import { API_ERRORS } from '@shine/shared/messages';
import type { Lead, LeadPage } from '@shine/shared/types';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { lockLeadForContact, setFirstContact } from './lead-intake.queries.ts';
import { toLead } from './lead-mapper.ts';
import {
  countLeadRows,
  findLeadRow,
  type LeadChanges,
  listLeadRows,
  lockLeadForShare,
  markLeadContacted,
  updateLeadRow,
  updateLeadStatusRow,
} from './leads.queries.ts';

export async function listLeads(db: Knex, query: LeadListQuery): Promise<LeadPage> {
  const [rows, total] = await Promise.all([listLeadRows(db, query), countLeadRows(db, query)]);
  return { items: rows.map(toLead), total, page: query.page, pageSize: query.pageSize };
}

/** Throws the 404 other features answer when they are handed an unknown lead. */
export async function assertLeadExists(db: Knex, id: string): Promise<void> {
  if (!(await findLeadRow(db, id))) throw new AppError(404, API_ERRORS.leadNotFound);
}

/** Inside a transaction: keeps the lead from being deleted until it ends; false when it does not exist. */
export function lockLead(trx: Knex.Transaction, id: string): Promise<boolean> {
  return lockLeadForShare(trx, id);
}

/** A completed call, e-mail or meeting: the lead's last contact. */
export function recordLeadContact(db: Knex, id: string, at: Date): Promise<void> {
  return markLeadContacted(db, id, at);
}

/**
 * Inside a transaction, before a staff activity (POST /api/admin/activities) is stored: locks the lead
 * and, when it is its first staff activity, records the first contact and the business minutes it
 * took (speed-to-lead). False when the lead does not exist.
 */
export async function recordStaffActivityOnLead(
  trx: Knex.Transaction,
  id: string,
  at: Date,
  timeZone: string,
): Promise<boolean> {
  const lead = await lockLeadForContact(trx, id);
  if (!lead) return false;
  if (lead.first_contacted_at === null) {
    await setFirstContact(trx, id, at, businessMinutesBetween(new Date(lead.created_at), at, timeZone));
  }
  return true;
}

function toChanges(update: LeadUpdate): LeadChanges {
  const changes: LeadChanges = {};
  if (update.priority !== undefined) changes.priority = update.priority;
  if (update.nextFollowUpAt !== undefined) {
    changes.next_follow_up_at = update.nextFollowUpAt === null ? null : new Date(update.nextFollowUpAt);
  }
  if (update.estimatedValue !== undefined) {
    changes.estimated_value = update.estimatedValue === null ? null : update.estimatedValue.toFixed(2);
  }
  if (update.tags !== undefined) changes.tags = [...new Set(update.tags)];
  if (update.notes !== undefined) changes.notes = update.notes === '' ? null : update.notes;
  return changes;
}

export async function updateLead(db: Knex, id: string, update: LeadUpdate): Promise<Lead> {
  const row = await updateLeadRow(db, id, toChanges(update));
  if (!row) throw new AppError(404, API_ERRORS.leadNotFound);
  return toLead(row);
}

/**
 * Sets the status; answers the lead and the status it had before (automations see from → to).
 * A staff change is recorded in the automation outbox with it (`eventId`, null when the status
 * did not change); a change made by an automation is not, so rules cannot trigger each other.
 */
export async function changeLeadStatus(
  db: Knex,
  id: string,
  status: LeadStatus,
  { recordEvent }: { recordEvent: boolean },
): Promise<{ lead: Lead; previousStatus: LeadStatus; eventId: string | null }> {
  const changed = await updateLeadStatusRow(db, id, status, { recordEvent });
  if (!changed) throw new AppError(404, API_ERRORS.leadNotFound);
  return { lead: toLead(changed.row), previousStatus: changed.previousStatus, eventId: changed.eventId };
}
