// Who hears of what happens on a lead (docs/decisions.md, "Notifications"): a new lead goes to the
// person on duty and to its assignee; a lead given to someone, to them; a repeat request, a reply, a
// quote answered or a visit booked, moved or cancelled, to the assignee (nobody holds it: the person
// on duty). Written in the transaction of what happened; the person who did it is never told of it.
import { DEFAULT_BUSINESS_TIMEZONE, weekdayIn } from '@shine/shared/business-time';
import type { Knex } from 'knex';
import { findAssignableUser, canTakeLeads, findStaffContactRows } from '../auth/index.ts';
import { notifyPeople, notifyPeopleFolded, notifyPersonOnce } from '../notifications/index.ts';
import { REJECTION_RULE_LABELS, type SpamRule } from '@shine/shared/intake';
import { chooseOnDuty, readSpeedToLeadConfiguration } from '@shine/shared/speed-to-lead';
import { findSettingRow } from '../db/company-settings.ts';
import { findLeadRow } from './leads.queries.ts';

export type LeadHappening =
  | { kind: 'new_lead' }
  | { kind: 'lead_assigned'; byName: string | null }
  | { kind: 'repeat_request' }
  | { kind: 'customer_reply'; excerpt: string }
  | { kind: 'quote_viewed' | 'quote_accepted' | 'quote_declined'; version: number }
  /**
   * `when`: the arrival window in words ("Tue, Dec 1, 8–10 AM"; the one cancelled, or the new one).
   * `byName`: the colleague who did it; null: the customer, on the quote page. `restored`: a cancelled
   * visit scheduled again; `series`: the customer's cancellation took the visits after it too;
   * `skipped`: one visit of a series skipped, the rest unchanged.
   */
  | { kind: 'visit_booked'; when: string; byName: string | null; restored?: boolean }
  | { kind: 'visit_rescheduled'; when: string; byName: string | null }
  | { kind: 'visit_cancelled'; when: string; byName: string | null; series?: boolean; skipped?: boolean }
  /** The lead's phone called the company number and nobody answered (`voicemail`: a message was left). */
  | { kind: 'missed_call'; phone: string }
  /** A charge of the card on file did not go through (the payments feature). */
  | { kind: 'payment_failed'; invoice: string; amount: string; why: 'declined' | 'authentication_required' };

const EXCERPT_LENGTH = 80;

function excerptOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH - 1)}…` : line;
}

function describe(happening: LeadHappening, name: string, service: string): string {
  switch (happening.kind) {
    case 'new_lead':
      return `New lead: ${name} (${service})`;
    case 'lead_assigned':
      return `${name} was assigned to you${happening.byName ? ` by ${happening.byName}` : ''}`;
    case 'repeat_request':
      return `${name} sent another quote request`;
    case 'customer_reply':
      return `Reply from ${name}: ${excerptOf(happening.excerpt)}`;
    case 'quote_viewed':
      return `${name} opened quote v${happening.version}`;
    case 'quote_accepted':
      return `${name} accepted quote v${happening.version}`;
    case 'quote_declined':
      return `${name} declined quote v${happening.version}`;
    case 'visit_booked':
      if (happening.restored)
        return `${happening.byName ?? 'Staff'} put ${name}’s visit of ${happening.when} back on the schedule`;
      return happening.byName
        ? `${happening.byName} booked ${name} for ${happening.when}`
        : `${name} booked ${happening.when}`;
    case 'visit_rescheduled':
      return happening.byName
        ? `${happening.byName} moved ${name}’s visit to ${happening.when}`
        : `${name} rescheduled to ${happening.when}`;
    case 'missed_call':
      return `Missed call from ${name} (${happening.phone}): call back`;
    case 'payment_failed':
      return happening.why === 'declined'
        ? `${name}’s card was declined for ${happening.invoice} (${happening.amount}): chase the payment`
        : `${name} must confirm the card payment of ${happening.invoice} (${happening.amount}) with their bank`;
    case 'visit_cancelled':
      if (happening.skipped)
        return `${happening.byName ?? name} skipped ${happening.byName ? `${name}’s visit of ` : ''}${happening.when}`;
      if (happening.byName) return `${happening.byName} cancelled ${name}’s visit of ${happening.when}`;
      return `${name} cancelled ${happening.when}${happening.series ? ' and the visits after it' : ''}`;
  }
}

/**
 * Who is on duty on the business weekday of `now`: the rule the alerts follow too (`chooseOnDuty`:
 * the roster's person, or the escalation contact while they are away or gone). The roster is speed to
 * lead's setting (`lead-alerts`), read here from its row: speed to lead imports leads.
 */
async function onDutyAt(trx: Knex, now: Date, timeZone: string): Promise<string | undefined> {
  const { settings } = readSpeedToLeadConfiguration((await findSettingRow(trx, 'lead-alerts'))?.value);
  const weekday = weekdayIn(now, timeZone);
  const ids = [settings.onDuty[weekday], settings.escalateTo].filter((id): id is string => Boolean(id));
  const people = new Map((await findStaffContactRows(trx, ids)).map((row) => [row.id, row]));
  const choice = chooseOnDuty(settings, weekday, (id) => {
    const person = people.get(id);
    return person !== undefined && canTakeLeads(person, now);
  });
  return choice.kind === 'on-duty' || choice.kind === 'stand-in' ? choice.personId : undefined;
}

/** The person on duty now (the bell's and the alerts' rule), or undefined when nobody can take it. */
export function findPersonOnDuty(db: Knex, now: Date, timeZone: string): Promise<string | undefined> {
  return onDutyAt(db, now, timeZone);
}

/** Who hears of a lead's happening that is not a new lead: its assignee, or the person on duty. */
export async function findLeadWatcher(
  db: Knex,
  leadId: string,
  now: Date,
  timeZone: string,
): Promise<string | undefined> {
  const lead = await findLeadRow(db, leadId);
  const assignee = lead?.assigned_to ? (await findAssignableUser(db, lead.assigned_to))?.id : undefined;
  return assignee ?? (await onDutyAt(db, now, timeZone));
}

/**
 * Notifies the people `happening` concerns about the lead `leadId`, in `trx`. `actorId`: who did it
 * (left out); null when the customer or the product did.
 */
export async function notifyAboutLead(
  trx: Knex,
  leadId: string,
  happening: Extract<LeadHappening, { kind: 'lead_assigned' }>,
  context: { now: Date; actorId?: string | null },
): Promise<void>;
/** `timeZone`: BUSINESS_TIMEZONE, whose weekday names the person on duty. */
export async function notifyAboutLead(
  trx: Knex,
  leadId: string,
  happening: LeadHappening,
  context: { now: Date; timeZone: string; actorId?: string | null },
): Promise<void>;
export async function notifyAboutLead(
  trx: Knex,
  leadId: string,
  happening: LeadHappening,
  context: { now: Date; timeZone?: string; actorId?: string | null },
): Promise<void> {
  const lead = await findLeadRow(trx, leadId);
  if (!lead) return;
  const assignee = lead.assigned_to ? (await findAssignableUser(trx, lead.assigned_to))?.id : undefined;
  let recipients: Array<string | undefined>;
  // Only an assignment goes without the time zone (the overloads): it names nobody on duty.
  const timeZone = context.timeZone ?? DEFAULT_BUSINESS_TIMEZONE;
  if (happening.kind === 'lead_assigned') recipients = [assignee];
  else if (happening.kind === 'new_lead') recipients = [await onDutyAt(trx, context.now, timeZone), assignee];
  else recipients = [assignee ?? (await onDutyAt(trx, context.now, timeZone))];
  const name = `${lead.first_name} ${lead.last_name}`.trim();
  const notice = {
    kind: happening.kind,
    leadId,
    text: describe(happening, name, [lead.cleaning_type, lead.source].filter(Boolean).join(', ')),
  };
  const people = recipients.filter((id) => id !== context.actorId);
  // A customer's own changes to their booking come in bursts: one line per lead and kind while unread.
  if (!context.actorId && CUSTOMER_VISIT_CHANGES.has(happening.kind)) {
    await notifyPeopleFolded(trx, people, notice, context.now, CUSTOMER_CHANGE_FOLD_MS);
  } else {
    await notifyPeople(trx, people, notice);
  }
}

/** The customer's booking changes (by the quote link) that fold into one notification while unread. */
const CUSTOMER_VISIT_CHANGES: ReadonlySet<LeadHappening['kind']> = new Set([
  'visit_booked',
  'visit_rescheduled',
  'visit_cancelled',
]);
/** How long a customer's burst of changes keeps folding into the same notification. */
const CUSTOMER_CHANGE_FOLD_MS = 30 * 60_000;

/**
 * A quote request held for review (docs/decisions.md, "Spam"): the person on duty that business
 * weekday hears of it in the bell — not by SMS or e-mail, since a held request may well be a bot's —
 * so that a person a rule caught is not left waiting unseen. One unread notice at a time: while it
 * waits, the next held request rewrites it with how many wait in Held. Nobody on duty: nobody is told
 * (the Held count in the sidebar still shows it).
 */
export async function notifyRequestHeld(
  trx: Knex,
  held: { name: string; rule: SpamRule; waiting: number },
  context: { now: Date; timeZone: string },
): Promise<void> {
  const onDuty = await onDutyAt(trx, context.now, context.timeZone);
  if (!onDuty) return;
  const why = REJECTION_RULE_LABELS[held.rule];
  const text =
    held.waiting > 1
      ? `${held.waiting} requests held for review, the newest from ${held.name} (${why})`
      : `Request held for review: ${held.name} (${why})`;
  await notifyPersonOnce(trx, onDuty, { kind: 'request_held', leadId: null, text }, context.now);
}
