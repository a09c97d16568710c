import { randomUUID } from 'node:crypto';
import { DEFAULT_LEAD_PRIORITY, DEFAULT_LEAD_SOURCE, DEFAULT_LEAD_STATUS } from '@shine/shared/constants';
import type { LeadStatus } from '@shine/shared/enums';
import type { LeadListQuery, LeadUpdate } from '@shine/shared/leads';
import { API_ERRORS } from '@shine/shared/messages';
import type { QuoteSubmission } from '@shine/shared/quote';
import type { Lead, LeadPage } from '@shine/shared/types';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.ts';
import { toLead } from './lead-mapper.ts';
import {
  countLeadRows,
  findLeadRow,
  insertLead,
  type LeadChanges,
  listLeadRows,
  lockLeadForShare,
  markLeadContacted,
  type NewLeadRow,
  updateLeadRow,
  updateLeadStatusRow,
} from './leads.queries.ts';

/** The honeypot: a field people never see. Bots that fill it get a normal-looking answer and no lead. */
export function isHoneypotFilled(submission: QuoteSubmission): boolean {
  return (submission.website ?? '').trim() !== '';
}

function toNewLeadRow(quote: QuoteSubmission): NewLeadRow {
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
  };
}

/** POST /api/leads: a new lead with SPEC.md §3's defaults (the columns' defaults). */
export async function createLeadFromQuote(db: Knex, quote: QuoteSubmission): Promise<Lead> {
  return toLead(await insertLead(db, toNewLeadRow(quote)));
}

/** What a created lead would look like, for the honeypot's answer; nothing is stored. */
export function buildDecoyLead(quote: QuoteSubmission, now: Date): Lead {
  const at = now.toISOString();
  return {
    id: randomUUID(),
    firstName: quote.firstName,
    lastName: quote.lastName,
    email: quote.email,
    phone: quote.phone,
    zipcode: quote.zipcode,
    bedrooms: quote.bedrooms,
    bathrooms: quote.bathrooms,
    cleaningType: quote.cleaningType,
    frequency: quote.frequency,
    notes: quote.notes ? quote.notes : null,
    status: DEFAULT_LEAD_STATUS,
    priority: DEFAULT_LEAD_PRIORITY,
    assignedTo: null,
    estimatedValue: null,
    source: DEFAULT_LEAD_SOURCE,
    tags: [],
    lastContactedAt: null,
    nextFollowUpAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

export async function listLeads(db: Knex, query: LeadListQuery): Promise<LeadPage> {
  const [rows, total] = await Promise.all([listLeadRows(db, query), countLeadRows(db, query)]);
  return { items: rows.map(toLead), total, page: query.page, pageSize: query.pageSize };
}

export async function getLead(db: Knex, id: string): Promise<Lead> {
  const row = await findLeadRow(db, id);
  if (!row) throw new AppError(404, API_ERRORS.leadNotFound);
  return toLead(row);
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

/** Sets the status; answers the lead and the status it had before (automations see from → to). */
export async function changeLeadStatus(
  db: Knex,
  id: string,
  status: LeadStatus,
): Promise<{ lead: Lead; previousStatus: LeadStatus }> {
  const changed = await updateLeadStatusRow(db, id, status);
  if (!changed) throw new AppError(404, API_ERRORS.leadNotFound);
  return { lead: toLead(changed.row), previousStatus: changed.previousStatus };
}
