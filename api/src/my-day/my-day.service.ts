// My Day (GET /api/admin/my-day, docs/decisions.md "My Day"): a read over the leads, the replies, the
// tasks, the quotes, the payments to chase and the visits of one person (or everyone's), in the order
// the day is worked. No table of its own: each feature answers for its part.
import {
  MY_DAY_SECTION_KEYS,
  MY_DAY_SECTION_LIMIT,
  MY_DAY_SECTION_TITLES,
  type MyDayScope,
  type MyDaySectionKey,
  QUOTE_ANSWER_WAIT_DAYS,
} from '@shine/shared/my-day';
import type { MyDay, MyDayItem } from '@shine/shared/responses/my-day';
import type { Knex } from 'knex';
import { listTasksDue } from '../activities/index.ts';
import { listCallsToCallBackOf } from '../calls/index.ts';
import { listRepliesWaiting } from '../conversations/index.ts';
import {
  endOfBusinessDayOf,
  leadIdsAssignedTo,
  listFollowUpsDue,
  listLeadsToContact,
  type WorklistLead,
  worklistLeadsByIds,
  visitContactsOfLeads,
} from '../leads/index.ts';
import { leadAlertNotified } from '../notifications/index.ts';
import { listPaymentsToChase } from '../payments/index.ts';
import { listQuotesAwaitingAnswer } from '../quotes/index.ts';
import { listScheduledVisitsOfDay } from '../scheduling/index.ts';
import { leadAlertReached, getSpeedToLeadSettings } from '../speed-to-lead/index.ts';

const DAY_MS = 86_400_000;

export interface MyDayRequest {
  userId: string;
  scope: MyDayScope;
  now: Date;
  timeZone: string;
}

const leadPart = (lead: WorklistLead) => ({ leadId: lead.id, leadName: lead.name, assignee: lead.assignee });

