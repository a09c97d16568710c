import { MESSAGES } from '@shine/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { AutomationFormDialog } from './AutomationFormDialog.tsx';

const TEMPLATE = {
  id: '9b2d4c6e-1f3a-4b5c-8d7e-0a1b2c3d4e5f',
  name: 'Welcome e-mail',
  type: 'email',
  subject: 'Hi',
  content: 'Hello {{firstName}}',
  variables: ['firstName'],
  isActive: true,
  createdAt: '',
};

describe('AutomationFormDialog', () => {
  it('shows Name is required and the template message on submit', async () => {
    mockFetch({ 'GET /api/admin/templates': { body: [TEMPLATE] } });
    renderWithProviders(<AutomationFormDialog open onClose={() => {}} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create Automation' }));
    await screen.findByText('Name is required');
    screen.getByText('Choose an email template');
  });

  it('edits a rule with PATCH and the updated message', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/templates': { body: [TEMPLATE] },
      'PATCH /api/admin/automations/a1': ({ body }) => ({ body: { id: 'a1', ...(body as object) } }),
    });
    const onClose = vi.fn();
    renderWithProviders(
      <AutomationFormDialog
        open
        onClose={onClose}
        automation={{
          id: 'a1',
          name: 'Welcome',
          description: null,
          trigger: 'lead_created',
          conditions: '{}',
          actions: `{"type":"send_email","templateId":"${TEMPLATE.id}"}`,
          isActive: true,
          createdAt: '',
          updatedAt: '',
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
      'GET /api/admin/templates': { body: [TEMPLATE] },
      'PATCH /api/admin/automations/r1': ({ body }) => ({ body: { id: 'r1', ...(body as object) } }),
    });
    renderWithProviders(
      <AutomationFormDialog
        open
        onClose={() => {}}
        automation={{
          id: 'r1',
          name: 'Ask for a review',
          description: null,
          trigger: 'visit_completed',
          conditions: '{"firstVisit":true}',
          actions: `{"type":"send_email","templateId":"${TEMPLATE.id}"}`,
          isActive: false,
          createdAt: '',
          updatedAt: '',
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
