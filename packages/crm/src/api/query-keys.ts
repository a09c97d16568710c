import type { QueryParams } from './query-key.ts';
import { API } from './paths.ts';

// The keys of the cached reads, in one module so that a change in one feature can refresh another
// feature's reads (a status change refreshes the metrics, an activity the lead) without importing it.

export const sessionQueryKey = [API.session] as const;

export const leadsKey = [API.leads] as const;
export const leadListKey = (params: QueryParams) => [API.leads, params] as const;
export const leadKey = (id: string) => [API.leads, id] as const;
/** Under leadKey(id): refreshing the lead refreshes its history. */
export const leadHistoryKey = (id: string) => [API.leads, id, 'history'] as const;

/** Under leadKey(id): a new message refreshes the lead and its thread together. */
export const leadMessagesKey = (id: string) => [API.leads, id, 'messages'] as const;
export const inboxKey = [API.inbox] as const;
/** The held ones (the API's default status). */
export const unmatchedEmailsKey = [API.unmatchedEmails] as const;

export const activitiesKey = [API.activities] as const;
export const leadActivitiesKey = (leadId: string) => [API.activities, 'lead', leadId] as const;

export const statsKey = [API.stats] as const;
export const metricsKey = [API.metrics] as const;
export const activitySummaryKey = [API.activities, 'summary'] as const;
export const intakeKey = [API.intake] as const;
export const analyticsKey = (range: { from: string; to: string }) =>
  [API.analytics, { from: range.from, to: range.to }] as const;

export const heldKey = [API.held] as const;
export const heldListKey = (params: QueryParams) => [API.held, { ...params }] as const;

export const templatesKey = [API.templates] as const;
export const automationsKey = [API.automations] as const;
/** Under automationsKey: whatever refreshes the rules (a rule deleted) refreshes the recipes too. */
export const automationRecipesKey = [API.automations, 'recipes'] as const;

export const teamUsersKey = [API.users] as const;
export const assigneesKey = [API.assignees] as const;
export const auditKey = [API.audit] as const;
export const auditListKey = (params: QueryParams) => [API.audit, { ...params }] as const;
export const alertSettingsKey = [API.alertSettings] as const;
export const leadAlertSettingsKey = [API.leadAlertSettings] as const;
export const companySettingsKey = [API.companySettings] as const;
export const schedulingSettingsKey = [API.schedulingSettings] as const;
export const visitsKey = [API.visits] as const;
/** Under leadKey(id): the lead's booking refreshes with the lead. */
export const leadBookingKey = (id: string) => [API.leads, id, 'booking'] as const;
export const lostReasonsKey = [API.lostReasons] as const;
/** Both scopes of My Day start with it: a change refreshes whichever is shown. */
export const myDayKey = [API.myDay] as const;
export const myDayScopeKey = (scope: 'me' | 'all') => [API.myDay, { scope }] as const;
export const notificationsKey = [API.notifications] as const;