export async function buildMyDay(db: Knex, request: MyDayRequest): Promise<MyDay> {
  const { userId, scope, now, timeZone } = request;
  const mine = scope === 'me' ? userId : null;
  const onlyMine = () => (mine ? leadIdsAssignedTo(db, mine) : undefined);
  const limit = MY_DAY_SECTION_LIMIT;
  const [callBacks, toContact, replies, followUps, tasks, quotes, visits, speedToLead, payments] = await Promise.all([
    // Missed calls: the person who was told of each (the lead's assignee, or the person on duty).
    listCallsToCallBackOf(db, mine, limit),
    // Mine, and the ones nobody holds that I was alerted about (docs/decisions.md, "My Day").
    listLeadsToContact(db, mine, limit, mine ? [leadAlertReached(db, mine), leadAlertNotified(db, mine)] : []),
    listRepliesWaiting(db, userId, onlyMine(), limit),
    listFollowUpsDue(db, mine, { now, timeZone }, limit),
    listTasksDue(
      db,
      endOfBusinessDayOf(db, now, timeZone),
      mine ? { leadIds: leadIdsAssignedTo(db, mine), authorId: mine } : undefined,
      limit,
    ),
    listQuotesAwaitingAnswer(db, now, new Date(now.getTime() - QUOTE_ANSWER_WAIT_DAYS * DAY_MS), onlyMine(), limit),
    listScheduledVisitsOfDay(db, now, timeZone, onlyMine(), limit),
    getSpeedToLeadSettings(db),
    listPaymentsToChase(db, onlyMine(), limit),
  ]);
  const leads = await worklistLeadsByIds(db, [
    ...callBacks.flatMap((call) => (call.leadId ? [call.leadId] : [])),
    ...replies.map((reply) => reply.leadId),
    ...tasks.map((task) => task.leadId),
    ...quotes.map((quote) => quote.leadId),
    ...visits.map((visit) => visit.leadId),
    ...payments.map((payment) => payment.leadId),
  ]);
  const contacts = await visitContactsOfLeads(
    db,
    visits.map((visit) => visit.leadId),
  );
  const known = <T extends { leadId: string }>(items: T[]) =>
    items.flatMap((item) => {
      const lead = leads.get(item.leadId);
      return lead ? [{ item, lead }] : [];
    });

  // A missed call waits for its call back as a web lead waits for its first contact.
  const callBackMs = speedToLead.settings.escalateAfterMinutes * 60_000;
  const items: Record<MyDaySectionKey, MyDayItem[]> = {
    callBacks: callBacks.map((call) => {
      const lead = call.leadId ? leads.get(call.leadId) : undefined;
      return {
        kind: 'call_back',
        leadId: lead?.id ?? null,
        leadName: lead?.name ?? null,
        assignee: lead?.assignee ?? null,
        due: new Date(call.at.getTime() + callBackMs).toISOString(),
        callId: call.callId,
        at: call.at.toISOString(),
        phone: call.phone,
        voicemail: call.voicemail,
      };
    }),
    newLeads: toContact.map((lead) => ({
      kind: 'new_lead',
      ...leadPart(lead),
      ...(lead.contactDueAt ? { due: lead.contactDueAt.toISOString() } : {}),
      createdAt: lead.createdAt.toISOString(),
      phone: lead.phone,
      email: lead.email,
    })),
    replies: known(replies).map(({ item, lead }) => ({
      kind: 'reply',
      ...leadPart(lead),
      due: item.lastAt,
      text: item.lastBody,
      channel: item.lastChannel,
      unread: item.unread,
    })),
    followUps: followUps.map((lead) => ({
      kind: 'follow_up',
      ...leadPart(lead),
      due: (lead.nextFollowUpAt as Date).toISOString(),
      overdue: (lead.nextFollowUpAt as Date).getTime() < now.getTime(),
      phone: lead.phone,
      email: lead.email,
    })),
    tasks: known(tasks).map(({ item, lead }) => ({
      kind: 'task',
      ...leadPart(lead),
      ...(item.scheduledAt ? { due: item.scheduledAt } : {}),
      activityId: item.id,
      text: item.subject,
    })),
    quotes: known(quotes).map(({ item, lead }) => ({
      kind: 'quote',
      ...leadPart(lead),
      due: new Date(item.sentAt.getTime() + QUOTE_ANSWER_WAIT_DAYS * DAY_MS).toISOString(),
      quoteId: item.quoteId,
      version: item.version,
      phone: lead.phone,
    })),
    payments: known(payments).map(({ item, lead }) => ({
      kind: 'payment',
      ...leadPart(lead),
      due: item.failedAt.toISOString(),
      invoiceId: item.invoiceId,
      number: item.number,
      balance: item.balance,
      reason: item.reason,
      nextTry: item.nextTry ? item.nextTry.toISOString() : null,
      phone: lead.phone,
    })),
    visits: known(visits).map(({ item, lead }) => ({
      kind: 'visit',
      ...leadPart(lead),
      due: new Date(item.start).toISOString(),
      visitId: item.id,
      start: item.start,
      arrivalEnd: item.arrivalEnd,
      end: item.end,
      crew: item.crew,
      crewName: item.crewName,
      phone: lead.phone,
      zipcode: lead.zipcode,
      address: contacts.get(item.leadId)?.address ?? null,
    })),
  };
  const counts = Object.fromEntries(MY_DAY_SECTION_KEYS.map((key) => [key, items[key].length])) as Record<
    MyDaySectionKey,
    number
  >;
  // A visit is listed all day but waits for the person only once its arrival window has begun.
  const visitsBegun = visits.filter((visit) => Date.parse(visit.start) <= now.getTime()).length;
  const waiting = MY_DAY_SECTION_KEYS.filter((key) => key !== 'visits').reduce((sum, key) => sum + counts[key], 0);
  return {
    scope,
    sections: MY_DAY_SECTION_KEYS.map((key) => ({ key, title: MY_DAY_SECTION_TITLES[key], items: items[key] })),
    counts: { total: waiting + visitsBegun, ...counts },
  };
}
