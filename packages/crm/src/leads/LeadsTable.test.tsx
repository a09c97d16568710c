import { leadOperations } from '@shine/shared/operations/leads';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeLead, makeLeadPage } from '../test/fixtures.ts';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { fullName } from '../format/lead-labels.ts';
import { LeadsTable } from './LeadsTable.tsx';
import type { LeadListParams } from './leads.hooks.ts';

const params = { page: 1, pageSize: 20, sort: 'createdAt', order: 'desc' } as const;

describe('LeadsTable', () => {
  it('opens a lead from its row, but not from the controls inside it (including dropdown options)', async () => {
    const lead = makeLead({ firstName: 'Nia', lastName: 'Cole', cleaningType: 'Basic' });
    mockFetch({
      ...stubCall(leadOperations.changeLeadStatus, { body: { ...lead, status: 'Won' } }, { params: { id: lead.id } }),
    });
    const onOpen = vi.fn();
    const onSelect = vi.fn();
    renderWithProviders(
      <LeadsTable
        data={makeLeadPage([lead])}
        loading={false}
        params={params}
        onPageChange={() => {}}
        onSortChange={() => {}}
        onOpen={onOpen}
        selection={{ selectedIds: [], onChange: onSelect }}
      />,
    );

    fireEvent.click(screen.getByText(/Basic · 3 bd/));
    expect(onOpen).toHaveBeenCalledWith(lead.id);
    onOpen.mockClear();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Nia Cole' }));
    expect(onSelect).toHaveBeenCalledWith([lead.id]);
    fireEvent.click(screen.getByRole('link', { name: lead.email }));

    // A click opens the row's status dropdown (a stand-in until then) without opening the lead.
    fireEvent.click(screen.getByRole('combobox', { name: 'Status of Nia Cole' }));
    const option = await waitFor(() => {
      const found = document.querySelector('.ant-select-item-option[title="Won"]');
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    await screen.findByText('Lead status updated successfully.');
    expect(onOpen).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Nia Cole' }));
    expect(onOpen).toHaveBeenCalledWith(lead.id);
  });

  it('shows the empty state of the brief', () => {
    renderWithProviders(
      <LeadsTable
        data={makeLeadPage([])}
        loading={false}
        params={params}
        onPageChange={() => {}}
        onSortChange={() => {}}
        onOpen={() => {}}
      />,
    );
    screen.getByText('No leads found matching your criteria.');
  });

  it('sorts a column ascending, then descending, then back to the default order, and says so in aria-sort', () => {
    const onSortChange = vi.fn();
    const table = (sorting: Pick<LeadListParams, 'sort' | 'order'>) => (
      <LeadsTable
        data={makeLeadPage([makeLead()])}
        loading={false}
        params={{ ...params, ...sorting }}
        onPageChange={() => {}}
        onSortChange={onSortChange}
        onOpen={() => {}}
      />
    );
    const { rerender } = renderWithProviders(table({ sort: 'createdAt', order: 'desc' }));
    const value = () => screen.getByRole('columnheader', { name: 'Value' });
    expect(value().getAttribute('aria-sort')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Created' }).getAttribute('aria-sort')).toBe('descending');
    // Only sortable columns have a button.
    expect(within(screen.getByRole('columnheader', { name: 'Assigned' })).queryByRole('button')).toBeNull();

    fireEvent.click(within(value()).getByRole('button', { name: 'Value' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ sort: 'estimatedValue', order: 'asc' });
    rerender(table({ sort: 'estimatedValue', order: 'asc' }));
    expect(value().getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(value()).getByRole('button', { name: 'Value' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ sort: 'estimatedValue', order: 'desc' });
    rerender(table({ sort: 'estimatedValue', order: 'desc' }));
    expect(value().getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(within(value()).getByRole('button', { name: 'Value' }));
    expect(onSortChange).toHaveBeenLastCalledWith(undefined);
  });

  it('select-all checks the page, keeps leads checked on other pages, and is mixed while only some are checked', () => {
    const [a, b] = [makeLead({ firstName: 'Ada' }), makeLead({ firstName: 'Bo' })];
    const onChange = vi.fn();
    const table = (selectedIds: string[]) => (
      <LeadsTable
        data={makeLeadPage([a, b])}
        loading={false}
        params={params}
        onPageChange={() => {}}
        onSortChange={() => {}}
        onOpen={() => {}}
        selection={{ selectedIds, onChange }}
      />
    );
    const { rerender } = renderWithProviders(table(['elsewhere', a.id]));
    const all = () => screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement;
    expect(all().checked).toBe(false);
    expect(all().indeterminate).toBe(true);
    expect((screen.getByRole('checkbox', { name: `Select ${fullName(a)}` }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('checkbox', { name: `Select ${fullName(a)}` }).closest('tr')?.className).toContain(
      'lead-row-selected',
    );

    fireEvent.click(all());
    expect(onChange).toHaveBeenLastCalledWith(['elsewhere', a.id, b.id]);
    rerender(table(['elsewhere', a.id, b.id]));
    expect(all().checked).toBe(true);
    expect(all().indeterminate).toBe(false);

    fireEvent.click(all());
    expect(onChange).toHaveBeenLastCalledWith(['elsewhere']);

    fireEvent.click(screen.getByRole('checkbox', { name: `Select ${fullName(b)}` }));
    expect(onChange).toHaveBeenLastCalledWith(['elsewhere', a.id]);
  });
});
