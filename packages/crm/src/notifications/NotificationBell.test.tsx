import { workdayOperations } from '@shine/shared/operations/workday';
import type { NotificationList } from '@shine/shared/responses/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { makeShellCounts } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';
import { NotificationBell } from './NotificationBell.tsx';

const LEAD = '6a0c2d3e-4f5a-4b6c-8d7e-000000000001';
const list: NotificationList = {
  items: [
    {
      id: '6a0c2d3e-4f5a-4b6c-8d7e-0000000000a1',
      kind: 'customer_reply',
      leadId: LEAD,
      text: 'Reply from Nina Newman: Is Tuesday open?',
      at: new Date().toISOString(),
      readAt: null,
    },
    {
      id: '6a0c2d3e-4f5a-4b6c-8d7e-0000000000a2',
      kind: 'new_lead',
      leadId: LEAD,
      text: 'New lead: Nina Newman (Deep, Website Form)',
      at: new Date().toISOString(),
      readAt: new Date().toISOString(),
    },
  ],
  unread: 1,
};

function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="address">{`${pathname}${search}`}</output>;
}

describe('NotificationBell', () => {
  it('counts the unread, lists them, and opens one: read, and its lead on the right tab', async () => {
    const { calls } = mockFetch({
      ...stubCall(workdayOperations.getShellCounts, { body: makeShellCounts({ notifications: 1 }) }),
      ...stubCall(workdayOperations.listNotifications, { body: list }),
      ...stubCall(workdayOperations.markNotificationsRead, { body: { marked: 1, unread: 0 } }),
    });
    renderWithProviders(
      <>
        <NotificationBell />
        <Address />
      </>,
      { route: '/crm/dashboard', path: '/crm/:section' },
    );
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Your notifications' });
    // The list is asked for when the bell opens: until then its count came with the shell's.
    const items = await within(panel).findAllByRole('button', { name: /Nina Newman/ });
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Unread: Reply from Nina Newman: Is Tuesday open?'),
      expect.stringContaining('New lead: Nina Newman'),
    ]);
    await userEvent.click(items[0] as HTMLElement);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ ids: [list.items[0]?.id] });
    expect(screen.getByLabelText('address').textContent).toBe(`/crm/leads?lead=${LEAD}&tab=conversation`);
  });

  it('Escape closes the list and gives the focus back to the bell', async () => {
    mockFetch({ ...stubCall(workdayOperations.listNotifications, { body: { items: [], unread: 0 } }) });
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await userEvent.click(bell);
    expect(await screen.findByText('Nothing waits for you.')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(bell);
  });
});
