import { leadOperations } from '@shine/shared/operations/leads';
import { teamOperations } from '@shine/shared/operations/team';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeLead } from '../test/fixtures.ts';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { chooseOption } from '../test/choose-option.ts';
import { renderWithProviders } from '../test/render.tsx';
import { describeAssignment } from './assign.hooks.ts';
import { BulkAssignDialog } from './BulkAssignDialog.tsx';
import { LeadsTable } from './LeadsTable.tsx';

const ana = {
  id: '0b1c2d3e-4f5a-4b6c-8d7e-000000000002',
  name: 'Ana Ruiz',
  role: 'sales' as const,
  away: false,
  awayUntil: null,
};

describe('assignment', () => {
  it('words the toast with the count in the right number', () => {
    expect(describeAssignment(3, { id: ana.id, name: 'Ana Ruiz' })).toBe('Assigned 3 leads to Ana Ruiz');
    expect(describeAssignment(1, { id: ana.id, name: 'Ana Ruiz' })).toBe('Assigned 1 lead to Ana Ruiz');
    expect(describeAssignment(2, { id: null, name: null })).toBe('Unassigned 2 leads');
  });

  it('assigns the selection to the person chosen', async () => {
    const { calls } = mockFetch({
      ...stubCall(teamOperations.listAssignees, { body: { items: [ana] } }),
      ...stubCall(leadOperations.assignLeads, { body: { updated: 3 } }),
    });
    let cleared = false;
    renderWithProviders(
      <BulkAssignDialog open selectedIds={['a', 'b', 'c']} onClose={() => {}} onAssigned={() => (cleared = true)} />,
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Assign 3 leads' });
    await chooseOption('Assign to', 'Ana Ruiz');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await screen.findByText('Assigned 3 leads to Ana Ruiz');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { ids: ['a', 'b', 'c'], assignedTo: ana.id },
    ]);
    expect(cleared).toBe(true);
  });

  it("shows the assignee's initials in the table, the name for screen readers, never the id", () => {
    const lead = makeLead({ assignedTo: ana.id, assignee: { id: ana.id, name: 'Ana Ruiz' } });
    renderWithProviders(
      <LeadsTable
        data={{
          items: [lead, makeLead()],
          total: 2,
          page: 1,
          pageSize: 20,
          nextCursor: null,
          prevCursor: null,
          totalIsEstimate: false,
        }}
        loading={false}
        params={{ page: 1, pageSize: 20, sort: 'createdAt', order: 'desc' }}
        onPageChange={() => {}}
        onSortChange={() => {}}
        onOpen={() => {}}
      />,
    );
    screen.getByRole('columnheader', { name: 'Assigned' });
    screen.getByText('AR');
    screen.getByText('Ana Ruiz');
    screen.getByText('Unassigned');
    expect(screen.queryByText(ana.id)).toBeNull();
  });
});
