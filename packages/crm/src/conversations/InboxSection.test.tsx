import { conversationOperations } from '@shine/shared/operations/conversations';
import type { Inbox } from '@shine/shared/responses/conversations';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { workdayOperations } from '@shine/shared/operations/workday';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { makeShellCounts } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';
import { InboxNavCount } from './InboxNavCount.tsx';
import { InboxSection } from './InboxSection.tsx';

const LEAD_A = '3f1c2a7e-8a51-4f0e-9a51-00000000000a';
const LEAD_B = '3f1c2a7e-8a51-4f0e-9a51-00000000000b';

const inbox: Inbox = {
  items: [
    {
      leadId: LEAD_A,
      leadName: 'Nina Newer',
      unread: 2,
      lastAt: '2026-11-20T16:00:00.000Z',
      lastChannel: 'sms',
      lastBody: 'Is Tuesday open?',
    },
    {
      leadId: LEAD_B,
      leadName: 'Olga Older',
      unread: 1,
      lastAt: '2026-11-20T15:00:00.000Z',
      lastChannel: 'email',
      lastBody: 'Thanks!',
    },
  ],
  total: 2,
};

/** Where the Inbox sent the person (the Leads section opens `?lead=`). */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="address">{`${pathname}${search}`}</output>;
}

describe('Inbox', () => {
  it('lists the leads with unread replies, newest first, and opens a lead in the Leads section', async () => {
    mockFetch({ ...stubCall(conversationOperations.getInbox, { body: inbox }) });
    renderWithProviders(
      <>
        <InboxSection />
        <Address />
      </>,
      { route: '/crm/inbox', path: '/crm/:section' },
    );
    const list = await screen.findByRole('list', { name: 'Leads with unread replies' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((button) => button.querySelector('strong')?.textContent)).toEqual(['Nina Newer', 'Olga Older']);
    expect(buttons[0]?.textContent).toContain('2 unread');
    expect(buttons[0]?.textContent).toContain('Is Tuesday open?');
    await userEvent.click(buttons[1] as HTMLElement);
    expect(screen.getByLabelText('address').textContent).toBe(`/crm/leads?lead=${LEAD_B}&tab=conversation`);
  });

  it('says so when nothing is unread, and the menu shows no count', async () => {
    mockFetch({ ...stubCall(conversationOperations.getInbox, { body: { items: [], total: 0 } }) });
    renderWithProviders(
      <>
        <InboxSection />
        <InboxNavCount />
      </>,
    );
    expect(await screen.findByText(/No unread replies/)).toBeTruthy();
    expect(screen.queryByTestId('inbox-nav-count')).toBeNull();
  });

  it('counts the leads with unread replies beside "Inbox" in the menu', async () => {
    mockFetch({ ...stubCall(workdayOperations.getShellCounts, { body: makeShellCounts({ inbox: 2 }) }) });
    renderWithProviders(<InboxNavCount />);
    expect((await screen.findByTestId('inbox-nav-count')).textContent).toBe('2 unread');
  });
});
