import { LEAD_PRIORITIES, LEAD_STATUSES, type LeadPriority, type LeadStatus } from '@shine/shared/enums';
import {
  LEAD_CREATED_FILTERS,
  LEAD_FOLLOW_UP_FILTERS,
  LEAD_SORT_FIELDS,
  type LeadSortField,
} from '@shine/shared/leads';
import type { LeadListParams, SortOrder } from './leads.hooks.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/** The server's default order: latest request first, so a repeat request resurfaces its lead. */
export const DEFAULT_LEAD_SORT: { sort: LeadSortField; order: SortOrder } = { sort: 'lastRequestAt', order: 'desc' };

export type LeadView = 'table' | 'pipeline';

/** What the leads section shows: its list parameters and the view, as read from the address. */
export interface LeadViewState {
  params: LeadListParams;
  view: LeadView;
}

/**
 * The address's names for each part of the view. Short and readable, since people paste these links
 * to each other; `section` and `lead` belong to the page and the drawer and are left alone.
 */
export const LEAD_VIEW_PARAM_NAMES = [
  'q',
  'status',
  'priority',
  'assignee',
  'source',
  'followUp',
  'created',
  'sort',
  'order',
  'page',
  'size',
  'view',
];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}

function positiveInteger(value: string | null): number | undefined {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : undefined;
}

/**
 * Reads the view from a query string. Anything unknown or malformed (an old link, a hand-edited
 * address) falls back to the default of that part rather than failing the page.
 */
export function parseLeadView(search: URLSearchParams): LeadViewState {
  const sort = oneOf(LEAD_SORT_FIELDS, search.get('sort'));
  const size = positiveInteger(search.get('size'));
  return {
    params: {
      search: search.get('q')?.trim() || undefined,
      status: oneOf<LeadStatus>(LEAD_STATUSES, search.get('status')),
      priority: oneOf<LeadPriority>(LEAD_PRIORITIES, search.get('priority')),
      assignedTo: search.get('assignee') || undefined,
      source: search.get('source')?.trim() || undefined,
      followUp: oneOf(LEAD_FOLLOW_UP_FILTERS, search.get('followUp')),
      created: oneOf(LEAD_CREATED_FILTERS, search.get('created')),
      page: positiveInteger(search.get('page')) ?? 1,
      pageSize: size !== undefined && PAGE_SIZE_OPTIONS.includes(size) ? size : DEFAULT_PAGE_SIZE,
      sort: sort ?? DEFAULT_LEAD_SORT.sort,
      order: sort ? (oneOf<SortOrder>(['asc', 'desc'], search.get('order')) ?? 'desc') : DEFAULT_LEAD_SORT.order,
    },
    view: search.get('view') === 'pipeline' ? 'pipeline' : 'table',
  };
}

/**
 * Writes the view into a query string, keeping the parameters that are not the view's. Defaults are
 * left out, so the plain section's address stays `/crm/leads`.
 */
export function writeLeadView(current: URLSearchParams, state: LeadViewState): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of LEAD_VIEW_PARAM_NAMES) next.delete(name);
  const { params, view } = state;
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') next.set(name, String(value));
  };
  set('q', params.search);
  set('status', params.status);
  set('priority', params.priority);
  set('assignee', params.assignedTo);
  set('source', params.source);
  set('followUp', params.followUp);
  set('created', params.created);
  if (params.sort !== DEFAULT_LEAD_SORT.sort || params.order !== DEFAULT_LEAD_SORT.order) {
    set('sort', params.sort);
    set('order', params.order);
  }
  if (params.page > 1) set('page', params.page);
  if (params.pageSize !== DEFAULT_PAGE_SIZE) set('size', params.pageSize);
  if (view === 'pipeline') set('view', view);
  return next;
}

/** The view's own part of a query string, in a fixed order: to remember it, and to compare two. */
export function leadViewQuery(search: URLSearchParams): string {
  return writeLeadView(new URLSearchParams(), parseLeadView(search)).toString();
}

/** Which leads the table shows, paging and order aside: a selection belongs to one of these. */
export function leadFilterKey(params: LeadListParams, view: LeadView): string {
  return JSON.stringify([
    view,
    params.search ?? '',
    params.status,
    params.priority,
    params.assignedTo,
    params.source,
    params.followUp,
    params.created,
  ]);
}
