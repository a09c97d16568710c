import { leadOperations } from '@shine/shared/operations/leads';
import { teamOperations } from '@shine/shared/operations/team';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseOption } from '../test/choose-option.ts';
import { makeLead } from '../test/fixtures.ts';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LeadAssigneeSelect } from './LeadAssigneeSelect.tsx';

const ben = { id: '0b1c2d3e-4f5a-4b6c-8d7e-000000000009', name: 'Ben Ortiz' };
const ana = { id: '0b1c2d3e-4f5a-4b6c-8d7e-000000000002', name: 'Ana Ruiz' };

describe('LeadAssigneeSelect', () => {
  it("shows a disabled assignee's name (never the id) and reassigns or unassigns", async () => {
    const lead = makeLead({ assignedTo: ben.id, assignee: ben });
    const { calls } = mockFetch({
      ...stubCall(teamOperations.listAssignees, {
        body: { items: [{ ...ana, role: 'sales', away: true, awayUntil: '2030-03-04T12:00:00.000Z' }] },
      }),
      ...stubCall(
        leadOperations.updateLead,
        { body: { ...lead, assignedTo: ana.id, assignee: ana } },
        { params: { id: lead.id } },
      ),
    });
    renderWithProviders(<LeadAssigneeSelect lead={lead} />);
    await screen.findByText('Ben Ortiz (no longer active)');
    expect(screen.queryByText(ben.id)).toBeNull();
    await chooseOption('Assigned to', 'Ana Ruiz (away until Mon, Mar 4, 2030)');
    await screen.findByText('Assigned to Ana Ruiz');
    await chooseOption('Assigned to', 'Unassigned');
    await screen.findByText('Unassigned', { selector: '.ant-notification *' });
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { assignedTo: ana.id },
      { assignedTo: null },
    ]);
  });
});
