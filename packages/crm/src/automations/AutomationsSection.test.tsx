import { automationOperations } from '@shine/shared/operations/automations';
import { MESSAGES } from '@shine/shared/messages';
import { screen } from '@testing-library/react';
import { describe, it } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { AutomationsSection } from './AutomationsSection.tsx';

// The e2e specs share one database with specs that create rules, so the empty state is checked here.
describe('AutomationsSection', () => {
  it('shows the empty message when there are no rules', async () => {
    mockFetch({
      ...stubCall(automationOperations.listAutomations, { body: [] }),
      ...stubCall(automationOperations.listAutomationRecipes, { body: [] }),
      ...stubCall(automationOperations.listTemplates, { body: [] }),
    });
    renderWithProviders(<AutomationsSection />);
    await screen.findByText(MESSAGES.empty.automations);
  });
});
