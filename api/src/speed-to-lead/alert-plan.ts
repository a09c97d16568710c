// Who an alert goes to now, or why it goes to nobody, or why it waits for the digest
// (docs/decisions.md, "Speed to lead: on duty and escalation").
import { isQuietTime } from '@shine/shared/new-lead-alerts';
import { isWithinBusinessHours, weekdayIn } from '@shine/shared/business-time';
import {
  type SpeedToLeadSettings,
  type LeadAlertStep,
  STAFF_ALERTS_PER_CLIENT_PER_HOUR,
  STAFF_ALERTS_PER_HOUR,
  WEEKDAY_NAMES,
  chooseOnDuty,
} from '@shine/shared/speed-to-lead';
import type { Lead } from '@shine/shared/types';
import type { LeadAlertRow } from '../db/automation-tables.ts';
import type { AlertContext } from './alert-context.ts';
import { type AlertRecipient, findAlertRecipients } from './alert-recipients.ts';
import { leadMakerIdOf } from '../audit/index.ts';
import { leadIdsFromSameClientAs } from '../leads/index.ts';
import { countAlertsSentSince } from './lead-alerts.queries.ts';

const HOUR = 3_600_000;

export type AlertPlan =
  | { kind: 'send'; recipient: AlertRecipient; note: string | null }
  | { kind: 'skip'; reason: string; recipientId: string | null }
  | { kind: 'fold'; reason: string; recipientId: string };
/** Who, or why nobody, before the budget is asked. */
export type RecipientPlan = Exclude<AlertPlan, { kind: 'fold' }>;

const available = (person: AlertRecipient): boolean => !person.disabled && !person.away;

async function planOnDuty(ctx: AlertContext, settings: SpeedToLeadSettings, at: Date): Promise<RecipientPlan> {
  if (!isWithinBusinessHours(at, ctx.timeZone) && !settings.outsideBusinessHours) {
    return { kind: 'skip', reason: 'the quote came outside business hours', recipientId: null };
  }
  const day = weekdayIn(at, ctx.timeZone);
  const roster = [settings.onDuty[day], settings.escalateTo].filter((id): id is string => Boolean(id));
  const people = await findAlertRecipients(ctx.db, roster, at);
  // The rule the bell follows too (leads/lead-notifications.ts): an absent person is skipped, not
  // waited for, and the escalation contact hears of the lead now.
  const choice = chooseOnDuty(settings, day, (id) => {
    const person = people.get(id);
    return person !== undefined && available(person);
  });
  if (choice.kind === 'nobody-on-duty') {
    return { kind: 'skip', reason: `nobody is on duty on ${WEEKDAY_NAMES[day]}`, recipientId: null };
  }
  if (choice.kind === 'on-duty')
    return { kind: 'send', recipient: people.get(choice.personId) as AlertRecipient, note: null };
  const onDuty = people.get(choice.absentId);
  const absent = onDuty
    ? `${onDuty.name} is ${onDuty.disabled ? 'no longer on the team' : 'away'}`
    : 'the person on duty left';
  if (choice.kind === 'stand-in') {
    const stand = people.get(choice.personId) as AlertRecipient;
    return { kind: 'send', recipient: stand, note: `${absent}: sent to the escalation contact` };
  }
  return { kind: 'skip', reason: `${absent} and no escalation contact can take it`, recipientId: onDuty?.id ?? null };
}

/** A repeat request: the lead's assignee, in the hours the on-duty alert keeps; nobody holds it: the person on duty. */
async function planRepeat(
  ctx: AlertContext,
  settings: SpeedToLeadSettings,
  lead: Lead,
  at: Date,
): Promise<RecipientPlan> {
  if (!lead.assignedTo) return planOnDuty(ctx, settings, at);
  if (!isWithinBusinessHours(at, ctx.timeZone) && !settings.outsideBusinessHours) {
    return { kind: 'skip', reason: 'the request came outside business hours', recipientId: lead.assignedTo };
  }
  const person = (await findAlertRecipients(ctx.db, [lead.assignedTo], at)).get(lead.assignedTo);
  if (person && available(person)) return { kind: 'send', recipient: person, note: null };
  const why = person ? `${person.name} is ${person.disabled ? 'no longer on the team' : 'away'}` : 'the assignee left';
  return { kind: 'skip', reason: why, recipientId: person?.id ?? null };
}

