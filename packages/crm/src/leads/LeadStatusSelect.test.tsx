import { MESSAGES } from '@shine/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeLead } from '../test/fixtures.ts';
import { mockFetch } from '../test/fetch-mock.ts';
import { chooseOption } from '../test/choose-option.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LeadStatusSelect } from './LeadStatusSelect.tsx';

const choose = chooseOption;

function seed(queryClient: ReturnType<typeof renderWithProviders>['queryClient']) {
  const keys = [
    ['/api/admin/stats'],
    ['/api/admin/metrics'],
    ['/api/admin/leads', { page: 1 }],
    ['/api/admin/templates'],
  ];
  for (const key of keys) queryClient.setQueryData(key, { seeded: true });
  return keys;
}

describe('LeadStatusSelect', () => {
  it('PATCHes the status, toasts success and refreshes leads, stats and metrics only', async () => {
    const lead = makeLead({ firstName: 'Rosa', lastName: 'Diaz' });
    const { calls } = mockFetch({
      [`PATCH /api/admin/leads/${lead.id}/status`]: { body: { ...lead, status: 'Won' } },
    });
    const { queryClient } = renderWithProviders(<LeadStatusSelect lead={lead} />);
    seed(queryClient);
    await choose('Status of Rosa Diaz', 'Won');

    await screen.findByText(MESSAGES.leadStatus.success);
    expect(calls[0]?.body).toEqual({ status: 'Won' });
    expect(queryClient.getQueryState(['/api/admin/stats'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/admin/metrics'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/admin/leads', { page: 1 }])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/admin/templates'])?.isInvalidated).toBe(false);
  });

  it('toasts the failure message', async () => {
    const lead = makeLead({ firstName: 'Sam', lastName: 'Kim' });
    mockFetch({ [`PATCH /api/admin/leads/${lead.id}/status`]: { status: 404, body: { message: 'Lead not found' } } });
    renderWithProviders(<LeadStatusSelect lead={lead} />);
    await choose('Status of Sam Kim', 'Lost');
    await screen.findByText(MESSAGES.leadStatus.failed);
    screen.getByText('Lead not found');
  });
});
