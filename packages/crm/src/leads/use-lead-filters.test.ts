import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS, useLeadFilters } from './use-lead-filters.ts';

afterEach(() => vi.useRealTimers());

describe('useLeadFilters', () => {
  it('starts at page 1, latest request first, with the default page size', () => {
    const { result } = renderHook(() => useLeadFilters());
    expect(result.current.params).toEqual({
      search: undefined,
      status: undefined,
      priority: undefined,
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      sort: 'lastRequestAt',
      order: 'desc',
    });
  });

  it('debounces the search and goes back to page 1 on every filter change', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useLeadFilters());
    act(() => result.current.setPage(3, DEFAULT_PAGE_SIZE));
    expect(result.current.params.page).toBe(3);

    act(() => result.current.setSearchInput('  ann  '));
    expect(result.current.params.search).toBeUndefined();
    expect(result.current.params.page).toBe(3);
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(result.current.params).toMatchObject({ search: 'ann', page: 1 });

    act(() => result.current.setPage(2, DEFAULT_PAGE_SIZE));
    expect(result.current.params.page).toBe(2);
    act(() => result.current.setStatus('Won'));
    expect(result.current.params).toMatchObject({ status: 'Won', page: 1, search: 'ann' });

    act(() => result.current.setPage(2, DEFAULT_PAGE_SIZE));
    act(() => result.current.setPriority('High'));
    expect(result.current.params).toMatchObject({ priority: 'High', page: 1 });

    act(() => result.current.setPage(4, 50));
    expect(result.current.params).toMatchObject({ page: 1, pageSize: 50 });

    act(() => result.current.setPage(2, 50));
    act(() => result.current.setSort({ sort: 'estimatedValue', order: 'asc' }));
    expect(result.current.params).toMatchObject({ sort: 'estimatedValue', order: 'asc', page: 1 });
    act(() => result.current.setSort(undefined));
    expect(result.current.params).toMatchObject({ sort: 'lastRequestAt', order: 'desc' });
  });
});
