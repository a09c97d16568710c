import { automationOperations } from '@shine/shared/operations/automations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { TemplateFormDialog } from './TemplateFormDialog.tsx';

const PREVIEW = {
  subject: 'Hi Ann',
  html: '<!DOCTYPE html><html lang="en"><head><title>Hi Ann</title></head><body><p>Hello Ann</p></body></html>',
  text: 'Hello Ann\n\n--\nLone Star Shine Cleaning',
};

describe('TemplateEmailPreview', () => {
  it('shows the server’s rendering in a sandboxed frame at desktop and phone widths, and its text', async () => {
    const { calls } = mockFetch({ ...stubCall(automationOperations.previewTemplate, { body: PREVIEW }) });
    renderWithProviders(<TemplateFormDialog open onClose={() => {}} />);
    const user = userEvent.setup();
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Write the content to see the e-mail.')).toBeTruthy();

    await user.type(screen.getByLabelText('Subject'), 'Hi {{{{firstName}}');
    await user.type(screen.getByLabelText('Content'), 'Hello {{{{firstName}}');
    const frame = await within(preview).findByTitle('E-mail preview at desktop width (600 px)');
    expect(frame.getAttribute('srcdoc')).toBe(PREVIEW.html);
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('width')).toBe('600');
    expect(within(preview).getByText('Hi Ann')).toBeTruthy();
    // Typing pauses may preview what was typed so far; the last preview is of the whole text.
    await waitFor(() =>
      expect(calls.filter((call) => call.url === urlFor(automationOperations.previewTemplate)).at(-1)?.body).toEqual({
        subject: 'Hi {{firstName}}',
        content: 'Hello {{firstName}}',
      }),
    );

    await user.click(within(preview).getByText('Phone'));
    expect(within(preview).getByTitle('E-mail preview at phone width (390 px)').getAttribute('width')).toBe('390');
    await user.click(within(preview).getByText('Text'));
    expect(within(preview).getByLabelText('Plain-text version').textContent).toBe(PREVIEW.text);
  });

  it('says why there is no preview of an unknown placeholder, without asking the server', async () => {
    const { calls } = mockFetch({ ...stubCall(automationOperations.previewTemplate, { body: PREVIEW }) });
    renderWithProviders(<TemplateFormDialog open onClose={() => {}} />);
    await userEvent.setup().type(await screen.findByLabelText('Content'), 'Hi {{{{nickname}}');
    const preview = screen.getByRole('region', { name: 'Preview' });
    await waitFor(() => expect(within(preview).getByText(/Unknown placeholder \{\{nickname\}\}/)).toBeTruthy());
    const asked = calls.filter((call) => call.url === urlFor(automationOperations.previewTemplate));
    expect(asked.filter((call) => JSON.stringify(call.body).includes('{{nickname}}'))).toEqual([]);
  });
});
