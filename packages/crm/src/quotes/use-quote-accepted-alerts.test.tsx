import { leadOperations } from '@shine/shared/operations/leads';
import { publicOperations } from '@shine/shared/operations/public';
import type { LiveEvent } from '@shine/shared/live';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { makeLead, makeLeadDetail } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';
import { useCurrentUser } from '../session/current-user.ts';
import { isAlertedOfAcceptance, useQuoteAcceptedAlerts } from './use-quote-accepted-alerts.ts';

const ME = {
  id: '0c9d8e7f-1a2b-4c3d-8e4f-000000000001',
  username: 'sam@example.com',
  name: 'Sam',
  role: 'sales' as const,
};
const QUOTE_ID = '5d1e2f3a-4b5c-4d6e-8f70-000000000009';

let handle: ((event: LiveEvent) => void) | undefined;
function Listener() {
  handle = useQuoteAcceptedAlerts();
  return <p>{useCurrentUser()?.name ?? 'signing in'}</p>;
}

async function accept(assignedTo: string | null) {
  const lead = makeLead({ firstName: 'Ann', lastName: 'Lee', status: 'Won', estimatedValue: 311.9, assignedTo });
  mockFetch({
    ...stubCall(publicOperations.getSession, { body: { isAuthenticated: true, user: ME } }),
    ...stubCall(leadOperations.getLead, { body: makeLeadDetail(lead) }, { params: { id: lead.id } }),
  });
  renderWithProviders(<Listener />);
  await screen.findByText('Sam');
  act(() => handle?.({ type: 'quote.accepted', leadId: lead.id, quoteId: QUOTE_ID }));
}

describe('quote accepted alerts', () => {
  it('tells the assignee: the name, the accepted total and an Open action', async () => {
    await accept(ME.id);
    expect(await screen.findByText('Quote accepted: Ann Lee')).toBeTruthy();
    expect(screen.getByText('$311.90 — the lead is Won.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open: Ann Lee' })).toBeTruthy();
  });

  it('leaves someone else’s lead alone', async () => {
    await accept('0c9d8e7f-1a2b-4c3d-8e4f-000000000002');
    await waitFor(() => expect(document.querySelector('.ant-notification-notice')).toBeNull());
  });

  it('an unassigned lead alerts the admins', () => {
    expect(isAlertedOfAcceptance({ assignedTo: null }, { id: 'a', role: 'admin' })).toBe(true);
    expect(isAlertedOfAcceptance({ assignedTo: null }, { id: 's', role: 'sales' })).toBe(false);
    expect(isAlertedOfAcceptance({ assignedTo: 's' }, { id: 's', role: 'sales' })).toBe(true);
  });
});
