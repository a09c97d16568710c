import type { LeadStatus } from '@shine/shared/enums';
import type { LeadListQuery, LeadUpdate } from '@shine/shared/leads';
import { API_ERRORS } from '@shine/shared/messages';
import type { Lead, LeadPage } from '@shine/shared/types';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { withLeadEventOutbox } from '../lead-events/lead-events.service.ts';
import { toLead } from './lead-mapper.ts';
import {
  countLeadRows,
  findLeadRow,
  type LeadChanges,
  leadNameSubquery,
  listLeadRows,
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

/** The lead, or undefined when there is none. */
export async function findLead(db: Knex, id: string): Promise<Lead | undefined> {
  const row = await findLeadRow(db, id);
  return row ? toLead(row) : undefined;
}

/** For another feature's query: the lead's full name, a scalar subquery on the lead whose id is `leadId` (SQL). */
export function leadNameOf(db: Knex, leadId: string): Knex.QueryBuilder {
  return leadNameSubquery(db, leadId);
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

/** The lead after a status change, and the status it had before (automations see from → to). */
export interface StatusChange {
  lead: Lead;
  previousStatus: LeadStatus;
}

/**
 * PATCH /api/admin/leads/{id}/status: a staff member sets the status. A real change (not to the
 * status the lead already has) writes its status_changed event to the outbox in the same
 * transaction, for the rules that listen for it.
 */
export function changeLeadStatusByStaff(db: Knex, id: string, status: LeadStatus): Promise<StatusChange> {
  return withLeadEventOutbox(db, async (trx, outbox) => {
    const change = await setStatus(trx, id, status);
    if (change.previousStatus !== status) await outbox.statusChanged(id, change.previousStatus, status);
    return change;
  });
}

/**
 * A rule's update_status action, inside the run's transaction. It writes no status_changed event:
 * a change made by an automation does not fire status_changed rules, so rules cannot trigger each
 * other in a loop (see docs/decisions.md).
 */
export function changeLeadStatusByAutomation(
  trx: Knex.Transaction,
  id: string,
  status: LeadStatus,
): Promise<StatusChange> {
  return setStatus(trx, id, status);
}

async function setStatus(db: Knex, id: string, status: LeadStatus): Promise<StatusChange> {
  const changed = await updateLeadStatusRow(db, id, status);
  if (!changed) throw new AppError(404, API_ERRORS.leadNotFound);
  return { lead: toLead(changed.row), previousStatus: changed.previousStatus };
}
