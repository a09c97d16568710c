import { makeAutomation, makeTemplate } from '../test/automation-fixtures.ts';
import { teamOperations } from '@shine/shared/operations/team';
import { automationOperations } from '@shine/shared/operations/automations';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AutomationsSection } from '../automations/AutomationsSection.tsx';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/team-fixtures.ts';
import { TemplatesSection } from './TemplatesSection.tsx';

const template = makeTemplate();
const rule = makeAutomation({
  id: '1b2d4c6e-1f3a-4b5c-8d7e-0a1b2c3d4e5f',
  name: 'Share new leads',
  actions: '{"type":"assign","to":"round_robin"}',
});
const reads = {
  ...stubCall(automationOperations.listTemplates, { body: [template] }),
  ...stubCall(automationOperations.listAutomations, { body: [rule] }),
  ...stubCall(automationOperations.listAutomationRecipes, { body: [] }),
  ...stubCall(teamOperations.listAssignees, { body: { items: [] } }),
};

describe('read-only for sales', () => {
  it('templates: no New, Edit or Delete, and a note that says who can change them', async () => {
    mockFetch({ ...signedInAs('sales'), ...reads });
    renderWithProviders(<TemplatesSection />);
    await screen.findByText('Welcome e-mail');
    await screen.findByText('Only admins can change templates.');
    expect(screen.queryByRole('button', { name: 'New Template' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Welcome e-mail' })).toBeNull();
  });

  it('automations: the rule, its action in words and its runs, without the controls that change it', async () => {
    mockFetch({ ...signedInAs('sales'), ...reads });
    renderWithProviders(<AutomationsSection />);
    await screen.findByText('Assign by round robin');
    await screen.findByText('Only admins can change automations.');
    screen.getByRole('button', { name: 'Runs of Share new leads' });
    expect(screen.queryByRole('button', { name: 'New Automation' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Active: Share new leads' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Share new leads' })).toBeNull();
  });

  it('admins keep every control', async () => {
    mockFetch({ ...signedInAs('admin'), ...reads });
    renderWithProviders(<AutomationsSection />);
    await screen.findByRole('button', { name: 'New Automation' });
    screen.getByRole('button', { name: 'Edit Share new leads' });
    expect(screen.queryByText('Only admins can change automations.')).toBeNull();
  });
});
