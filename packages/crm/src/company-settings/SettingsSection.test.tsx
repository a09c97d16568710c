import { DEFAULT_LOST_REASONS } from '@shine/shared/lost-reasons';
import { schedulingOperations } from '@shine/shared/operations/scheduling';
import { settingsOperations } from '@shine/shared/operations/settings';
import { DEFAULT_SCHEDULING_SETTINGS } from '@shine/shared/scheduling';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/team-fixtures.ts';
import { SettingsSection } from './SettingsSection.tsx';

const PATH = '/crm/:section/:page?';

function stubSettings() {
  return mockFetch({
    ...signedInAs('admin'),
    ...stubCall(schedulingOperations.getSchedulingSettings, { body: DEFAULT_SCHEDULING_SETTINGS }),
    ...stubCall(settingsOperations.getLostReasons, { body: { reasons: [...DEFAULT_LOST_REASONS] } }),
  });
}

describe('SettingsSection', () => {
  it('opens the page its address names, and a tab moves to another page with its own address', async () => {
    stubSettings();
    renderWithProviders(<SettingsSection />, { route: '/crm/settings/scheduling', path: PATH });
    await screen.findByRole('region', { name: 'Scheduling' });
    expect(screen.getByRole('tab', { name: 'Scheduling' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('region', { name: 'Lost reasons' })).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Lost reasons' }));
    await screen.findByRole('region', { name: 'Lost reasons' });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Lost reasons' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(screen.queryByRole('region', { name: 'Scheduling' })).toBeNull();
  });

  it('without a page (or an unknown one), opens the first: company details', async () => {
    stubSettings();
    renderWithProviders(<SettingsSection />, { route: '/crm/settings/nothing-here', path: PATH });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Company details' }).getAttribute('aria-selected')).toBe('true'),
    );
  });
});
