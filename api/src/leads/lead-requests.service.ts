// A lead's quote requests (lead_requests) and the "Details differ" decision: a repeat request changes
// neither who the person is nor the home and service on the lead; staff apply a request's details or
// keep the lead's, and either choice is written on the lead's timeline and audited field by field.
import { formatMoney } from '@shine/shared/format';
import { API_ERRORS } from '@shine/shared/messages';
import { type Estimate, estimateValueOf } from '@shine/shared/pricing';
import type { LeadDetail } from '@shine/shared/types';
import type { Knex } from 'knex';
import { recordSystemActivity } from '../activities/index.ts';
import { toJsonb } from '../db/jsonb.ts';
import type { LeadRequestRow, LeadRow } from '../db/tables.ts';
import { AppError } from '../http/app-error.ts';
import { leadChange, recordLeadChanges } from './lead-audit.ts';
import { toLead, toLeadRequest } from './lead-mapper.ts';
import { findLeadRequestRow, insertFirstRequestsOfLeads, listLeadRequestRows } from './lead-requests.queries.ts';
import {
  findLeadRow,
  LEAD_REQUEST_COLUMNS,
  type LeadRequestColumn,
  type LeadRequestDetails,
  lockLeadRow,
  settleLeadDetails,
} from './leads.queries.ts';

export async function getLeadDetail(db: Knex, id: string): Promise<LeadDetail> {
  const [row, requests] = await Promise.all([findLeadRow(db, id), listLeadRequestRows(db, id)]);
  if (!row) throw new AppError(404, API_ERRORS.leadNotFound);
  return { ...toLead(row), requests: requests.map(toLeadRequest) };
}

/** Leads stored without going through intake (the seed) get their first request, from their own columns. */
export function recordFirstRequestsOfLeads(db: Knex): Promise<void> {
  return insertFirstRequestsOfLeads(db);
}

/** The request's columns staff apply, as the timeline names them. */
const DETAIL_LABELS: Record<LeadRequestColumn, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  zipcode: 'Zip code',
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  cleaning_type: 'Cleaning type',
  frequency: 'Frequency',
};
/** The API's names of those columns, for the audit rows. */
const DETAIL_FIELDS: Record<LeadRequestColumn, string> = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  phone: 'phone',
  zipcode: 'zipcode',
  bedrooms: 'bedrooms',
  bathrooms: 'bathrooms',
  cleaning_type: 'cleaningType',
  frequency: 'frequency',
};
const SERVICE_COLUMNS: readonly LeadRequestColumn[] = [
  'zipcode',
  'bedrooms',
  'bathrooms',
  'cleaning_type',
  'frequency',
];

const receivedOn = (request: LeadRequestRow) => new Date(request.received_at).toISOString();
const amountOf = (value: string | null) => (value === null ? null : Number(value));
const moneyOf = (value: string | null) => (value === null ? 'none' : formatMoney(value));

/** Whether staff have left the lead's value as its estimate set it (then a new estimate sets it too). */
function isValueFromEstimate(lead: LeadRow): boolean {
  if (lead.estimated_value === null) return true;
  const estimate = lead.estimate_breakdown as Estimate | null;
  return estimate !== null && Number(lead.estimated_value) === estimateValueOf(estimate);
}

interface Decision {
  leadId: string;
  requestId: string;
  /** The staff member deciding: the author of the timeline note. */
  userId: string;
  now: Date;
}

/** What a decision sets on the lead, its audit row's two sides, and its timeline note. */
interface Settlement {
  details: LeadRequestDetails;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  subject: string;
  lines: string[];
}

/**
 * The decision in one transaction with its timeline note and audit row: `details_applied` holds each
 * field that changed, before and after; `details_kept` the request whose details were not taken.
 */
async function decide(
  db: Knex,
  decision: Decision,
  action: 'details_applied' | 'details_kept',
  settle: (trx: Knex, lead: LeadRow, request: LeadRequestRow) => Settlement,
): Promise<LeadDetail> {
  await db.transaction(async (trx) => {
    const lead = await lockLeadRow(trx, decision.leadId);
    if (!lead) throw new AppError(404, API_ERRORS.leadNotFound);
    const request = await findLeadRequestRow(trx, decision.leadId, decision.requestId);
    if (!request) throw new AppError(404, API_ERRORS.leadRequestNotFound);
    const { details, before, after, subject, lines } = settle(trx, lead, request);
    await settleLeadDetails(trx, lead.id, details);
    await recordLeadChanges(trx, [
      leadChange(decision.userId, lead.id, action, before, { requestId: request.id, ...after }),
    ]);
    await recordSystemActivity(
      trx,
      { leadId: lead.id, userId: decision.userId, type: 'note', subject, description: lines.join('\n') },
      decision.now,
    );
  });
  return getLeadDetail(db, decision.leadId);
}

/**
 * POST …/requests/{requestId}/apply: the lead takes the request's name, e-mail and phone, its home and
 * service and, when those change, its estimate (and the value, unless staff set it by hand).
 */
export function applyRequestDetails(db: Knex, decision: Decision): Promise<LeadDetail> {
  return decide(db, decision, 'details_applied', (trx, lead, request) => {
    const changed = LEAD_REQUEST_COLUMNS.filter((column) => lead[column] !== request[column]);
    const details: LeadRequestDetails = Object.fromEntries(changed.map((column) => [column, request[column]]));
    const before: Record<string, unknown> = Object.fromEntries(
      changed.map((column) => [DETAIL_FIELDS[column], lead[column]]),
    );
    const after: Record<string, unknown> = Object.fromEntries(
      changed.map((column) => [DETAIL_FIELDS[column], request[column]]),
    );
    const lines = changed.map((column) => `${DETAIL_LABELS[column]}: ${lead[column]} → ${request[column]}`);
    const estimate = request.estimate as Estimate | null;
    if (estimate && changed.some((column) => SERVICE_COLUMNS.includes(column))) {
      details.estimate_breakdown = toJsonb(trx, estimate);
      const value = estimateValueOf(estimate)?.toFixed(2) ?? null;
      if (isValueFromEstimate(lead) && amountOf(value) !== amountOf(lead.estimated_value)) {
        details.estimated_value = value;
        before.estimatedValue = amountOf(lead.estimated_value);
        after.estimatedValue = amountOf(value);
        lines.push(`Estimated value: ${moneyOf(lead.estimated_value)} → ${moneyOf(value)}`);
      }
    }
    return {
      details,
      before,
      after,
      subject: 'Lead details updated',
      lines: [
        `Applied the details of the request received ${receivedOn(request)}.`,
        ...(lines.length > 0 ? lines : ['Nothing differed.']),
      ],
    };
  });
}

/** POST …/requests/{requestId}/dismiss: the lead keeps its details; the request's stay in its history. */
export function dismissRequestDetails(db: Knex, decision: Decision): Promise<LeadDetail> {
  return decide(db, decision, 'details_kept', (_trx, lead, request) => ({
    details: {},
    before: {},
    after: {},
    subject: 'Lead details kept',
    lines: [
      `Kept the lead's details; the request received ${receivedOn(request)} gave:`,
      ...LEAD_REQUEST_COLUMNS.filter((column) => lead[column] !== request[column]).map(
        (column) => `${DETAIL_LABELS[column]}: ${request[column]} (the lead keeps ${lead[column]})`,
      ),
    ],
  }));
}
