// The list/export filter in SQL. The search follows the rule of shared/lead-search.ts (api/README.md,
// "Lead search"): full name or e-mail case-insensitively, or phone as a substring, and a term of 4 or
// more digits also matches the phone's digits whatever the punctuation. The expressions are the ones
// the trigram indexes are built on, so '%needle%' is an index scan rather than a table scan.
import { CLOSED_LEAD_STATUSES } from '@shine/shared/enums';
import { phoneSearchDigits } from '@shine/shared/lead-search';
import { leadSourceKey, leadSourceKeySql } from '@shine/shared/lead-sources';
import type { LeadFilter } from '@shine/shared/leads';
import type { Knex } from 'knex';

/** Escapes LIKE's wildcards so that "50%" or "a_b" match literally (escape character: backslash). */
export function escapeLike(text: string): string {
  return text.replaceAll(/[\\%_]/g, '\\$&');
}

/**
 * A filter as SQL can apply it: `assignedTo` names a user (or nobody: null), "me" resolved to the
 * signed-in user; "overdue" and "today" resolved against the clock of the request.
 */
export type Resolved<T extends LeadFilter> = Omit<T, 'assignedTo' | 'followUp' | 'created'> & {
  assignedTo?: { userId: string | null };
  /** Open leads whose follow-up falls before this instant (ISO). */
  followUpBefore?: string;
  /** Leads created since the business day of `now` began in `timeZone`. */
  createdToday?: { now: string; timeZone: string };
};
export type ResolvedLeadFilter = Resolved<LeadFilter>;

/** Resolves `assignedTo` ("me", "none" or an id) for the signed-in user `userId`, and the filters of time by `clock`. */
export function resolveLeadFilter<T extends LeadFilter>(
  filter: T,
  userId: string,
  clock: { now: Date; timeZone: string },
): Resolved<T> {
  const { assignedTo, followUp, created, ...rest } = filter;
  const resolved: Resolved<T> = rest as Resolved<T>;
  if (followUp === 'overdue') resolved.followUpBefore = clock.now.toISOString();
  if (created === 'today') resolved.createdToday = { now: clock.now.toISOString(), timeZone: clock.timeZone };
  if (assignedTo === undefined) return resolved;
  const target = assignedTo === 'me' ? userId : assignedTo === 'none' ? null : assignedTo;
  return { ...resolved, assignedTo: { userId: target } };
}

/**
 * Whether a resolved filter is the same filter at the next request: one resolved against the clock
 * (overdue follow-ups, created today) names another instant every time, so nothing remembered for it
 * (a page, a total, a page map) would ever be asked for again.
 */
export function isRepeatable(filter: Pick<ResolvedLeadFilter, 'followUpBefore' | 'createdToday'>): boolean {
  return filter.followUpBefore === undefined && filter.createdToday === undefined;
}

export function applyLeadFilter(query: Knex.QueryBuilder, filter: ResolvedLeadFilter | undefined): Knex.QueryBuilder {
  if (!filter) return query;
  if (filter.status) query.where('status', filter.status);
  if (filter.priority) query.where('priority', filter.priority);
  if (filter.assignedTo) {
    const { userId } = filter.assignedTo;
    if (userId === null) query.whereNull('assigned_to');
    else query.where('assigned_to', userId);
  }
  if (filter.source) query.whereRaw(`${leadSourceKeySql('source')} = ?`, [leadSourceKey(filter.source)]);
  // As the metrics count them (lead-stats.service.ts): Won and Lost leads are followed up no more.
  if (filter.followUpBefore) {
    query.where('next_follow_up_at', '<', filter.followUpBefore).whereNotIn('status', CLOSED_LEAD_STATUSES);
  }
  if (filter.createdToday) {
    const { now, timeZone } = filter.createdToday;
    query.whereRaw("created_at >= date_trunc('day', ?::timestamptz at time zone ?) at time zone ?", [
      now,
      timeZone,
      timeZone,
    ]);
  }
  const needle = filter.search?.trim();
  if (needle) {
    const pattern = `%${escapeLike(needle)}%`;
    const digits = phoneSearchDigits(needle);
    query.where((match) => {
      match
        .whereRaw("lower(first_name || ' ' || last_name) like lower(?) escape '\\'", [pattern])
        .orWhereRaw("lower(email) like lower(?) escape '\\'", [pattern])
        .orWhereRaw("phone like ? escape '\\'", [pattern]);
      // phone_digits is the phone's digits (a stored column, leads_phone_digits_trgm_idx); digits need no escaping.
      if (digits) match.orWhereRaw('phone_digits like ?', [`%${digits}%`]);
    });
  }
  return query;
}
