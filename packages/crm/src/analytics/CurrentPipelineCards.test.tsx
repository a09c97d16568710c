import { leadOperations } from '@shine/shared/operations/leads';
import type { ActivitySummary } from '@shine/shared/types';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ActivitySummaryCard } from './CurrentPipelineCards.tsx';

const people: ActivitySummary = {
  total: 3,
  byType: { call: 2, email: 0, meeting: 0, note: 1, task: 0 },
  byStatus: { pending: 0, completed: 3, cancelled: 0 },
  automatic: 41,
};

function showSummary(summary: ActivitySummary) {
  mockFetch({ ...stubCall(leadOperations.getActivitySummary, { body: summary }) });
  renderWithProviders(<ActivitySummaryCard />);
}

describe('Activity Summary', () => {
  it('counts what people logged, and the product’s own entries apart', async () => {
    showSummary(people);
    const card = await screen.findByTestId('activity-summary');
    await within(card).findByText('Logged by people');
    expect(card.querySelector('.ant-statistic-content-value')?.textContent).toBe('3');
    const automatic = within(card).getByTestId('activity-summary-automatic');
    expect(automatic.textContent).toBe(
      'Written automatically (alerts, automations, filed messages), not counted above: 41',
    );
    // The bars are people's: the 41 are in none of them.
    expect(card.textContent).not.toContain('44');
  });

  it('with nothing logged by people, says so and still shows the automatic entries', async () => {
    showSummary({
      total: 0,
      byType: { call: 0, email: 0, meeting: 0, note: 0, task: 0 },
      byStatus: { pending: 0, completed: 0, cancelled: 0 },
      automatic: 5,
    });
    await screen.findByText('No activities logged by people yet.');
    expect(screen.getByTestId('activity-summary-automatic').textContent).toContain('not counted above: 5');
    expect(screen.queryByText('Logged by people')).toBeNull();
  });
});
