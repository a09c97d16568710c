import { conversationOperations } from '@shine/shared/operations/conversations';
import { quoteOperations } from '@shine/shared/operations/quotes';
import { leadOperations } from '@shine/shared/operations/leads';
import { automationOperations } from '@shine/shared/operations/automations';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Lead } from '@shine/shared/types';
import { describe, expect, it } from 'vitest';
import { LeadDrawer } from '../leads/LeadDrawer.tsx';
import { mockFetch, type RecordedCall, requestOf, stubCall } from '../test/fetch-mock.ts';
import { makeLead, makeLeadDetail } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';

function mockDrawer(lead: Lead) {
  return mockFetch({
    ...stubCall(leadOperations.getLead, { body: makeLeadDetail(lead) }, { params: { id: lead.id } }),
    ...stubCall(leadOperations.listLeadActivities, { body: [] }, { params: { leadId: lead.id } }),
    ...stubCall(automationOperations.listLeadRuns, { body: [] }, { params: { id: lead.id } }),
    ...stubCall(automationOperations.listLeadOutbox, { body: [] }, { params: { id: lead.id } }),
    ...stubCall(quoteOperations.listLeadQuotes, { body: { items: [] } }, { params: { id: lead.id } }),
    ...stubCall(conversationOperations.listLeadMessages, { body: { items: [] } }, { params: { id: lead.id } }),
    ...stubCall(conversationOperations.markLeadMessagesRead, { status: 204 }, { params: { id: lead.id } }),
    ...stubCall(automationOperations.listTemplates, { body: [] }),
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
        requestOf(conversationOperations.listLeadMessages, { params: { id: lead.id } }),
        requestOf(conversationOperations.markLeadMessagesRead, { params: { id: lead.id } }),
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
    const markRead = requestOf(conversationOperations.markLeadMessagesRead, { params: { id: lead.id } });
    await waitFor(() => expect(conversationCallsOf(calls)).toContain(markRead));
  });
});
