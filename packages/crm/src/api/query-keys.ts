import { automationOperations } from '@shine/shared/operations/automations';
import { callOperations } from '@shine/shared/operations/calls';
import { conversationOperations } from '@shine/shared/operations/conversations';
import { leadOperations } from '@shine/shared/operations/leads';
import { paymentOperations } from '@shine/shared/operations/payments';
import { publicOperations } from '@shine/shared/operations/public';
import { schedulingOperations } from '@shine/shared/operations/scheduling';
import { settingsOperations } from '@shine/shared/operations/settings';
import { teamOperations } from '@shine/shared/operations/team';
import { workdayOperations } from '@shine/shared/operations/workday';
import { collectionKeyOf, queryKeyOf } from './client.ts';
import type { QueryParams } from './query-key.ts';

// The keys of the cached reads, in one module so that a change in one feature can refresh another
// feature's reads (a status change refreshes the metrics, an activity the lead) without importing it.
// Each is its call's key (client.ts, queryKeyOf), or the collection's (collectionKeyOf): the prefix
// that refreshes every read under it.

export const sessionQueryKey = queryKeyOf(publicOperations.getSession);

export const leadsKey = collectionKeyOf(leadOperations.listLeads);
export const leadListKey = (params: QueryParams) => [...leadsKey, params] as const;
export const leadKey = (id: string) => queryKeyOf(leadOperations.getLead, { params: { id } });

/** Under leadKey(id): a new message refreshes the lead and its thread together. */
export const leadMessagesKey = (id: string) => queryKeyOf(conversationOperations.listLeadMessages, { params: { id } });
export const inboxKey = queryKeyOf(conversationOperations.getInbox);
/** The held ones (the API's default status). */
export const unmatchedEmailsKey = collectionKeyOf(conversationOperations.listUnmatchedEmails);

export const activitiesKey = collectionKeyOf(leadOperations.listLeadActivities);
export const leadActivitiesKey = (leadId: string) =>
  queryKeyOf(leadOperations.listLeadActivities, { params: { leadId } });

export const statsKey = queryKeyOf(leadOperations.getStats);
export const metricsKey = queryKeyOf(leadOperations.getMetrics);
export const activitySummaryKey = queryKeyOf(leadOperations.getActivitySummary);
export const intakeKey = queryKeyOf(leadOperations.getIntakeReport);

export const heldKey = collectionKeyOf(leadOperations.listHeldSubmissions);

export const templatesKey = queryKeyOf(automationOperations.listTemplates);
export const automationsKey = queryKeyOf(automationOperations.listAutomations);
/** Under automationsKey: whatever refreshes the rules (a rule deleted) refreshes the recipes too. */
export const automationRecipesKey = queryKeyOf(automationOperations.listAutomationRecipes);

export const teamUsersKey = queryKeyOf(teamOperations.listUsers);
export const assigneesKey = queryKeyOf(teamOperations.listAssignees);
export const auditKey = collectionKeyOf(teamOperations.listAudit);
export const schedulingSettingsKey = queryKeyOf(schedulingOperations.getSchedulingSettings);
export const visitsKey = collectionKeyOf(schedulingOperations.listVisits);
/** Under leadKey(id): the lead's booking refreshes with the lead. */
export const leadBookingKey = (id: string) => queryKeyOf(schedulingOperations.getLeadBooking, { params: { id } });
export const lostReasonsKey = queryKeyOf(settingsOperations.getLostReasons);
/** Both scopes of My Day start with it: a change refreshes whichever is shown. */
export const myDayKey = collectionKeyOf(workdayOperations.getMyDay);
export const notificationsKey = queryKeyOf(workdayOperations.listNotifications);
/** Every page and filter of the Calls list. */
export const callsKey = collectionKeyOf(callOperations.listCalls);
/** The counts beside the sections and on the bell (api/shell-counts.ts). */
export const shellCountsKey = queryKeyOf(workdayOperations.getShellCounts);
/** Every page and filter of the invoice list, and each invoice: a payment refreshes them all. */
export const invoicesKey = collectionKeyOf(paymentOperations.listInvoices);
export const invoiceKey = (id: string) => queryKeyOf(paymentOperations.getInvoice, { params: { id } });
export const leadCardKey = (id: string) => queryKeyOf(paymentOperations.getLeadCard, { params: { id } });
export const paymentSettingsKey = queryKeyOf(paymentOperations.getPaymentSettings);
