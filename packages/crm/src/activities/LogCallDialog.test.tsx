import { leadOperations } from '@shine/shared/operations/leads';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeActivity, makeLead } from '../test/fixtures.ts';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LogCallDialog } from './LogCallDialog.tsx';

describe('LogCallDialog', () => {
  it('"Wrong number" says what the drawer will show, offers no follow-up, and sends only what was chosen', async () => {
    const lead = makeLead({ firstName: 'Maya', lastName: 'Ortiz', nextFollowUpAt: null });
    const { calls } = mockFetch({
      ...stubCall(leadOperations.logCall, {
        status: 201,
        body: { activity: makeActivity(lead.id, { status: 'completed', outcome: 'wrong_number' }), lead },
      }),
    });
    const onClose = vi.fn();
    renderWithProviders(
      <LogCallDialog lead={{ id: lead.id, name: 'Maya Ortiz', nextFollowUpAt: null }} onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Log the call with Maya Ortiz' });
    await userEvent.click(within(dialog).getByText('Wrong number'));
    await within(dialog).findByText(/possible wrong number/);
    expect((within(dialog).getByLabelText(/^Next follow-up/) as HTMLInputElement).value).toBe('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save call' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ outcome: 'wrong_number' });
  });
});