async function planEscalation(ctx: AlertContext, settings: SpeedToLeadSettings, at: Date): Promise<RecipientPlan> {
  if (!settings.escalateTo) return { kind: 'skip', reason: 'no escalation contact is set', recipientId: null };
  const person = (await findAlertRecipients(ctx.db, [settings.escalateTo], at)).get(settings.escalateTo);
  if (!person || !available(person)) {
    const why = person
      ? `${person.name} is ${person.disabled ? 'no longer on the team' : 'away'}`
      : 'the escalation contact left';
    return { kind: 'skip', reason: why, recipientId: person?.id ?? null };
  }
  return { kind: 'send', recipient: person, note: null };
}

/**
 * Who an alert of `step` goes to now, whatever the budget (an alert on its own, or a digest). A repeat
 * request goes to its lead's assignee; a digest of repeat requests (no one lead) to the person on duty.
 */
export async function planRecipient(
  ctx: AlertContext,
  step: LeadAlertStep,
  settings: SpeedToLeadSettings,
  at: Date,
  lead?: Lead,
): Promise<RecipientPlan> {
  if (!settings.enabled) return { kind: 'skip', reason: 'speed-to-lead alerts were switched off', recipientId: null };
  const planned =
    step === 'escalation'
      ? await planEscalation(ctx, settings, at)
      : step === 'repeat' && lead
        ? await planRepeat(ctx, settings, lead, at)
        : await planOnDuty(ctx, settings, at);
  if (planned.kind === 'skip') return planned;
  const { recipient } = planned;
  if (settings.respectQuietHours && isQuietTime(recipient.quietHours, at)) {
    return { kind: 'skip', reason: `it is ${recipient.name}'s quiet hours`, recipientId: recipient.id };
  }
  return planned;
}

/**
 * The budget that keeps the staff's phones usable without letting the public switch the alerts off:
 * past STAFF_ALERTS_PER_CLIENT_PER_HOUR for the quotes of one client address, or STAFF_ALERTS_PER_HOUR
 * in all, an alert is folded into the next digest, never dropped. One sender's quotes use up only
 * their own address's budget, so another person's lead is still alerted on its own.
 */
export async function planAlert(
  ctx: AlertContext,
  alert: LeadAlertRow,
  lead: Lead,
  settings: SpeedToLeadSettings,
  at: Date,
): Promise<AlertPlan> {
  const planned = await planRecipient(ctx, alert.step, settings, at, lead);
  if (planned.kind === 'skip') return planned;
  // A lead staff entered by hand is news to everyone but its maker.
  if (alert.step !== 'repeat' && planned.recipient.id === (await leadMakerIdOf(ctx.db, alert.lead_id))) {
    const reason = `${planned.recipient.name} entered this lead themselves`;
    return { kind: 'skip', reason, recipientId: planned.recipient.id };
  }
  const since = new Date(at.getTime() - HOUR);
  const recipientId = planned.recipient.id;
  const sameClient = await countAlertsSentSince(ctx.db, since, {
    leadIds: leadIdsFromSameClientAs(ctx.db, alert.lead_id),
    step: alert.step,
  });
  if (sameClient >= STAFF_ALERTS_PER_CLIENT_PER_HOUR) {
    const reason = `${STAFF_ALERTS_PER_CLIENT_PER_HOUR} alerts for quotes from the same address went out in the last hour`;
    return { kind: 'fold', reason, recipientId };
  }
  if ((await countAlertsSentSince(ctx.db, since)) >= STAFF_ALERTS_PER_HOUR) {
    return { kind: 'fold', reason: `${STAFF_ALERTS_PER_HOUR} staff alerts went out in the last hour`, recipientId };
  }
  return planned;
}
