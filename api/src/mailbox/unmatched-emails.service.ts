// E-mail the mailbox holds for staff (docs/security.md, "Forged replies"): a message that carries no
// reply address of a lead and answers no e-mail we sent is stored here with the reason and the mail
// server's Authentication-Results verdict, never filed on a lead by itself and never deleted. Staff
// read it as "Unmatched e-mail" and attach it to the lead they choose (the timeline names who did) or
// dismiss it.
import type { UnmatchedEmailQuery } from '@shine/shared/conversations';
import { API_ERRORS } from '@shine/shared/messages';
import type { UnmatchedEmail, UnmatchedEmails } from '@shine/shared/responses/conversations';
import type { Knex } from 'knex';
import { userNameOf } from '../auth/index.ts';
import { recordInboundMessage } from '../conversations/index.ts';
import { AppError } from '../http/app-error.ts';
import { findLeadIdBySenderEmail, assertLeadExists, findLead, leadNameOf } from '../leads/index.ts';
import type { ParsedReply } from './parse-reply.ts';
import {
  findUnmatchedEmailListRow,
  findUnmatchedEmailRow,
  countUnmatchedEmailRows,
  insertUnmatchedEmailOnce,
  listUnmatchedEmailRows,
  type NameQueries,
  resolveUnmatchedEmail,
  restoreUnmatchedEmail,
  type UnmatchedEmailListRow,
} from './unmatched-emails.queries.ts';

/** A day's worth and more; `total` counts them all. */
const LIST_LIMIT = 100;

/** Holds the message; duplicate: the same bytes from this mailbox were held before. */
export async function holdEmail(
  db: Knex,
  mailbox: string,
  reply: ParsedReply,
  reason: string,
): Promise<{ duplicate: boolean }> {
  const id = await insertUnmatchedEmailOnce(db, {
    mailbox,
    external_id: reply.externalId,
    source_digest: reply.digest,
    sender: reply.from ?? null,
    recipients: reply.recipients.join('\n'),
    subject: reply.subject,
    body: reply.body,
    header_date: reply.headerDate,
    received_at: reply.receivedAt,
    reason,
    authentication: reply.authentication,
  });
  return { duplicate: id === undefined };
}

function namesOf(db: Knex): NameQueries {
  return { lead: (leadId) => leadNameOf(db, leadId), user: (userId) => userNameOf(db, userId) };
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** A lead with the sender's address, for a held message: a hint for staff, never proof. */
async function suggestionFor(db: Knex, row: UnmatchedEmailListRow): Promise<UnmatchedEmail['suggestedLead']> {
  if (row.status !== 'held' || !row.sender) return null;
  const leadId = await findLeadIdBySenderEmail(db, row.sender);
  const lead = leadId ? await findLead(db, leadId) : undefined;
  return lead ? { id: lead.id, name: `${lead.firstName} ${lead.lastName}`.trim() } : null;
}

async function toUnmatchedEmail(db: Knex, row: UnmatchedEmailListRow): Promise<UnmatchedEmail> {
  return {
    id: row.id,
    from: row.sender,
    to: row.recipients ? row.recipients.split('\n') : [],
    subject: row.subject,
    body: row.body,
    receivedAt: new Date(row.received_at).toISOString(),
    dateHeader: iso(row.header_date),
    reason: row.reason,
    authentication: row.authentication,
    status: row.status,
    leadId: row.lead_id,
    leadName: row.lead_name,
    resolvedBy: row.resolved_by_name,
    resolvedAt: iso(row.resolved_at),
    suggestedLead: await suggestionFor(db, row),
  };
}

/** How many e-mails wait as unmatched (the list's default status). */
export function countHeldEmails(db: Knex): Promise<number> {
  return countUnmatchedEmailRows(db, 'held');
}

export async function listUnmatchedEmails(db: Knex, query: UnmatchedEmailQuery): Promise<UnmatchedEmails> {
  const { rows, total } = await listUnmatchedEmailRows(db, query.status, namesOf(db), LIST_LIMIT);
  const items: UnmatchedEmail[] = [];
  for (const row of rows) items.push(await toUnmatchedEmail(db, row));
  return { items, total };
}

async function answerOf(db: Knex, id: string): Promise<UnmatchedEmail> {
  const row = await findUnmatchedEmailListRow(db, id, namesOf(db));
  if (!row) throw new AppError(404, API_ERRORS.unmatchedEmailNotFound);
  return toUnmatchedEmail(db, row);
}

/**
 * Files the held message on the lead the person chose, as an e-mail from its sender (the timeline
 * says who attached it); 404 for an unknown message or lead, 409 when it is attached already.
 */
export async function attachUnmatchedEmail(
  db: Knex,
  id: string,
  leadId: string,
  person: { id: string; name: string },
  now: Date,
  /** BUSINESS_TIMEZONE: who is on duty to hear of it when nobody holds the lead. */
  timeZone: string,
): Promise<UnmatchedEmail> {
  const held = await findUnmatchedEmailRow(db, id);
  if (!held) throw new AppError(404, API_ERRORS.unmatchedEmailNotFound);
  if (held.status === 'attached') throw new AppError(409, API_ERRORS.unmatchedEmailAttached);
  await assertLeadExists(db, leadId);
  const claimed = await resolveUnmatchedEmail(db, id, {
    status: 'attached',
    lead_id: leadId,
    resolved_by: person.id,
    resolved_at: now,
  });
  if (!claimed) throw new AppError(409, API_ERRORS.unmatchedEmailAttached);
  try {
    await recordInboundMessage(
      db,
      {
        leadId,
        channel: 'email',
        body: held.body,
        subject: held.subject,
        from: held.sender ?? '',
        externalId: held.external_id,
        mailbox: held.mailbox,
        receivedAt: held.received_at,
        filedBy: person,
      },
      timeZone,
    );
  } catch (error) {
    const { status, lead_id, resolved_by, resolved_at } = held;
    await restoreUnmatchedEmail(db, id, { status, lead_id, resolved_by, resolved_at });
    throw error;
  }
  return answerOf(db, id);
}

/** Marks the held message dismissed by the person (kept, never deleted); 409 once it is attached. */
export async function dismissUnmatchedEmail(
  db: Knex,
  id: string,
  person: { id: string },
  now: Date,
): Promise<UnmatchedEmail> {
  const held = await findUnmatchedEmailRow(db, id);
  if (!held) throw new AppError(404, API_ERRORS.unmatchedEmailNotFound);
  const changed = await resolveUnmatchedEmail(db, id, {
    status: 'dismissed',
    lead_id: null,
    resolved_by: person.id,
    resolved_at: now,
  });
  if (!changed) throw new AppError(409, API_ERRORS.unmatchedEmailAttached);
  return answerOf(db, id);
}
