import type { LeadPriority, LeadStatus } from '@shine/shared/enums';
import type { LeadSortField } from '@shine/shared/leads';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import type { LeadFilterValues, LeadListParams, SortOrder } from './leads.hooks.ts';
import {
  DEFAULT_LEAD_SORT,
  type LeadView,
  type LeadViewState,
  parseLeadView,
  writeLeadView,
} from './lead-view-params.ts';
import { useLiveSearchParams } from './live-search-params.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search, filters, sort, paging and view of a leads list, kept in the address (lead-view-params.ts):
 * a link or a reload shows the same leads, and Back returns to the previous filter. Every change but
 * paging goes back to page 1; typing is debounced so every keystroke is neither a request nor a step
 * in the history.
 */
export function useLeadFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseLeadView(searchParams), [searchParams]);
  const urlSearch = state.params.search ?? '';
  const [searchInput, setSearchInputState] = useState(urlSearch);
  const [shownSearch, setShownSearch] = useState(urlSearch);
  const timer = useRef<number | undefined>(undefined);
  /** The term this hook last wrote to the address. */
  const written = useRef<string | undefined>(undefined);

  // The address changed the term (Back, a link, a restored view): the box shows it, and a term still
  // waiting to be written is dropped, as the person has gone elsewhere. The term this hook wrote
  // itself is no such change: the router renders a navigation as a transition, so it can arrive after
  // the person has typed on (or cleared the box), and it must not undo that.
  if (shownSearch !== urlSearch) {
    setShownSearch(urlSearch);
    if (urlSearch !== written.current && searchInput.trim() !== urlSearch) {
      window.clearTimeout(timer.current);
      setSearchInputState(urlSearch);
    }
  }
  useEffect(() => () => window.clearTimeout(timer.current), []);

  // Back or Forward: a term still waiting to be written belonged to the page left, so it is dropped
  // and the box shows the term of the page arrived at.
  const { key: locationKey } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP' || !locationKey) return;
    window.clearTimeout(timer.current);
    setSearchInputState(urlSearch);
  }, [locationKey, navigationType, urlSearch]);

  // The address as last written or seen, where the browser's own cannot be read (a router in memory).
  // React Router renders a navigation as a transition, so a render (a keystroke's) may still show the
  // address before the last change; a change computed from that would undo it (a search typed just
  // after switching to the pipeline dropped the view).
  const known = useRef(searchParams);
  const seen = useRef(searchParams);
  if (seen.current !== searchParams) {
    seen.current = searchParams;
    known.current = searchParams;
  }
  const live = useLiveSearchParams();
  const currentAddress = () => live() ?? known.current;

  /** Applies a change to the view as a new step in the history (or in place of the current one). */
  const update = (change: (current: LeadViewState) => LeadViewState, options?: { replace?: boolean }) => {
    const current = currentAddress();
    const next = writeLeadView(current, change(parseLeadView(current)));
    known.current = next;
    setSearchParams(next, options);
  };

  // Refining a term replaces the step; starting or clearing a search is a step of its own, so Back
  // leaves the search rather than walking back through every pause in the typing.
  const writeSearch = (term: string) => {
    written.current = term;
    update((current) => ({ ...current, params: { ...current.params, search: term || undefined, page: 1 } }), {
      replace: Boolean(term) && Boolean(currentAddress().get('q')),
    });
  };

  const firstPage = (change: Partial<LeadListParams>) =>
    update((current) => ({ ...current, params: { ...current.params, ...change, page: 1 } }));

  const { search, status, priority, assignedTo, source, followUp, created } = state.params;
  const filter: LeadFilterValues = useMemo(
    () => ({ search, status, priority, assignedTo, source, followUp, created }),
    [search, status, priority, assignedTo, source, followUp, created],
  );

  return {
    params: state.params,
    filter,
    view: state.view,
    searchInput,
    setSearchInput: (value: string) => {
      setSearchInputState(value);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => writeSearch(value.trim()), SEARCH_DEBOUNCE_MS);
    },
    setStatus: (status: LeadStatus | undefined) => firstPage({ status }),
    setPriority: (priority: LeadPriority | undefined) => firstPage({ priority }),
    /** "me", "none" or a person's id; undefined for everyone's leads. */
    setAssignedTo: (assignedTo: string | undefined) => firstPage({ assignedTo }),
    /** The filters a dashboard figure opens the list with, each cleared on its own. */
    clearSource: () => firstPage({ source: undefined }),
    clearFollowUp: () => firstPage({ followUp: undefined }),
    clearCreated: () => firstPage({ created: undefined }),
    setPage: (page: number, pageSize: number) =>
      update((current) => ({
        ...current,
        params: { ...current.params, page: pageSize !== current.params.pageSize ? 1 : page, pageSize },
      })),
    setSort: (next: { sort: LeadSortField; order: SortOrder } | undefined) => firstPage(next ?? DEFAULT_LEAD_SORT),
    /** The pipeline shows every status as a column, so it drops the status filter. */
    setView: (view: LeadView) =>
      update((current) => ({
        view,
        params: { ...current.params, page: 1, status: view === 'pipeline' ? undefined : current.params.status },
      })),
  };
}

export type LeadFiltersState = ReturnType<typeof useLeadFilters>;
