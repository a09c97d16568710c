// Held submissions: quote requests a spam rule caught (lead-intake.service.ts holds them). Staff
// release one (it goes through the normal intake as of when it arrived) or delete it; the rest are
// purged after HELD_RETENTION_DAYS.
import type { SpamRule } from '@shine/shared/intake';
import type { HeldListQuery } from '@shine/shared/leads';
import { API_ERRORS } from '@shine/shared/messages';
import { quoteRequestIntakeSchema } from '@shine/shared/quote-request';
import type { UserRole } from '@shine/shared/enums';
import type { HeldPayload, HeldSubmission, HeldSubmissionPage, Lead } from '@shine/shared/types';
import type { HeldClientAddress } from '@shine/shared/responses/leads';
import { ipKeyGenerator } from 'express-rate-limit';
import { isIPv4, isIPv6 } from 'node:net';
import type { Knex } from 'knex';
import { recordAudit } from '../audit/index.ts';
import type { HeldSubmissionRow } from '../db/tables.ts';
import { AppError } from '../http/app-error.ts';
import { withLeadEventOutbox } from '../lead-events/index.ts';
import {
  countHeldSubmissionsByRule,
  deleteHeldSubmission,
  deleteHeldSubmissionsBefore,
  findHeldSubmission,
  listHeldSubmissionRows,
  lockHeldSubmission,
} from './held-submissions.queries.ts';
import { leadChange, recordLeadChanges } from './lead-audit.ts';
import { takeInRequest } from './lead-intake.service.ts';
import { toLead } from './lead-mapper.ts';
import { findLeadRow } from './leads.queries.ts';

/**
 * The network an address belongs to, as an admin sees a held sender: an IPv4 address by its /24
 * ("203.0.113.0/24"), an IPv6 one by its /48 ("2001:db8:1::/48"); an IPv4-mapped IPv6 address as
 * the IPv4 it is. Enough to see a flood come from one place, not enough to name a household.
 */
export function networkOf(address: string): string {
  const ip = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(ip)) return ipKeyGenerator(ip, 48);
  return 'unknown network';
}

function toHeldSubmission(row: HeldSubmissionRow, role: UserRole): HeldSubmission {
  const admin = role === 'admin';
  return {
    id: row.id,
    receivedAt: new Date(row.received_at).toISOString(),
    rule: row.rule,
    reason: row.reason,
    payload: row.payload as HeldPayload,
    clientIp: admin && row.client_ip ? networkOf(row.client_ip) : null,
    userAgent: admin ? row.user_agent : null,
  };
}

/** How many submissions wait for review. */
export async function countHeldSubmissions(db: Knex): Promise<number> {
  return [...(await countHeldSubmissionsByRule(db)).values()].reduce((sum, n) => sum + n, 0);
}

/** The held page as `role` may see it: the sender's network and user agent for admins, neither for sales. */
export async function listHeldSubmissions(db: Knex, query: HeldListQuery, role: UserRole): Promise<HeldSubmissionPage> {
  const [rows, counts] = await Promise.all([
    listHeldSubmissionRows(db, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    countHeldSubmissionsByRule(db),
  ]);
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  return { items: rows.map((row) => toHeldSubmission(row, role)), total, page: query.page, pageSize: query.pageSize };
}

/** An admin asks for a held sender's full address on purpose: answered, and audited as looked at. */
export async function showHeldClientAddress(db: Knex, actorId: string, id: string): Promise<HeldClientAddress> {
  return db.transaction(async (trx) => {
    const held = await findHeldSubmission(trx, id);
    if (!held) throw new AppError(404, API_ERRORS.heldNotFound);
    await recordAudit(trx, {
      actorId,
      entity: 'lead',
      entityId: held.id,
      action: 'held_address_shown',
      after: heldSummary(held),
    });
    return { clientIp: held.client_ip };
  });
}

export interface Released {
  lead: Lead;
  rule: SpamRule;
}

/** What an audit row keeps of a held submission: enough to tell which request it was. */
function heldSummary(held: HeldSubmissionRow) {
  const payload = held.payload as HeldPayload;
  return {
    heldId: held.id,
    receivedAt: new Date(held.received_at).toISOString(),
    rule: held.rule,
    name: `${payload.firstName} ${payload.lastName}`,
    email: payload.email,
  };
}

/**
 * Takes a held submission in as if it had passed when it arrived: the estimate, the repeat merge, the
 * lead_created automations and the speed-to-lead clock from its original time. The held row goes in
 * the same transaction, so two releases at once make one lead and the second answers 404. The audit
 * row (`actorId` released it) is on the lead it became or joined.
 */
export async function releaseHeldSubmission(
  db: Knex,
  actorId: string,
  id: string,
  timeZone: string,
): Promise<Released> {
  return withLeadEventOutbox(db, async (trx, outbox) => {
    const held = await lockHeldSubmission(trx, id);
    if (!held) throw new AppError(404, API_ERRORS.heldNotFound);
    const quote = quoteRequestIntakeSchema.safeParse(held.payload);
    if (!quote.success) throw new AppError(409, API_ERRORS.heldPayloadInvalid);
    const taken = await takeInRequest(trx, outbox, quote.data, {
      receivedAt: new Date(held.received_at),
      timeZone,
      releasedFromRule: held.rule,
    });
    await deleteHeldSubmission(trx, id);
    await recordLeadChanges(trx, [
      leadChange(actorId, taken.row.id, 'held_released', null, {
        ...heldSummary(held),
        merged: taken.kind === 'merged',
      }),
    ]);
    // Read again: a request merged into an open lead answers that lead, assignee and all.
    const lead = await findLeadRow(trx, taken.row.id);
    if (!lead) throw new Error('the released lead disappeared inside its transaction');
    return { lead: toLead(lead), rule: held.rule };
  });
}

/** Deletes a held submission (`actorId` decided it was spam); the audit keeps who and which. */
export async function removeHeldSubmission(db: Knex, actorId: string, id: string): Promise<void> {
  await db.transaction(async (trx) => {
    const held = await deleteHeldSubmission(trx, id);
    if (!held) throw new AppError(404, API_ERRORS.heldNotFound);
    await recordAudit(trx, {
      actorId,
      entity: 'lead',
      entityId: held.id,
      action: 'held_discarded',
      before: heldSummary(held),
    });
  });
}

const DAY_MS = 86_400_000;

/** Purges held submissions older than `days`; answers how many went. Safe to run in every process. */
export function purgeHeldSubmissions(db: Knex, now: Date, days: number): Promise<number> {
  return deleteHeldSubmissionsBefore(db, new Date(now.getTime() - days * DAY_MS));
}
