import { automationOperations } from '@shine/shared/operations/automations';
import { leadOperations } from '@shine/shared/operations/leads';
import type { LeadDetail } from '@shine/shared/types';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeLead, makeLeadDetail, makeLeadRequest } from '../test/fixtures.ts';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LeadDrawer } from './LeadDrawer.tsx';

function renderDrawer(detail: LeadDetail) {
  mockFetch({
    ...stubCall(leadOperations.getLead, { body: detail }, { params: { id: detail.id } }),
    ...stubCall(leadOperations.listLeadActivities, { body: [] }, { params: { leadId: detail.id } }),
    ...stubCall(automationOperations.listLeadRuns, { body: [] }, { params: { id: detail.id } }),
    ...stubCall(automationOperations.listLeadOutbox, { body: [] }, { params: { id: detail.id } }),
  });
  renderWithProviders(<LeadDrawer leadId={detail.id} onClose={() => {}} onOpenLead={() => {}} />);
}

const detailOf = (overrides: Parameters<typeof makeLead>[0]) => {
  const lead = makeLead(overrides);
  return makeLeadDetail(lead, [makeLeadRequest(lead)]);
};

describe('lead drawer: the value', () => {
  it('shows the recurring value a year beside the one-time value of a recurring lead, to the cent', async () => {
    renderDrawer(detailOf({ frequency: 'Biweekly', estimatedValue: 301.5 }));
    const label = await screen.findByText('Recurring Value');
    const row = label.closest('tr');
    expect(row?.textContent).toContain('$7,839.00 a year ($301.50 × 26 visits)');
    expect(screen.getByText('Estimated Value')).toBeTruthy();
  });

  it('counts a monthly series as every four weeks, and the default value when there is no estimate', async () => {
    renderDrawer(detailOf({ frequency: 'Monthly', estimatedValue: null }));
    const row = (await screen.findByText('Recurring Value')).closest('tr');
    expect(row?.textContent).toContain('$3,250.00 a year ($250.00 × 13 visits)');
  });

  it('shows no recurring value for a one-time cleaning', async () => {
    renderDrawer(detailOf({ frequency: 'One Time', estimatedValue: 420 }));
    await screen.findByText('Estimated Value');
    expect(screen.queryByText('Recurring Value')).toBeNull();
  });
});
