// A lead's quote requests (lead_requests) and the "Details differ" decision: a repeat request never
// changes who the person is on the lead; staff apply a request's name, e-mail and phone, or keep the
// lead's, and either choice is written on the lead's timeline.
import type { LeadDetail } from '@shine/shared/types';
import { API_ERRORS } from '@shine/shared/messages';
import type { Knex } from 'knex';
import { recordSystemActivity } from '../activities/activities.service.ts';
import type { LeadRequestRow, LeadRow } from '../db/tables.ts';
import { AppError } from '../http/app-error.ts';
import { leadChange, recordLeadChanges } from './lead-audit.ts';
import { toLead, toLeadRequest } from './lead-mapper.ts';
import { findLeadRequestRow, insertFirstRequestsOfLeads, listLeadRequestRows } from './lead-requests.queries.ts';
import { findLeadRow, type LeadIdentity, lockLeadRow, settleLeadIdentity } from './leads.queries.ts';

export async function getLeadDetail(db: Knex, id: string): Promise<LeadDetail> {
  const [row, requests] = await Promise.all([findLeadRow(db, id), listLeadRequestRows(db, id)]);
  if (!row) throw new AppError(404, API_ERRORS.leadNotFound);
  return { ...toLead(row), requests: requests.map(toLeadRequest) };
}

/** Leads stored without going through intake (the seed) get their first request, from their own columns. */
export function recordFirstRequestsOfLeads(db: Knex): Promise<void> {
  return insertFirstRequestsOfLeads(db);
}

const IDENTITY_LABELS: Record<keyof LeadIdentity, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
};
const IDENTITY_COLUMNS = Object.keys(IDENTITY_LABELS) as Array<keyof LeadIdentity>;
/** The API's names of the identity columns, for the audit rows. */
const IDENTITY_FIELDS: Record<keyof LeadIdentity, string> = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  phone: 'phone',
};

function identityFields(identity: Partial<LeadIdentity>): Record<string, string> {
  return Object.fromEntries(
    IDENTITY_COLUMNS.flatMap((column) =>
      identity[column] === undefined ? [] : [[IDENTITY_FIELDS[column], identity[column]]],
    ),
  );
}

const receivedOn = (request: LeadRequestRow) => new Date(request.received_at).toISOString();

interface Decision {
  leadId: string;
  requestId: string;
  /** The staff member deciding: the author of the timeline note. */
  userId: string;
  now: Date;
}

/**
 * The decision in one transaction with its timeline note and audit row: `details_applied` holds the
 * identity fields that changed, before and after; `details_kept` the request whose details were not taken.
 */
async function decide(
  db: Knex,
  decision: Decision,
  action: 'details_applied' | 'details_kept',
  settle: (
    lead: LeadRow,
    request: LeadRequestRow,
  ) => { identity: Partial<LeadIdentity>; subject: string; lines: string[] },
): Promise<LeadDetail> {
  await db.transaction(async (trx) => {
    const lead = await lockLeadRow(trx, decision.leadId);
    if (!lead) throw new AppError(404, API_ERRORS.leadNotFound);
    const request = await findLeadRequestRow(trx, decision.leadId, decision.requestId);
    if (!request) throw new AppError(404, API_ERRORS.leadRequestNotFound);
    const { identity, subject, lines } = settle(lead, request);
    await settleLeadIdentity(trx, lead.id, identity);
    const changed = Object.keys(identity) as Array<keyof LeadIdentity>;
    const before = identityFields(Object.fromEntries(changed.map((column) => [column, lead[column]])));
    const after = { requestId: request.id, ...identityFields(identity) };
    await recordLeadChanges(trx, [leadChange(decision.userId, lead.id, action, before, after)]);
    await recordSystemActivity(
      trx,
      { leadId: lead.id, userId: decision.userId, type: 'note', subject, description: lines.join('\n') },
      decision.now,
    );
  });
  return getLeadDetail(db, decision.leadId);
}

/** POST …/requests/{requestId}/apply: the lead takes the request's name, e-mail and phone. */
export function applyRequestDetails(db: Knex, decision: Decision): Promise<LeadDetail> {
  return decide(db, decision, 'details_applied', (lead, request) => {
    const changed = IDENTITY_COLUMNS.filter((column) => lead[column] !== request[column]);
    return {
      identity: Object.fromEntries(changed.map((column) => [column, request[column]])),
      subject: 'Contact details updated',
      lines: [
        `Applied the details of the request received ${receivedOn(request)}.`,
        ...(changed.length > 0
          ? changed.map((column) => `${IDENTITY_LABELS[column]}: ${lead[column]} → ${request[column]}`)
          : ['Nothing differed.']),
      ],
    };
  });
}

/** POST …/requests/{requestId}/dismiss: the lead keeps its details; the request's stay in its history. */
export function dismissRequestDetails(db: Knex, decision: Decision): Promise<LeadDetail> {
  return decide(db, decision, 'details_kept', (lead, request) => ({
    identity: {},
    subject: 'Contact details kept',
    lines: [
      `Kept the lead's details; the request received ${receivedOn(request)} gave:`,
      ...IDENTITY_COLUMNS.filter((column) => lead[column] !== request[column]).map(
        (column) => `${IDENTITY_LABELS[column]}: ${request[column]} (the lead keeps ${lead[column]})`,
      ),
    ],
  }));
}
