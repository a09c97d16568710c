import { teamOperations } from '@shine/shared/operations/team';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ADMIN_ID, makeTeamUser, signedInAs } from '../test/team-fixtures.ts';
import { TeamSection } from './TeamSection.tsx';

const me = makeTeamUser({ id: ADMIN_ID, name: 'Olivia Owner', role: 'admin', openLeads: 2 });
const away = makeTeamUser({
  name: 'Ben Ortiz',
  away: true,
  awayUntil: '2030-03-04T12:00:00.000Z',
  maxOpenLeads: 10,
  openLeads: 4,
});
const pending = makeTeamUser({ name: 'Cara Diaz', hasPassword: false, setupExpiresAt: '2030-03-04T15:00:00.000Z' });
const off = makeTeamUser({ name: 'Dan Fox', disabled: true });

function row(name: string) {
  return screen.getByText(name).closest('tr') as HTMLElement;
}

describe('TeamSection', () => {
  it('lists each person with role, status and open leads; nobody can disable themselves', async () => {
    mockFetch({
      ...signedInAs('admin', 'Olivia Owner'),
      ...stubCall(teamOperations.listUsers, { body: { items: [me, away, pending, off] } }),
    });
    renderWithProviders(<TeamSection />);
    await screen.findByText('Ben Ortiz');
    expect(row('Ben Ortiz').textContent).toContain('Away until Mon, Mar 4, 2030');
    expect(row('Ben Ortiz').textContent).toContain('4 of 10');
    expect(row('Cara Diaz').textContent).toContain('Set-up link pending until Mon, Mar 4, 2030');
    expect(row('Dan Fox').textContent).toContain('Disabled');
    within(row('Dan Fox')).getByRole('button', { name: 'Enable Dan Fox' });
    within(row('Ben Ortiz')).getByRole('button', { name: 'Disable Ben Ortiz' });
    expect(within(row('Olivia Owner')).queryByRole('button', { name: /Disable/ })).toBeNull();
    // People only: the company's settings are the Settings section's.
    for (const card of [
      'Speed to lead: on duty and escalation',
      'Company details in e-mails',
      'Scheduling',
      'Lost reasons',
    ]) {
      expect(screen.queryByRole('region', { name: card })).toBeNull();
    }
  });

  it('confirms that disabling ends every session now, then sends disabled: true', async () => {
    const { calls } = mockFetch({
      ...signedInAs('admin'),
      ...stubCall(teamOperations.listUsers, { body: { items: [away] } }),
      ...stubCall(teamOperations.updateUser, { body: { ...away, disabled: true } }, { params: { id: away.id } }),
    });
    renderWithProviders(<TeamSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable Ben Ortiz' }));
    await screen.findByText(/signed out everywhere now: all their sessions/);
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    await screen.findByText('Ben Ortiz is disabled');
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ disabled: true }]);
  });

  it("adds a person: the server's field issues show on the field, then the set-up link with Copy", async () => {
    let attempts = 0;
    const created = makeTeamUser({ name: 'Eve Park', email: 'eve@example.com', hasPassword: false });
    const { calls } = mockFetch({
      ...signedInAs('admin'),
      ...stubCall(teamOperations.listUsers, { body: { items: [] } }),
      ...stubCall(teamOperations.createUser, () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 400,
              body: {
                message: 'Invalid input',
                issues: [{ path: 'email', message: 'Someone already signs in with this e-mail address.' }],
              },
            }
          : {
              status: 201,
              body: {
                user: created,
                setupUrl: 'https://crm.example.com/admin/setup-password/abc',
                expiresAt: '2030-03-04T15:00:00.000Z',
                emailed: false,
              },
            };
      }),
    });
    renderWithProviders(<TeamSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add person' });
    await user.type(within(dialog).getByLabelText('Name'), 'Eve Park');
    await user.type(within(dialog).getByLabelText('Email'), 'Eve@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    await within(dialog).findByText('Someone already signs in with this e-mail address.');
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    const link = await screen.findByLabelText('Set-up link');
    expect((link as HTMLInputElement).value).toBe('https://crm.example.com/admin/setup-password/abc');
    expect((link as HTMLInputElement).readOnly).toBe(true);
    screen.getByText('It was not e-mailed');
    screen.getByRole('button', { name: 'Copy' });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Eve Park', email: 'eve@example.com', role: 'sales', phone: null },
      { name: 'Eve Park', email: 'eve@example.com', role: 'sales', phone: null },
    ]);
  });
});
