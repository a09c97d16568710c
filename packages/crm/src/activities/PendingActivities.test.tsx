import { leadOperations } from '@shine/shared/operations/leads';
import type { ActivityList } from '@shine/shared/responses/activities';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { PendingActivities } from './PendingActivities.tsx';

const LEAD = '5a0c2d3e-4f5a-4b6c-8d7e-000000000001';
const USER = '5a0c2d3e-4f5a-4b6c-8d7e-000000000009';

function pageOf(page: number, subjects: string[], total: number): ActivityList {
  return {
    items: subjects.map((subject, index) => ({
      id: `5a0c2d3e-4f5a-4b6c-8d7e-0000000001${String(page)}${String(index).padStart(1, '0')}`,
      leadId: LEAD,
      userId: USER,
      author: { id: USER, name: 'Ann Admin' },
      type: 'task',
      subject,
      description: null,
      outcome: null,
      status: 'pending',
      scheduledAt: index === 0 && page === 1 ? new Date(Date.now() - 3_600_000).toISOString() : null,
      completedAt: null,
      createdAt: new Date().toISOString(),
      leadName: 'Pia Pending',
    })),
    total,
    page,
    pageSize: 25,
  };
}

describe('PendingActivities', () => {
  it('lists every lead’s pending activities with their total, flags the overdue task, and pages', async () => {
    const { calls } = mockFetch({
      ...stubCall(
        leadOperations.listActivities,
        { body: pageOf(1, ['Send checklist', 'Call back'], 27) },
        { query: { status: 'pending', page: '1' } },
      ),
      ...stubCall(
        leadOperations.listActivities,
        { body: pageOf(2, ['Last one'], 27) },
        { query: { status: 'pending', page: '2' } },
      ),
    });
    renderWithProviders(<PendingActivities />);
    const card = await screen.findByTestId('pending-activities');
    await within(card).findByText('Pending activities (27)');
    const [first] = within(card).getAllByRole('listitem');
    expect(first?.textContent).toMatch(/Pia Pending · Task: Send checklist · due .* · Overdue$/);
    expect(within(card).getAllByRole('link', { name: 'Pia Pending' })[0]?.getAttribute('href')).toBe(
      `/crm/leads?lead=${LEAD}`,
    );
    expect(within(card).getByText('Page 1 of 2')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Next page' }));
    await within(card).findByText(/Last one/);
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(
        urlFor(leadOperations.listActivities, { query: { status: 'pending', page: 2 } }),
      ),
    );
  });
});
