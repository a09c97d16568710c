import { makeAutomation, makeTemplate } from '../test/automation-fixtures.ts';
import { automationOperations } from '@shine/shared/operations/automations';
import { MESSAGES } from '@shine/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { AutomationFormDialog } from './AutomationFormDialog.tsx';

const TEMPLATE = makeTemplate();
const A1 = '7a2d4c6e-1f3a-4b5c-8d7e-0a1b2c3d4e51';
const R1 = '7a2d4c6e-1f3a-4b5c-8d7e-0a1b2c3d4e52';
const CREATED_AT = '2026-01-05T15:00:00.000Z';

describe('AutomationFormDialog', () => {
  it('shows Name is required and the template message on submit', async () => {
    mockFetch({ ...stubCall(automationOperations.listTemplates, { body: [TEMPLATE] }) });
    renderWithProviders(<AutomationFormDialog open onClose={() => {}} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create Automation' }));
    await screen.findByText('Name is required');
    screen.getByText('Choose an email template');
  });

  it('edits a rule with PATCH and the updated message', async () => {
    const { calls } = mockFetch({
      ...stubCall(automationOperations.listTemplates, { body: [TEMPLATE] }),
      ...stubCall(
        automationOperations.updateAutomation,
        ({ body }) => ({ body: makeAutomation({ ...body, id: A1 }) }),
        {
          params: { id: A1 },
        },
      ),
    });
    const onClose = vi.fn();
    renderWithProviders(
      <AutomationFormDialog
        open
        onClose={onClose}
        automation={{
          id: A1,
          name: 'Welcome',
          description: null,
          trigger: 'lead_created',
          conditions: '{}',
          actions: `{"type":"send_email","templateId":"${TEMPLATE.id}"}`,
          isActive: true,
          createdAt: CREATED_AT,
          updatedAt: CREATED_AT,
        }}
      />,
    );
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Welcome new leads');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText(MESSAGES.automation.updated);
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({
      name: 'Welcome new leads',
      description: null,
      trigger: 'lead_created',
      conditions: '{}',
      actions: `{"type":"send_email","templateId":"${TEMPLATE.id}"}`,
      isActive: true,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('a visit_completed rule keeps "first completed visit only": shown checked, unticked on save when cleared', async () => {
    const { calls } = mockFetch({
      ...stubCall(automationOperations.listTemplates, { body: [TEMPLATE] }),
      ...stubCall(
        automationOperations.updateAutomation,
        ({ body }) => ({ body: makeAutomation({ ...body, id: R1 }) }),
        {
          params: { id: R1 },
        },
      ),
    });
    renderWithProviders(
      <AutomationFormDialog
        open
        onClose={() => {}}
        automation={{
          id: R1,
          name: 'Ask for a review',
          description: null,
          trigger: 'visit_completed',
          conditions: '{"firstVisit":true}',
          actions: `{"type":"send_email","templateId":"${TEMPLATE.id}"}`,
          isActive: false,
          createdAt: CREATED_AT,
          updatedAt: CREATED_AT,
        }}
      />,
    );
    const user = userEvent.setup();
    const firstOnly = await screen.findByRole('checkbox', { name: /first completed visit/ });
    expect((firstOnly as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText(MESSAGES.automation.updated);
    await user.click(firstOnly);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(2));
    const [kept, cleared] = calls.filter((call) => call.method === 'PATCH') as Array<{ body: { conditions: string } }>;
    expect(kept?.body.conditions).toBe('{"firstVisit":true}');
    expect(cleared?.body.conditions).toBe('{}');
  });
});
