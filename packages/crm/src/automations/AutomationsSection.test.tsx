import { MESSAGES } from '@shine/shared/messages';
import { screen } from '@testing-library/react';
import { describe, it } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { AutomationsSection } from './AutomationsSection.tsx';

// The e2e specs share one database with specs that create rules, so the empty state is checked here.
describe('AutomationsSection', () => {
  it('shows the empty message when there are no rules', async () => {
    mockFetch({
      'GET /api/admin/automations': { body: [] },
      'GET /api/admin/automations/recipes': { body: [] },
      'GET /api/admin/templates': { body: [] },
    });
    renderWithProviders(<AutomationsSection />);
    await screen.findByText(MESSAGES.empty.automations);
  });
});
