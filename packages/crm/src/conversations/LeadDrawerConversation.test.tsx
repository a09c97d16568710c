import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LeadDrawer } from '../leads/LeadDrawer.tsx';
import { mockFetch } from '../test/fetch-mock.ts';
import { makeLead, makeLeadDetail } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';

describe('lead drawer: Conversation tab', () => {
  it('reads and marks the replies read only when the tab is opened', async () => {
    const lead = makeLead({ firstName: 'Tab', lastName: 'Opener' });
    const { calls } = mockFetch({
      [`GET /api/admin/leads/${lead.id}`]: { body: makeLeadDetail(lead) },
      [`GET /api/admin/activities/lead/${lead.id}`]: { body: [] },
      [`GET /api/admin/leads/${lead.id}/runs`]: { body: [] },
      [`GET /api/admin/leads/${lead.id}/outbox`]: { body: [] },
      [`GET /api/admin/leads/${lead.id}/quotes`]: { body: { items: [] } },
      [`GET /api/admin/leads/${lead.id}/messages`]: { body: { items: [] } },
      [`POST /api/admin/leads/${lead.id}/messages/read`]: { status: 204 },
      'GET /api/admin/templates': { body: [] },
    });
    renderWithProviders(<LeadDrawer leadId={lead.id} onClose={() => {}} onOpenLead={() => {}} />);
    const tab = await screen.findByRole('tab', { name: 'Conversation' });
    expect(screen.getByRole('tab', { name: 'Details', selected: true })).toBeTruthy();
    const conversationCalls = () => calls.filter((call) => call.url.includes('/messages'));
    expect(conversationCalls()).toEqual([]);

    await userEvent.click(tab);
    await screen.findByText('No messages yet.');
    await waitFor(() =>
      expect(conversationCalls().map((call) => `${call.method} ${call.url}`)).toEqual([
        `GET /api/admin/leads/${lead.id}/messages`,
        `POST /api/admin/leads/${lead.id}/messages/read`,
      ]),
    );
  });
});
