import { makeTemplate } from '../test/automation-fixtures.ts';
import { automationOperations } from '@shine/shared/operations/automations';
import { MESSAGES } from '@shine/shared/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { toTemplatePayload } from './template-form.ts';
import { TemplateFormDialog } from './TemplateFormDialog.tsx';

describe('toTemplatePayload', () => {
  it('keeps the subject only for e-mail and lists the placeholders used', () => {
    expect(
      toTemplatePayload({ name: 'T', type: 'sms', subject: 'ignored', content: 'Hi {{firstName}}', isActive: true }),
    ).toEqual({
      name: 'T',
      type: 'sms',
      subject: null,
      content: 'Hi {{firstName}}',
      variables: ['firstName'],
      isActive: true,
    });
    expect(
      toTemplatePayload({ name: 'T', type: 'email', subject: 'For {{lastName}}', content: 'Hi {{firstName}}' })
        .variables,
    ).toEqual(['lastName', 'firstName']);
  });
});

describe('TemplateFormDialog', () => {
  it('shows Name is required and Content is required on submit', async () => {
    mockFetch({});
    renderWithProviders(<TemplateFormDialog open onClose={() => {}} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create Template' }));
    await screen.findByText('Name is required');
    screen.getByText('Content is required');
  });

  it('shows the subject field only for e-mail', async () => {
    mockFetch({});
    renderWithProviders(<TemplateFormDialog open onClose={() => {}} />);
    await screen.findByLabelText('Subject');
    await userEvent.setup().click(screen.getByText('SMS'));
    expect(screen.queryByLabelText('Subject')).toBeNull();
  });

  it('rejects unknown placeholders and creates a valid template', async () => {
    const { calls } = mockFetch({
      ...stubCall(automationOperations.createTemplate, ({ body }) => ({
        status: 201,
        body: makeTemplate({ ...body, subject: body.subject ?? null }),
      })),
    });
    renderWithProviders(<TemplateFormDialog open onClose={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Quote follow-up');
    await user.type(screen.getByLabelText('Content'), 'Hi {{{{nickname}}');
    await user.click(screen.getByRole('button', { name: 'Create Template' }));
    // The field's error (the preview beside it says the same).
    await screen.findByText(/Unknown placeholder \{\{nickname\}\}/, { selector: '.ant-form-item-explain-error' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText('Content'));
    await user.type(screen.getByLabelText('Content'), 'Hi {{{{firstName}}');
    await user.click(screen.getByRole('button', { name: 'Create Template' }));
    await screen.findByText(MESSAGES.template.created);
    expect(
      calls.find((call) => call.method === 'POST' && call.url === urlFor(automationOperations.listTemplates))?.body,
    ).toEqual({
      name: 'Quote follow-up',
      type: 'email',
      subject: null,
      content: 'Hi {{firstName}}',
      variables: ['firstName'],
      isActive: true,
    });
  });
});
