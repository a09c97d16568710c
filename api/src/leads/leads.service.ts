import { CLOSED_LEAD_STATUSES, type Frequency, type LeadStatus } from '@shine/shared/enums';
import type { LeadStatusUpdate, LeadUpdate } from '@shine/shared/leads';
import { lostReasonChoices } from '@shine/shared/lost-reasons';
import { API_ERRORS } from '@shine/shared/messages';
import type { Lead, Person } from '@shine/shared/types';
import type { Knex } from 'knex';
import { recordSystemActivity } from '../activities/index.ts';
import { findAssignableUser, findOrCreateSystemUserId } from '../auth/index.ts';
import { AppError } from '../http/app-error.ts';
import { markLeadNotificationsRead } from '../notifications/index.ts';
import { getLostReasons } from '../settings/index.ts';
import { type LeadEventOutbox, withLeadEventOutbox } from '../lead-events/index.ts';
import { assigneeStateOf, diffLeadFields, leadChange, recordLeadChanges } from './lead-audit.ts';
import { leadIdOfNumberSubquery, setEmailUnsubscribed } from './lead-consent.queries.ts';
import { notifyAboutLead } from './lead-notifications.ts';
import { type NamedLeadRow, toLead } from './lead-mapper.ts';
import {
  findLeadRow,
  type LeadChanges,
  type LostReasonChoice,
  leadNameSubquery,
  leadValueCentsSubquery,
  lockAssigneesOfLeads,
  lockLeadRow,
  openLeadCountSubquery,
  setAssigneeOfLeads,
  updateLeadRow,
  updateLeadStatusRow,
} from './leads.queries.ts';

/** Throws the 404 other features answer when they are handed an unknown lead. */
export async function assertLeadExists(db: Knex, id: string): Promise<void> {
  if (!(await findLeadRow(db, id))) throw new AppError(404, API_ERRORS.leadNotFound);
}

/** The lead, or undefined when there is none. */
export async function findLead(db: Knex, id: string): Promise<Lead | undefined> {
  const row = await findLeadRow(db, id);
  return row ? toLead(row) : undefined;
}

/**
 * The lead unsubscribed from automated e-mail (its unsubscribe link): recorded once, with an audit row
 * and a live `lead.updated`; a second click keeps the first time. 404 when there is no such lead.
 */
export async function unsubscribeLeadEmail(
  db: Knex,
  leadId: string,
  at: Date,
): Promise<{ unsubscribedAt: Date; alreadyUnsubscribed: boolean }> {
  return db.transaction(async (trx) => {
    const result = await setEmailUnsubscribed(trx, leadId, at);
    if (!result) throw new AppError(404, API_ERRORS.leadNotFound);
    if (result.changed) {
      await recordLeadChanges(trx, [
        leadChange(
          null,
          leadId,
          'email_unsubscribed',
          { emailUnsubscribedAt: null },
          {
            emailUnsubscribedAt: at.toISOString(),
          },
        ),
      ]);
    }
    return { unsubscribedAt: result.at, alreadyUnsubscribed: !result.changed };
  });
}

/** For other features: tells the people a happening on a lead concerns (lead-notifications.ts). */
export {
  findLeadWatcher,
  findPersonOnDuty,
  type LeadHappening,
  notifyAboutLead,
} from './lead-notifications.ts';

/** For other features: `id, name` of every lead (audit names a lead's rows by it). */
export { leadNamesQuery as leadNames } from './leads.queries.ts';

/**
 * For another feature's query: the id of the number's most recent open lead (else its latest), a scalar
 * subquery on the national digits in the SQL column `digitsColumn`; null when no lead has the number.
 */
export function leadIdOfNumber(db: Knex, digitsColumn: string): Knex.QueryBuilder {
  return leadIdOfNumberSubquery(db, digitsColumn);
}

