import { settingsOperations } from '@shine/shared/operations/settings';
import { DEFAULT_LOST_REASONS } from '@shine/shared/lost-reasons';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/team-fixtures.ts';
import { LostReasonsSettings } from './LostReasonsSettings.tsx';

describe('LostReasonsSettings', () => {
  it('shows the reasons one a line and saves the edited list, blank lines left out', async () => {
    const { calls } = mockFetch({
      ...signedInAs('admin'),
      ...stubCall(settingsOperations.getLostReasons, { body: { reasons: [...DEFAULT_LOST_REASONS] } }),
      ...stubCall(settingsOperations.saveLostReasons, (call) => ({ body: call.body })),
    });
    renderWithProviders(<LostReasonsSettings />);
    const field = await screen.findByLabelText('Reasons, one a line');
    expect((field as HTMLTextAreaElement).value).toBe(DEFAULT_LOST_REASONS.join('\n'));
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, 'Price{enter}{enter}  Went with a friend  ');
    await user.click(screen.getByRole('button', { name: 'Save lost reasons' }));
    await screen.findByText('Lost reasons saved');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { reasons: ['Price', 'Went with a friend'] },
    ]);
  });

  it('refuses "Other" (always offered) and a repeated reason beside the field, without a request', async () => {
    const { calls } = mockFetch({
      ...signedInAs('admin'),
      ...stubCall(settingsOperations.getLostReasons, { body: { reasons: ['Price'] } }),
    });
    renderWithProviders(<LostReasonsSettings />);
    const field = await screen.findByLabelText('Reasons, one a line');
    const user = userEvent.setup();
    await user.type(field, '{enter}other');
    await user.click(screen.getByRole('button', { name: 'Save lost reasons' }));
    expect(await screen.findByText(/is always offered last/)).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'Price{enter}price');
    await user.click(screen.getByRole('button', { name: 'Save lost reasons' }));
    expect(await screen.findByText('Each reason may appear only once')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
