import { leadOperations } from '@shine/shared/operations/leads';
import { conversationOperations } from '@shine/shared/operations/conversations';
import type { UnmatchedEmail, UnmatchedEmails } from '@shine/shared/responses/conversations';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { workdayOperations } from '@shine/shared/operations/workday';
import { makeLead, makeLeadPage, makeShellCounts } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';
import { InboxNavCount } from './InboxNavCount.tsx';
import { UnmatchedEmailsPanel } from './UnmatchedEmailsPanel.tsx';

const receivedAt = new Date(Date.now() - 3600_000).toISOString();

const forged: UnmatchedEmail = {
  id: '8c1c2a7e-8a51-4f0e-9a51-00000000000a',
  from: 'ana@customer.example',
  to: ['sales@shine.example'],
  subject: 'Re: Your cleaning quote',
  body: 'Send the key to the new address.',
  receivedAt,
  dateHeader: receivedAt,
  reason: 'It answers no e-mail we sent (In-Reply-To and References name none of ours).',
  authentication: 'spf=fail dkim=none dmarc=fail',
  status: 'held',
  leadId: null,
  leadName: null,
  resolvedBy: null,
  resolvedAt: null,
  suggestedLead: { id: '3f1c2a7e-8a51-4f0e-9a51-00000000000a', name: 'Ana Diaz' },
};

const held: UnmatchedEmails = { items: [forged], total: 1 };

describe('Unmatched e-mail', () => {
  it('shows why an e-mail was held and what the mail server said, and attaches it to the lead staff choose', async () => {
    const lead = makeLead({ id: '3f1c2a7e-8a51-4f0e-9a51-00000000000a', firstName: 'Ana', lastName: 'Diaz' });
    const { calls } = mockFetch({
      ...stubCall(conversationOperations.listUnmatchedEmails, { body: held }),
      ...stubCall(leadOperations.listLeads, {
        body: makeLeadPage([lead]),
      }),
      ...stubCall(
        conversationOperations.attachUnmatchedEmail,
        {
          body: { ...forged, status: 'attached', leadId: lead.id, leadName: 'Ana Diaz', resolvedBy: 'Test Admin' },
        },
        { params: { id: forged.id } },
      ),
    });
    renderWithProviders(<UnmatchedEmailsPanel />);
    const list = await screen.findByRole('list', { name: 'Unmatched e-mail' });
    const item = within(list).getByRole('article', { name: 'From ana@customer.example' });
    expect(item.textContent).toContain(forged.reason);
    expect(item.textContent).toContain('spf=fail dkim=none dmarc=fail');
    expect(item.textContent).toContain('Anyone can write any From: address');
    const attach = within(item).getByRole('button', { name: 'Attach' });
    expect(attach).toHaveProperty('disabled', true);

    fireEvent.mouseDown(
      within(item).getByRole('combobox', { name: 'Lead to attach the e-mail from ana@customer.example to' }),
    );
    const option = await waitFor(() => {
      const found = document.querySelector('.ant-select-item-option[title^="Ana Diaz"]');
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    await userEvent.click(attach);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: urlFor(conversationOperations.attachUnmatchedEmail, { params: { id: forged.id } }),
      body: { leadId: lead.id },
    });
  });

  it('dismisses an e-mail', async () => {
    const { calls } = mockFetch({
      ...stubCall(conversationOperations.listUnmatchedEmails, { body: held }),
      ...stubCall(
        conversationOperations.dismissUnmatchedEmail,
        { body: { ...forged, status: 'dismissed' } },
        { params: { id: forged.id } },
      ),
    });
    renderWithProviders(<UnmatchedEmailsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss the e-mail from ana@customer.example' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
        urlFor(conversationOperations.dismissUnmatchedEmail, { params: { id: forged.id } }),
      ]),
    );
  });

  it('says so when nothing is held', async () => {
    mockFetch({ ...stubCall(conversationOperations.listUnmatchedEmails, { body: { items: [], total: 0 } }) });
    renderWithProviders(<UnmatchedEmailsPanel />);
    expect(await screen.findByText('No unmatched e-mail.')).toBeTruthy();
  });

  it('counts the held e-mails beside "Inbox" in the menu', async () => {
    mockFetch({ ...stubCall(workdayOperations.getShellCounts, { body: makeShellCounts({ unmatchedEmails: 1 }) }) });
    renderWithProviders(<InboxNavCount />);
    expect((await screen.findByTestId('unmatched-nav-count')).textContent).toBe('1 unmatched e-mail');
    expect(screen.queryByTestId('inbox-nav-count')).toBeNull();
  });
});