/** For another feature's query: the lead's full name, a scalar subquery on the lead whose id is `leadId` (SQL). */
export function leadNameOf(db: Knex, leadId: string): Knex.QueryBuilder {
  return leadNameSubquery(db, leadId);
}

/**
 * For another feature's query: the lead's estimated value in whole cents (250 dollars when absent, as
 * every display and sum), a scalar subquery on the lead whose id is `leadId` (SQL).
 */
export function leadValueCentsOf(db: Knex, leadId: string): Knex.QueryBuilder {
  return leadValueCentsSubquery(db, leadId);
}

/** For another feature's query: how many open (not Won or Lost) leads the user whose id is `userId` (SQL) holds. */
export function openLeadCountOf(db: Knex, userId: string): Knex.QueryBuilder {
  return openLeadCountSubquery(db, userId);
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

/** The person leads may go to, or a 400 on `assignedTo` (nothing is changed). Null: nobody. */
async function resolveAssignee(db: Knex, userId: string | null): Promise<Person | null> {
  if (userId === null) return null;
  const person = await findAssignableUser(db, userId);
  if (!person) {
    throw new AppError(400, API_ERRORS.assigneeNotAssignable, [
      { path: 'assignedTo', message: API_ERRORS.assigneeNotAssignable },
    ]);
  }
  return person;
}

const personOf = (row: NamedLeadRow): Person | null =>
  row.assigned_to ? { id: row.assigned_to, name: row.assignee_name ?? '' } : null;

/**
 * PATCH /api/admin/leads/{id} by `actorId`: the drawer's fields and the assignee, in one transaction
 * with their audit rows (an "assigned" row for the assignee, one "updated" row for the other fields
 * that really changed). Nothing changes when the assignee is refused.
 */
export function updateLead(db: Knex, actorId: string, id: string, update: LeadUpdate): Promise<Lead> {
  return db.transaction((trx) => updateLeadInTransaction(trx, actorId, id, update));
}

/** updateLead inside the caller's transaction (a logged call's follow-up, say). */
export async function updateLeadInTransaction(
  trx: Knex.Transaction,
  actorId: string,
  id: string,
  update: LeadUpdate,
): Promise<Lead> {
  {
    const row = await lockLeadRow(trx, id);
    if (!row) throw new AppError(404, API_ERRORS.leadNotFound);
    const changes = toChanges(update);
    const audit = [];
    if (update.assignedTo !== undefined && update.assignedTo !== row.assigned_to) {
      const assignee = await resolveAssignee(trx, update.assignedTo);
      changes.assigned_to = assignee?.id ?? null;
      audit.push(leadChange(actorId, id, 'assigned', assigneeStateOf(personOf(row)), assigneeStateOf(assignee)));
    }
    const before = toLead(row);
    const edited = diffLeadFields(before, toLead({ ...row, ...changes }));
    if (edited) audit.push(leadChange(actorId, id, 'updated', edited.before, edited.after));
    if (audit.length === 0) return before;
    await updateLeadRow(trx, id, changes);
    await recordLeadChanges(trx, audit);
    if (changes.assigned_to) await notifyOfAssignment(trx, id, actorId);
    const updated = await findLeadRow(trx, id);
    if (!updated) throw new AppError(404, API_ERRORS.leadNotFound);
    return toLead(updated);
  }
}

/**
 * POST /api/admin/leads/assign: the leads to one person (or to nobody), in one transaction with one
 * audit row per lead whose assignee changed; answers how many changed (unknown ids and leads that
 * already had that assignee count none).
 */
export async function assignLeadsByStaff(
  db: Knex,
  actorId: string,
  ids: readonly string[],
  assignedTo: string | null,
): Promise<number> {
  return db.transaction(async (trx) => {
    const assignee = await resolveAssignee(trx, assignedTo);
    const current = await lockAssigneesOfLeads(trx, [...new Set(ids)]);
    const changing = current.filter((lead) => lead.assigned_to !== (assignee?.id ?? null));
    await setAssigneeOfLeads(
      trx,
      changing.map((lead) => lead.id),
      assignee?.id ?? null,
    );
    await recordLeadChanges(
      trx,
      changing.map((lead) =>
        leadChange(
          actorId,
          lead.id,
          'assigned',
          { assignedTo: lead.assigned_to, assigneeName: lead.assignee_name },
          assigneeStateOf(assignee),
        ),
      ),
    );
    if (assignee) for (const lead of changing) await notifyOfAssignment(trx, lead.id, actorId);
    return changing.length;
  });
}

/** What the automation action `assign` did to a lead. */
export type AutomaticAssignment =
  | { kind: 'assigned'; assignee: Person }
  | { kind: 'already_assigned'; assignee: Person }
  | { kind: 'nobody_available' };

/**
 * The automation action `assign`, inside the run's transaction: only a lead nobody holds is assigned
 * (a person's choice is never overridden by a rule; docs/decisions.md, "Assignment"). The lead is
 * locked first, so `choose` (round robin moves its rotation) is only asked when the lead will take
 * its answer. The audit row has no actor (an automation) and says how the person was chosen.
 */
export async function assignLeadByAutomation(
  trx: Knex.Transaction,
  id: string,
  via: 'round_robin' | 'rule',
  choose: () => Promise<Person | undefined>,
): Promise<AutomaticAssignment> {
  const row = await lockLeadRow(trx, id);
  if (!row) throw new AppError(404, API_ERRORS.leadNotFound);
  const current = personOf(row);
  if (current) return { kind: 'already_assigned', assignee: current };
  const assignee = await choose();
  if (!assignee) return { kind: 'nobody_available' };
  await setAssigneeOfLeads(trx, [id], assignee.id);
  await recordLeadChanges(trx, [
    leadChange(null, id, 'assigned', assigneeStateOf(null), { ...assigneeStateOf(assignee), via }),
  ]);
  await notifyAboutLead(trx, id, { kind: 'lead_assigned', byName: null }, { now: new Date() });
  return { kind: 'assigned', assignee };
}

/** The lead after a status change, and the status it had before (automations see from → to). */
export interface StatusChange {
  lead: Lead;
  previousStatus: LeadStatus;
}

/**
 * PATCH /api/admin/leads/{id}/status: a staff member (`actorId`) sets the status. A real change (not
 * to the status the lead already has) writes its status_changed event to the outbox and its audit row
 * in the same transaction, for the rules that listen for it and the lead's history.
 */
export async function changeLeadStatusByStaff(
  db: Knex,
  actorId: string,
  id: string,
  update: LeadStatusUpdate,
): Promise<StatusChange> {
  const lost = await checkLostReasonOf(db, update);
  return withLeadEventOutbox(db, async (trx, outbox) => {
    const change = await moveLeadByStaff(trx, outbox, actorId, id, update.status, lost);
    // Moving the lead is acting on it: what the person was told about it has been seen.
    await markLeadNotificationsRead(trx, actorId, id, new Date());
    return change;
  });
}

/** The new assignee hears of the lead, unless they took it themselves. */
async function notifyOfAssignment(trx: Knex, leadId: string, actorId: string): Promise<void> {
  const actor = await findAssignableUser(trx, actorId);
  await notifyAboutLead(
    trx,
    leadId,
    { kind: 'lead_assigned', byName: actor?.name ?? null },
    { now: new Date(), actorId },
  );
}

/**
 * A staff member's status change inside the caller's withLeadEventOutbox transaction (the status call,
 * a logged call): its audit row, and its status_changed event when the status really changed. `lost`:
 * a reason checked by checkLostReasonOf.
 */
export async function moveLeadByStaff(
  trx: Knex.Transaction,
  outbox: LeadEventOutbox,
  actorId: string,
  id: string,
  status: LeadStatus,
  lost: LostReasonChoice | undefined,
): Promise<StatusChange> {
  const change = await setStatus(trx, actorId, id, status, lost);
  if (change.previousStatus !== status) await outbox.statusChanged(id, change.previousStatus, status);
  return change;
}

/** The lost reason of a status change checked against the admin's list; undefined when none was given. */
export async function checkLostReasonOf(
  db: Knex,
  update: Pick<LeadStatusUpdate, 'lostReason' | 'lostNote'>,
): Promise<LostReasonChoice | undefined> {
  return update.lostReason === undefined ? undefined : checkLostReason(db, update);
}

/** The reason must be one the admin's list offers now (or "Other"); a 400 on `lostReason` otherwise. */
async function checkLostReason(
  db: Knex,
  update: Pick<LeadStatusUpdate, 'lostReason' | 'lostNote'>,
): Promise<LostReasonChoice> {
  const { reasons } = await getLostReasons(db);
  const choices = lostReasonChoices(reasons);
  const reason = choices.find((choice) => choice.toLowerCase() === update.lostReason?.toLowerCase());
  if (!reason) {
    const message = `Lost reason must be one of: ${choices.join(', ')}`;
    throw new AppError(400, API_ERRORS.invalidInput, [{ path: 'lostReason', message }]);
  }
  return { reason, note: update.lostNote === undefined || update.lostNote === '' ? null : update.lostNote };
}

/**
 * A rule's update_status action, inside the run's transaction. It writes no status_changed event:
 * a change made by an automation does not fire status_changed rules, so rules cannot trigger each
 * other in a loop (see docs/decisions.md). Its audit row has no actor.
 */
export function changeLeadStatusByAutomation(
  trx: Knex.Transaction,
  id: string,
  status: LeadStatus,
): Promise<StatusChange> {
  return setStatus(trx, null, id, status);
}

/**
 * Inside a transaction: the lead's status, its row locked until the transaction ends, so a customer's
 * answer or booking by a quote link takes turns with staff closing the lead; undefined: no such lead.
 */
export async function lockLeadStatus(trx: Knex.Transaction, id: string): Promise<LeadStatus | undefined> {
  return (await lockLeadRow(trx, id))?.status as LeadStatus | undefined;
}

/**
 * A quote's effect on its lead, inside the quotes feature's transaction opened with
 * withLeadEventOutbox: sending sets Quoted (`actorId`: who sent it), the customer's answer Won or
 * Negotiating (`actorId` null: nobody on the team did it). A real change writes its status_changed
 * event, since neither is an automation's change, so staff's rules on Quoted or Won still run.
 */
export async function changeLeadStatusForQuote(
  trx: Knex.Transaction,
  outbox: LeadEventOutbox,
  actorId: string | null,
  id: string,
  status: LeadStatus,
): Promise<StatusChange> {
  const change = await setStatus(trx, actorId, id, status);
  if (change.previousStatus !== status) await outbox.statusChanged(id, change.previousStatus, status);
  return change;
}

/**
 * An accepted quote's regular per-visit price (`regularVisitPrice`: never the first visit's WELCOME40
 * total) becomes the lead's value, and its frequency the lead's, so the lead's recurring value is what
 * the booking will be worth (docs/decisions.md, "Recurring revenue"). Inside the acceptance's
 * transaction, with its audit row (no actor: the customer did it). `value` is exact, e.g. "279.00".
 */
export async function setLeadValueFromAcceptedQuote(
  trx: Knex.Transaction,
  id: string,
  accepted: { value: string; frequency: Frequency },
): Promise<void> {
  const row = await lockLeadRow(trx, id);
  if (!row) throw new AppError(404, API_ERRORS.leadNotFound);
  const before = toLead(row);
  const after = toLead({ ...row, estimated_value: accepted.value, frequency: accepted.frequency });
  const changed = (['estimatedValue', 'frequency'] as const).filter((field) => before[field] !== after[field]);
  if (changed.length === 0) return;
  await updateLeadRow(trx, id, { estimated_value: accepted.value, frequency: accepted.frequency });
  const side = (lead: Lead) => Object.fromEntries(changed.map((field) => [field, lead[field]]));
  await recordLeadChanges(trx, [leadChange(null, id, 'updated', side(before), side(after))]);
}

/**
 * Sets the status. A lead that leaves Lost loses its reason; one that stays or becomes Lost keeps its
 * reason unless a new one is given (the brief's status call sends none, docs/requirements.md). The reason is in the
 * status change's audit row, or in an "updated" row when only the reason changed.
 */
async function setStatus(
  db: Knex,
  actorId: string | null,
  id: string,
  status: LeadStatus,
  lost?: LostReasonChoice,
): Promise<StatusChange> {
  const changed = await updateLeadStatusRow(db, id, status, lost);
  if (!changed) throw new AppError(404, API_ERRORS.leadNotFound);
  const reasonBefore = { lostReason: changed.previous.lost_reason, lostNote: changed.previous.lost_note };
  const reasonAfter = { lostReason: changed.row.lost_reason ?? null, lostNote: changed.row.lost_note ?? null };
  const reasonChanged = JSON.stringify(reasonBefore) !== JSON.stringify(reasonAfter);
  if (changed.previousStatus !== status) {
    await recordLeadChanges(db, [
      leadChange(
        actorId,
        id,
        'status_changed',
        { status: changed.previousStatus, ...(reasonChanged ? reasonBefore : {}) },
        { status, ...(reasonChanged ? reasonAfter : {}) },
      ),
    ]);
  } else if (reasonChanged) {
    await recordLeadChanges(db, [leadChange(actorId, id, 'updated', reasonBefore, reasonAfter)]);
  }
  if (CLOSED_LEAD_STATUSES.includes(status) && changed.row.next_follow_up_at !== null) {
    return {
      lead: await clearFollowUpOfClosedLead(db, actorId, changed.row, status),
      previousStatus: changed.previousStatus,
    };
  }
  return { lead: toLead(changed.row), previousStatus: changed.previousStatus };
}

/**
 * A Won or Lost lead is followed up no more: its follow-up date is cleared in the status change's
 * transaction, with an audit row (by whoever closed it) and a note on the timeline by the product
 * (not a contact, so it never counts as the lead being answered).
 */
async function clearFollowUpOfClosedLead(
  db: Knex,
  actorId: string | null,
  row: NamedLeadRow,
  status: LeadStatus,
): Promise<Lead> {
  const before = toLead(row);
  await updateLeadRow(db, row.id, { next_follow_up_at: null });
  await recordLeadChanges(db, [
    leadChange(actorId, row.id, 'updated', { nextFollowUpAt: before.nextFollowUpAt }, { nextFollowUpAt: null }),
  ]);
  await recordSystemActivity(
    db,
    {
      leadId: row.id,
      userId: await findOrCreateSystemUserId(db),
      type: 'note',
      subject: `Follow-up cleared: the lead is ${status}`,
      description: 'A closed lead has no follow-up date; set a new one if the lead is reopened.',
    },
    new Date(),
  );
  return { ...before, nextFollowUpAt: null };
}

/**
 * Speed to lead: the escalation flags a lead nobody answered with `tag`, inside the alert's
 * transaction (no actor: the product did it). A tag the lead already has is left as it is.
 */
export async function tagLeadByAutomation(trx: Knex.Transaction, id: string, tag: string): Promise<void> {
  const row = await lockLeadRow(trx, id);
  if (!row) throw new AppError(404, API_ERRORS.leadNotFound);
  const before = toLead(row);
  if (before.tags.includes(tag)) return;
  const tags = [...before.tags, tag];
  await updateLeadRow(trx, id, { tags });
  await recordLeadChanges(trx, [leadChange(null, id, 'updated', { tags: before.tags }, { tags })]);
}
