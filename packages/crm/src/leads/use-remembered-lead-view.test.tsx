import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useCurrentUser } from '../session/current-user.ts';
import { mockFetch } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/team-fixtures.ts';
import { useRememberedLeadView } from './use-remembered-lead-view.ts';

function LeadsStandIn() {
  useRememberedLeadView();
  return <p>Leads shown</p>;
}

/** The CRM page in small: a section switch that, like the sidebar, writes only `?section=`. */
function Page() {
  const [params, setParams] = useSearchParams();
  const { search } = useLocation();
  // Behind RequireAuth in the CRM, the session is known before any section shows.
  if (!useCurrentUser()) return <p>Checking session</p>;
  return (
    <>
      <output>{search}</output>
      <button type="button" onClick={() => setParams({ section: 'activities' })}>
        Activities
      </button>
      <button type="button" onClick={() => setParams({ section: 'leads' })}>
        Leads
      </button>
      {params.get('section') === 'leads' ? <LeadsStandIn /> : null}
    </>
  );
}

const address = () => new URLSearchParams(screen.getByRole('status').textContent ?? '');

describe('useRememberedLeadView', () => {
  it('brings the view back when Leads is opened from another section', async () => {
    mockFetch(signedInAs('sales'));
    renderWithProviders(<Page />, { route: '/screen?section=leads&q=garcia&status=Won&page=2' });
    await screen.findByText('Leads shown');
    // The session is known a moment later; only then is the view remembered for this person.
    fireEvent.click(screen.getByRole('button', { name: 'Activities' }));
    fireEvent.click(screen.getByRole('button', { name: 'Leads' }));
    await waitFor(() => expect(address().get('q')).toBe('garcia'));
    expect(Object.fromEntries(address())).toEqual({ section: 'leads', q: 'garcia', status: 'Won', page: '2' });
  });

  it('leaves an address that names a view as it is', async () => {
    mockFetch(signedInAs('admin'));
    renderWithProviders(<Page />, { route: '/screen?section=leads&q=first' });
    await waitFor(() => expect(address().get('q')).toBe('first'));
    fireEvent.click(screen.getByRole('button', { name: 'Activities' }));
    fireEvent.click(screen.getByRole('button', { name: 'Leads' }));
    await waitFor(() => expect(address().get('q')).toBe('first'));

    // A plain list chosen on purpose (every filter cleared) stays plain on the way back.
    fireEvent.click(screen.getByRole('button', { name: 'Leads' }));
    fireEvent.click(screen.getByRole('button', { name: 'Activities' }));
    fireEvent.click(screen.getByRole('button', { name: 'Leads' }));
    await screen.findByText('Leads shown');
    expect(address().toString()).toBe('section=leads');
  });
});
