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
  it('opens the page its address names; each page is a link to its own address', async () => {
    stubSettings();
    renderWithProviders(<SettingsSection />, { route: '/crm/settings/scheduling', path: PATH });
    await screen.findByRole('region', { name: 'Scheduling' });
    expect(screen.getByRole('link', { name: 'Scheduling' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Lost reasons' }).getAttribute('href')).toBe('/crm/settings/lost-reasons');
    expect(screen.queryByRole('region', { name: 'Lost reasons' })).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Lost reasons' }));
    await screen.findByRole('region', { name: 'Lost reasons' });
    expect(screen.getByRole('link', { name: 'Lost reasons' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('region', { name: 'Scheduling' })).toBeNull();
  });

  it('without a page (or an unknown one), opens the first: company details', async () => {
    stubSettings();
    renderWithProviders(<SettingsSection />, { route: '/crm/settings/nothing-here', path: PATH });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Company details' }).getAttribute('aria-current')).toBe('page'),
    );
  });
});
