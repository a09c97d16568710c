import { automationOperations } from '@shine/shared/operations/automations';
import { MESSAGES } from '@shine/shared/messages';
import { screen } from '@testing-library/react';
import { describe, it } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { TemplatesSection } from './TemplatesSection.tsx';

// The e2e specs share one database with specs that create templates, so the empty state is checked here.
describe('TemplatesSection', () => {
  it('shows the empty message when there are no templates', async () => {
    mockFetch({ ...stubCall(automationOperations.listTemplates, { body: [] }) });
    renderWithProviders(<TemplatesSection />);
    await screen.findByText(MESSAGES.empty.templates);
  });
});
