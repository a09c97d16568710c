import { teamOperations } from '@shine/shared/operations/team';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { SALES_ID, makeTeamUser, sessionOf, signedInAs } from '../test/team-fixtures.ts';
import { ProfileSection } from './ProfileSection.tsx';

const session = sessionOf('sales', 'Ana Ruiz');
const user = session.user as NonNullable<typeof session.user>;

describe('Own settings', () => {
  it('sends only what the person changed: away, and a new display name', async () => {
    const { calls } = mockFetch({
      ...signedInAs('sales', 'Ana Ruiz'),
      ...stubCall(teamOperations.listAssignees, {
        body: { items: [{ id: SALES_ID, name: 'Ana Ruiz', role: 'sales', away: false, awayUntil: null }] },
      }),
      ...stubCall(teamOperations.updateOwnSettings, {
        body: makeTeamUser({ id: SALES_ID, name: 'Ana R.', away: true }),
      }),
    });
    renderWithProviders(<ProfileSection user={user} />);
    const u = userEvent.setup();
    const name = await screen.findByLabelText('Display name');
    await u.clear(name);
    await u.type(name, 'Ana R.');
    await u.click(screen.getByRole('switch', { name: 'Away' }));
    screen.getByLabelText('Back on (optional)');
    await u.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Your settings are saved');
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ name: 'Ana R.', away: true }]);
  });

  it("an admin's phone for alerts is shown and can be cleared", async () => {
    const admin = sessionOf('admin');
    const adminUser = admin.user as NonNullable<typeof admin.user>;
    const { calls } = mockFetch({
      ...signedInAs('admin'),
      ...stubCall(teamOperations.listAssignees, { body: { items: [] } }),
      ...stubCall(teamOperations.listUsers, {
        body: { items: [makeTeamUser({ id: adminUser.id, phone: '(214) 555-0100' })] },
      }),
      ...stubCall(teamOperations.updateOwnSettings, { body: makeTeamUser({ id: adminUser.id }) }),
    });
    renderWithProviders(<ProfileSection user={adminUser} />);
    const u = userEvent.setup();
    const phone = await screen.findByLabelText('Phone for alerts');
    expect((phone as HTMLInputElement).value).toBe('(214) 555-0100');
    await u.clear(phone);
    await u.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Your settings are saved');
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ phone: null }]);
  });
});
