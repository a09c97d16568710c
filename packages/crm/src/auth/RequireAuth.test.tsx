import { sessionOf } from '../test/team-fixtures.ts';
import { publicOperations } from '@shine/shared/operations/public';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'react-router-dom';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { RequireAuth } from './RequireAuth.tsx';

const guarded = { route: '/crm', path: '/crm', children: <Route index element={<p>Staff only</p>} /> };

describe('RequireAuth', () => {
  it('sends signed-out visitors to the login screen', async () => {
    mockFetch({ ...stubCall(publicOperations.getSession, { body: { isAuthenticated: false } }) });
    renderWithProviders(<RequireAuth />, guarded);
    await screen.findByText('Login screen');
    expect(screen.queryByText('Staff only')).toBeNull();
  });

  it('treats a 401 session answer as signed out', async () => {
    mockFetch({ ...stubCall(publicOperations.getSession, { status: 401, body: { message: 'Not signed in' } }) });
    renderWithProviders(<RequireAuth />, guarded);
    await screen.findByText('Login screen');
  });

  it('shows the screen to a signed-in user', async () => {
    mockFetch({
      ...stubCall(publicOperations.getSession, { body: sessionOf('admin') }),
    });
    renderWithProviders(<RequireAuth />, guarded);
    await screen.findByText('Staff only');
  });

  it('offers a retry when the server cannot be reached', async () => {
    mockFetch({
      ...stubCall(publicOperations.getSession, {
        status: 503,
        body: { message: 'The service is temporarily unavailable.' },
      }),
    });
    renderWithProviders(<RequireAuth />, guarded);
    await screen.findByText('The service is temporarily unavailable.');
    screen.getByRole('button', { name: /Try again/ });
  });
});
