import { makeAutomation, makeOutboxMessage, makeTemplate } from '../test/automation-fixtures.ts';
import { automationOperations } from '@shine/shared/operations/automations';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { AutomationFormDialog } from './AutomationFormDialog.tsx';
import { OutboxView } from './OutboxView.tsx';

const TEMPLATE = makeTemplate({ subject: 'Hi {{firstName}}' });

const RULE = makeAutomation({
  id: '7a2d4c6e-1f3a-4b5c-8d7e-0a1b2c3d4e51',
  name: 'Welcome',
  description: null,
  trigger: 'lead_created',
  conditions: '{"cleaningType":"Deep"}',
  actions: `{"type":"send_email","templateId":"${TEMPLATE.id}"}`,
  isActive: true,
});

describe('rule preview', () => {
  it('sends the rule as it stands in the form to the dry run and shows the leads and the rendered e-mail', async () => {
    const { calls } = mockFetch({
      ...stubCall(automationOperations.listTemplates, { body: [TEMPLATE] }),
      ...stubCall(automationOperations.previewAutomation, {
        body: {
          total: 2,
          leads: [
            { id: '3f1c2a7e-8a51-4f0e-9a51-0000000000a1', name: 'Ann Lee', email: 'ann@example.com', status: 'New' },
            { id: '3f1c2a7e-8a51-4f0e-9a51-0000000000a2', name: 'Bo Diaz', email: 'bo@example.com', status: 'New' },
          ],
          firstAction: { type: 'send_email', to: 'ann@example.com', subject: 'Hi Ann', body: 'Hello Ann' },
        },
      }),
    });
    renderWithProviders(<AutomationFormDialog open onClose={() => {}} automation={RULE} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Preview' }));

    const panel = await screen.findByRole('region', { name: 'Preview' });
    within(panel).getByText('2 leads match the conditions now.');
    within(panel).getByText('Ann Lee');
    within(panel).getByText('Subject: Hi Ann');
    within(panel).getByText('Hello Ann');
    const preview = calls.find((call) => call.url === urlFor(automationOperations.previewAutomation));
    expect(preview?.body).toMatchObject({
      id: RULE.id,
      trigger: 'lead_created',
      conditions: '{"cleaningType":"Deep"}',
      actions: RULE.actions,
    });
    // A dry run saves nothing.
    expect(
      calls.filter((call) => call.method !== 'GET' && call.url !== urlFor(automationOperations.previewAutomation)),
    ).toEqual([]);
  });

  it("shows the server's reason when the preview is refused", async () => {
    mockFetch({
      ...stubCall(automationOperations.listTemplates, { body: [TEMPLATE] }),
      ...stubCall(automationOperations.previewAutomation, {
        status: 400,
        body: { message: 'The template of this rule no longer exists' },
      }),
    });
    renderWithProviders(<AutomationFormDialog open onClose={() => {}} automation={RULE} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Preview' }));
    await screen.findByText('The template of this rule no longer exists');
  });
});

describe('OutboxView', () => {
  it('lists unsent messages with their reason, and asks for failed ones when chosen', async () => {
    const message = makeOutboxMessage({
      leadName: 'Ann Lee',
      channel: 'email',
      recipient: 'ann@example.com',
      subject: 'Hi Ann',
      body: 'Hello Ann',
      status: 'not_sent',
      reason: 'not sent: no transport configured',
      attempts: 0,
    });
    const { calls } = mockFetch({
      ...stubCall(automationOperations.listOutbox, { body: [message] }, { query: { status: 'unsent' } }),
      ...stubCall(automationOperations.listOutbox, { body: [] }, { query: { status: 'failed' } }),
    });
    renderWithProviders(<OutboxView />);
    await screen.findByText('not sent: no transport configured');
    screen.getByText('E-mail to ann@example.com (Ann Lee)');
    await userEvent.setup().click(screen.getByText('Failed'));
    await screen.findByText('No messages here.');
    expect(calls.map((call) => call.url)).toContain(
      urlFor(automationOperations.listOutbox, { query: { status: 'failed' } }),
    );
  });

  it('shows a held message in words: its tag, the reason and when it goes out', async () => {
    const reason =
      'held: this recipient already received an automated message in the last hour (limit 1 per recipient per hour)';
    mockFetch({
      ...stubCall(automationOperations.listOutbox, { body: [] }, { query: { status: 'unsent' } }),
      ...stubCall(
        automationOperations.listOutbox,
        {
          body: [
            makeOutboxMessage({
              leadName: 'Bo Diaz',
              recipient: 'bo@example.com',
              subject: 'Hi Bo',
              body: 'Hello Bo',
              status: 'held',
              reason,
              heldUntil: '2025-06-01T13:00:00.000Z',
              attempts: 0,
            }),
          ],
        },
        { query: { status: 'held' } },
      ),
    });
    renderWithProviders(<OutboxView />);
    await userEvent.setup().click(await screen.findByText('Held'));
    await screen.findByText(reason);
    const item = screen.getByText('E-mail to bo@example.com (Bo Diaz)').closest('li') as HTMLElement;
    within(item).getByText('Held');
    within(item).getByText(/^Sends automatically after /);
  });
});
