import type { LeadPriority, LeadStatus } from '@shine/shared/enums';
import type { LeadSortField } from '@shine/shared/leads';
import { useMemo, useState } from 'react';
import { useDebouncedValue } from '../ui/use-debounced-value.ts';
import type { LeadFilterValues, LeadListParams, SortOrder } from './leads.queries.ts';

export const SEARCH_DEBOUNCE_MS = 300;
export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/** The server's default order: latest request first, so a repeat request resurfaces its lead. */
export const DEFAULT_LEAD_SORT: { sort: LeadSortField; order: SortOrder } = { sort: 'lastRequestAt', order: 'desc' };

/**
 * Search, filters, paging and sort of a leads list, all applied on the server. Any filter change
 * goes back to page 1; typing is debounced so every keystroke is not a request.
 */
export function useLeadFilters() {
  const [searchInput, setSearchInput] = useState('');
  const [status, setStatusState] = useState<LeadStatus | undefined>();
  const [priority, setPriorityState] = useState<LeadPriority | undefined>();
  const [assignedTo, setAssignedToState] = useState<string | undefined>();
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE, searchedFor: '' });
  const [sort, setSortState] = useState<{ sort: LeadSortField; order: SortOrder }>(DEFAULT_LEAD_SORT);
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);

  // A new search term starts from page 1 (derived, so it lands in the same render as the term).
  const page = paging.searchedFor === search ? paging.page : 1;

  const filter: LeadFilterValues = useMemo(
    () => ({ search: search || undefined, status, priority, assignedTo }),
    [search, status, priority, assignedTo],
  );
  const params: LeadListParams = useMemo(
    () => ({ ...filter, page, pageSize: paging.pageSize, ...sort }),
    [filter, page, paging.pageSize, sort],
  );

  return {
    params,
    filter,
    searchInput,
    setSearchInput,
    setStatus: (next: LeadStatus | undefined) => {
      setStatusState(next);
      setPaging((p) => ({ ...p, page: 1, searchedFor: search }));
    },
    setPriority: (next: LeadPriority | undefined) => {
      setPriorityState(next);
      setPaging((p) => ({ ...p, page: 1, searchedFor: search }));
    },
    /** "me", "none" or a person's id; undefined for everyone's leads. */
    setAssignedTo: (next: string | undefined) => {
      setAssignedToState(next);
      setPaging((p) => ({ ...p, page: 1, searchedFor: search }));
    },
    setPage: (nextPage: number, nextPageSize: number) =>
      setPaging((p) => ({
        page: nextPageSize !== p.pageSize ? 1 : nextPage,
        pageSize: nextPageSize,
        searchedFor: search,
      })),
    setSort: (next: { sort: LeadSortField; order: SortOrder } | undefined) => {
      setSortState(next ?? DEFAULT_LEAD_SORT);
      setPaging((p) => ({ ...p, page: 1, searchedFor: search }));
    },
  };
}

export type LeadFiltersState = ReturnType<typeof useLeadFilters>;
