import { publicOperations } from '@shine/shared/operations/public';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { DashboardPage, dashboardGreeting } from './DashboardPage.tsx';

const person = { id: '11111111-1111-4111-8111-111111111111', username: 'mia@example.com', name: 'Mia Chen' };

function signedInAs(user: typeof person & { role: 'admin' | 'sales' }) {
  // Only the session answers: the tabs' reads fail, which the header does not depend on.
  mockFetch({ ...stubCall(publicOperations.getSession, { body: { isAuthenticated: true, user } }) });
  renderWithProviders(<DashboardPage />);
}

describe('DashboardPage: the greeting', () => {
  it('greets a salesperson by name, not as the admin', async () => {
    signedInAs({ ...person, role: 'sales' });
    await screen.findByText('Welcome Mia Chen');
    expect(screen.queryByText('Welcome Admin')).toBeNull();
  });

  it('keeps the brief’s "Welcome Admin" for an admin', async () => {
    signedInAs({ ...person, role: 'admin' });
    await screen.findByText('Welcome Admin');
    expect(screen.queryByText('Welcome Mia Chen')).toBeNull();
  });

  it('names a salesperson without a name by their e-mail’s first part', () => {
    expect(dashboardGreeting({ ...person, name: ' ', role: 'sales' })).toBe('Welcome mia');
    expect(dashboardGreeting(undefined)).toBe('Welcome Admin');
  });
});
