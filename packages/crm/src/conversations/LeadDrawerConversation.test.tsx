import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Lead } from '@shine/shared/types';
import { describe, expect, it } from 'vitest';
import { LeadDrawer } from '../leads/LeadDrawer.tsx';
import { mockFetch, type RecordedCall } from '../test/fetch-mock.ts';
import { makeLead, makeLeadDetail } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';

function mockDrawer(lead: Lead) {
  return mockFetch({
    [`GET /api/admin/leads/${lead.id}`]: { body: makeLeadDetail(lead) },
    [`GET /api/admin/activities/lead/${lead.id}`]: { body: [] },
    [`GET /api/admin/leads/${lead.id}/runs`]: { body: [] },
    [`GET /api/admin/leads/${lead.id}/outbox`]: { body: [] },
    [`GET /api/admin/leads/${lead.id}/quotes`]: { body: { items: [] } },
    [`GET /api/admin/leads/${lead.id}/messages`]: { body: { items: [] } },
    [`POST /api/admin/leads/${lead.id}/messages/read`]: { status: 204 },
    'GET /api/admin/templates': { body: [] },
  });
}

const conversationCallsOf = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.includes('/messages')).map((call) => `${call.method} ${call.url}`);

describe('lead drawer: Conversation tab', () => {
  it('reads and marks the replies read only when the tab is opened', async () => {
    const lead = makeLead({ firstName: 'Tab', lastName: 'Opener' });
    const { calls } = mockDrawer(lead);
    renderWithProviders(<LeadDrawer leadId={lead.id} onClose={() => {}} onOpenLead={() => {}} />);
    const tab = await screen.findByRole('tab', { name: 'Conversation' });
    expect(screen.getByRole('tab', { name: 'Details', selected: true })).toBeTruthy();
    expect(conversationCallsOf(calls)).toEqual([]);

    await userEvent.click(tab);
    await screen.findByText('No messages yet.');
    await waitFor(() =>
      expect(conversationCallsOf(calls)).toEqual([
        `GET /api/admin/leads/${lead.id}/messages`,
        `POST /api/admin/leads/${lead.id}/messages/read`,
      ]),
    );
  });

  it('opens on the conversation when asked (an Inbox entry)', async () => {
    const lead = makeLead({ firstName: 'Inbox', lastName: 'Entry' });
    const { calls } = mockDrawer(lead);
    renderWithProviders(
      <LeadDrawer leadId={lead.id} initialTab="conversation" onClose={() => {}} onOpenLead={() => {}} />,
    );
    expect(await screen.findByRole('tab', { name: 'Conversation', selected: true })).toBeTruthy();
    await screen.findByText('No messages yet.');
    await waitFor(() => expect(conversationCallsOf(calls)).toContain(`POST /api/admin/leads/${lead.id}/messages/read`));
  });
});
