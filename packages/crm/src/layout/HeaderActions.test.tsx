import { leadOperations } from '@shine/shared/operations/leads';
import { publicOperations } from '@shine/shared/operations/public';
import { MESSAGES } from '@shine/shared/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LogoutButton } from './HeaderActions.tsx';

describe('LogoutButton', () => {
  it('logs out, clears every cached read and goes to the login screen', async () => {
    const { calls } = mockFetch({ ...stubCall(publicOperations.signOut, { status: 204 }) });
    const { queryClient } = renderWithProviders(<LogoutButton />);
    queryClient.setQueryData([urlFor(leadOperations.listLeads), { page: 1 }], { items: [] });
    queryClient.setQueryData([urlFor(publicOperations.getSession)], { isAuthenticated: true });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByText('Login screen');
    expect(calls[0]).toMatchObject({ method: 'POST', url: urlFor(publicOperations.signOut), body: undefined });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('stays put and says so when the logout fails', async () => {
    mockFetch({ ...stubCall(publicOperations.signOut, { status: 503, body: { message: 'down' } }) });
    const { queryClient } = renderWithProviders(<LogoutButton iconOnly />);
    queryClient.setQueryData([urlFor(leadOperations.getStats)], { total: 1 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByText(MESSAGES.logout.failed);
    expect(screen.queryByText('Login screen')).toBeNull();
    expect(queryClient.getQueryData([urlFor(leadOperations.getStats)])).toEqual({ total: 1 });
  });
});
