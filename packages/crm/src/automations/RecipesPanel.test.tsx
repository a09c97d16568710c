import { automationOperations } from '@shine/shared/operations/automations';
import { AUTOMATION_RECIPE_KEYS } from '@shine/shared/automation-recipes';
import type { AutomationRecipeState } from '@shine/shared/responses/automations';
import type { Automation } from '@shine/shared/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { RecipesPanel } from './RecipesPanel.tsx';

const RULE_ID = '22222222-2222-4222-8222-222222222222';
const notAdded = (key: AutomationRecipeState['key']): AutomationRecipeState => ({
  key,
  automationId: null,
  templateMissing: false,
});
const RULE: Automation = {
  id: RULE_ID,
  name: 'Call within 15 minutes',
  description: null,
  trigger: 'lead_created',
  conditions: '{}',
  actions: JSON.stringify({ type: 'create_task', title: 'Call within 15 minutes', dueInHours: 0 }),
  isActive: false,
  createdAt: '2025-11-27T09:00:00.000Z',
  updatedAt: '2025-11-27T09:00:00.000Z',
};

function recipeItem(name: string): HTMLElement {
  const item = screen.getByRole('heading', { level: 3, name }).closest('li');
  if (!item) throw new Error(`no recipe ${name}`);
  return item;
}

describe('RecipesPanel', () => {
  it('lists the recipes with what they do, each with a labelled Add button', async () => {
    mockFetch({
      ...stubCall(automationOperations.listAutomationRecipes, { body: AUTOMATION_RECIPE_KEYS.map(notAdded) }),
      ...stubCall(automationOperations.listAutomations, { body: [] }),
    });
    renderWithProviders(<RecipesPanel />);
    await screen.findByRole('button', { name: 'Add Welcome e-mail on a new quote' });
    expect(screen.getByRole('heading', { level: 2, name: 'Suggested automations' })).toBeTruthy();
    expect(recipeItem('Welcome e-mail on a new quote').textContent).toContain('Then: Send email: Welcome e-mail');
    expect(recipeItem('Call within 15 minutes').textContent).toContain('Create task: Call within 15 minutes (due now)');
    expect(recipeItem('Chase after 2 days without activity').textContent).toContain('When: No activity for 2 days');
    expect(recipeItem('Booking confirmation').textContent).toContain(
      'When: Visit booked Then: Send SMS: Booking confirmation SMS',
    );
    expect(recipeItem('Day-before reminder').textContent).toContain('When: Visit in 24 hours');
    expect(recipeItem('Ask for a review').textContent).toContain(
      'When: Visit completed (the first only) Then: Send email: Review request e-mail',
    );
    expect(screen.getAllByRole('button', { name: /^Add / })).toHaveLength(AUTOMATION_RECIPE_KEYS.length);
  });

  it('one click adds the recipe, then shows it as added and inactive instead of offering it again', async () => {
    let added = false;
    const { calls } = mockFetch({
      ...stubCall(automationOperations.listAutomationRecipes, () => ({
        body: [
          notAdded('welcome-email'),
          { ...notAdded('call-within-15-minutes'), automationId: added ? RULE_ID : null },
          notAdded('chase-after-2-days'),
        ],
      })),
      ...stubCall(automationOperations.listAutomations, () => ({ body: added ? [RULE] : [] })),
      ...stubCall(
        automationOperations.addAutomationRecipe,
        () => {
          added = true;
          return { status: 201, body: RULE };
        },
        { params: { key: 'call-within-15-minutes' } },
      ),
    });
    renderWithProviders(<RecipesPanel />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Add Call within 15 minutes' }));
    const item = recipeItem('Call within 15 minutes');
    await waitFor(() => expect(item.textContent).toContain('Added · Inactive'));
    expect(within(item).queryByRole('button')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({
        url: urlFor(automationOperations.addAutomationRecipe, { params: { key: 'call-within-15-minutes' } }),
        body: {},
      }),
    ]);
  });

  it('a recipe whose template was deleted says so and offers to recreate it', async () => {
    const { calls } = mockFetch({
      ...stubCall(automationOperations.listAutomationRecipes, {
        body: [
          { key: 'welcome-email', automationId: null, templateMissing: true },
          notAdded('call-within-15-minutes'),
          notAdded('chase-after-2-days'),
        ],
      }),
      ...stubCall(automationOperations.listAutomations, { body: [] }),
      ...stubCall(
        automationOperations.addAutomationRecipe,
        { status: 201, body: { ...RULE, name: 'Welcome' } },
        { params: { key: 'welcome-email' } },
      ),
    });
    renderWithProviders(<RecipesPanel />);
    const button = await screen.findByRole('button', {
      name: 'Recreate template and add Welcome e-mail on a new quote',
    });
    expect(recipeItem('Welcome e-mail on a new quote').textContent).toContain(
      'Its template “Welcome e-mail” was deleted.',
    );
    await userEvent.setup().click(button);
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ restoreTemplate: true }));
  });

  it('a recipe already added shows whether its rule is on', async () => {
    mockFetch({
      ...stubCall(automationOperations.listAutomationRecipes, {
        body: [
          notAdded('welcome-email'),
          { key: 'call-within-15-minutes', automationId: RULE_ID, templateMissing: false },
          notAdded('chase-after-2-days'),
        ],
      }),
      ...stubCall(automationOperations.listAutomations, { body: [{ ...RULE, isActive: true }] }),
    });
    renderWithProviders(<RecipesPanel />);
    await waitFor(() => expect(recipeItem('Call within 15 minutes').textContent).toContain('Added · Active'));
  });
});
