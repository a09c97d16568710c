import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeLead } from '../test/fixtures.ts';
import { mockFetch } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LeadsTable } from './LeadsTable.tsx';

const params = { page: 1, pageSize: 20, sort: 'createdAt', order: 'desc' } as const;

describe('LeadsTable', () => {
  it('opens a lead from its row, but not from the controls inside it (including dropdown options)', async () => {
    const lead = makeLead({ firstName: 'Nia', lastName: 'Cole', cleaningType: 'Basic' });
    mockFetch({ [`PATCH /api/admin/leads/${lead.id}/status`]: { body: { ...lead, status: 'Won' } } });
    const onOpen = vi.fn();
    const onSelect = vi.fn();
    renderWithProviders(
      <LeadsTable
        data={{
          items: [lead],
          total: 1,
          page: 1,
          pageSize: 20,
          nextCursor: null,
          prevCursor: null,
          totalIsEstimate: false,
        }}
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

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status of Nia Cole' }));
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
        data={{
          items: [],
          total: 0,
          page: 1,
          pageSize: 20,
          nextCursor: null,
          prevCursor: null,
          totalIsEstimate: false,
        }}
        loading={false}
        params={params}
        onPageChange={() => {}}
        onSortChange={() => {}}
        onOpen={() => {}}
      />,
    );
    screen.getByText('No leads found matching your criteria.');
  });
});
