import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE_SIZE } from './lead-view-params.ts';
import { SEARCH_DEBOUNCE_MS, useLeadFilters } from './use-lead-filters.ts';

afterEach(() => vi.useRealTimers());

function renderAt(route: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ filters: useLeadFilters(), location: useLocation(), navigate: useNavigate() }), {
    wrapper,
  });
}

const query = (result: { current: { location: { search: string } } }) =>
  new URLSearchParams(result.current.location.search);

describe('useLeadFilters', () => {
  it('starts at page 1, latest request first, with the default page size', () => {
    const { result } = renderAt('/crm?section=leads');
    expect(result.current.filters.params).toEqual({
      search: undefined,
      status: undefined,
      priority: undefined,
      assignedTo: undefined,
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      sort: 'lastRequestAt',
      order: 'desc',
    });
    expect(result.current.filters.view).toBe('table');
  });

  it('opens a shared link as it was: term in the box, filters, page and view', () => {
    const { result } = renderAt('/crm?section=leads&q=garcia&status=Quoted&page=2&size=50');
    expect(result.current.filters.searchInput).toBe('garcia');
    expect(result.current.filters.params).toMatchObject({ search: 'garcia', status: 'Quoted', page: 2, pageSize: 50 });
  });

  it('writes every change to the address, back to page 1 for all but paging', () => {
    const { result } = renderAt('/crm?section=leads');
    act(() => result.current.filters.setPage(3, DEFAULT_PAGE_SIZE));
    expect(query(result).toString()).toBe('section=leads&page=3');
    act(() => result.current.filters.setStatus('Won'));
    expect(query(result).toString()).toBe('section=leads&status=Won');
    act(() => result.current.filters.setPage(2, DEFAULT_PAGE_SIZE));
    act(() => result.current.filters.setPriority('High'));
    expect(result.current.filters.params).toMatchObject({ status: 'Won', priority: 'High', page: 1 });
    act(() => result.current.filters.setAssignedTo('me'));
    act(() => result.current.filters.setPage(4, 50));
    expect(result.current.filters.params).toMatchObject({ assignedTo: 'me', page: 1, pageSize: 50 });
    act(() => result.current.filters.setPage(2, 50));
    act(() => result.current.filters.setSort({ sort: 'estimatedValue', order: 'asc' }));
    expect(result.current.filters.params).toMatchObject({ sort: 'estimatedValue', order: 'asc', page: 1 });
    act(() => result.current.filters.setSort(undefined));
    expect(query(result).get('sort')).toBeNull();
    act(() => result.current.filters.setView('pipeline'));
    expect(result.current.filters.params.status).toBeUndefined();
    expect(query(result).get('view')).toBe('pipeline');
  });

  it('debounces the search; Back leaves the search and puts the previous term in the box', () => {
    vi.useFakeTimers();
    const { result } = renderAt('/crm?section=leads&page=3');
    act(() => result.current.filters.setSearchInput('  gar '));
    expect(result.current.filters.params.search).toBeUndefined();
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(query(result).toString()).toBe('section=leads&q=gar');
    // Refining the term replaces the step: one Back leaves the search entirely.
    act(() => result.current.filters.setSearchInput('garcia'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(result.current.filters.params).toMatchObject({ search: 'garcia', page: 1 });

    act(() => result.current.navigate(-1));
    expect(query(result).toString()).toBe('section=leads&page=3');
    expect(result.current.filters.searchInput).toBe('');
    act(() => result.current.navigate(1));
    expect(result.current.filters.searchInput).toBe('garcia');
  });

  it('a term still being typed when Back is pressed is not written over the page gone back to', () => {
    vi.useFakeTimers();
    const { result } = renderAt('/crm?section=leads&status=Won');
    act(() => result.current.filters.setStatus('Lost'));
    act(() => result.current.filters.setSearchInput('half'));
    act(() => result.current.navigate(-1));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(query(result).toString()).toBe('section=leads&status=Won');
  });

  it('a term typed after another change is written on top of it', () => {
    vi.useFakeTimers();
    const { result } = renderAt('/crm?section=leads');
    act(() => result.current.filters.setView('pipeline'));
    act(() => result.current.filters.setSearchInput('abc'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(query(result).toString()).toBe('section=leads&q=abc&view=pipeline');
  });

  it('a term cleared while the address still catches up with it stays cleared, and the clearing is written', () => {
    vi.useFakeTimers();
    const { result } = renderAt('/crm?section=leads');
    act(() => result.current.filters.setSearchInput('someone'));
    // The pause writes "someone"; the router renders that address as a transition, so the person's
    // clear (an urgent update) can be shown before it arrives (a loaded machine, CI).
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      result.current.filters.setSearchInput('');
    });
    expect(result.current.filters.searchInput).toBe('');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(result.current.filters.searchInput).toBe('');
    expect(query(result).get('q')).toBeNull();
  });
});
