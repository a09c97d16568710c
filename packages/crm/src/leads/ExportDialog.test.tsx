import { MESSAGES } from '@shine/shared/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ExportDialog } from './ExportDialog.tsx';

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});

describe('ExportDialog', () => {
  it('exports the filter as JSON (with notes) and toasts Export Complete', async () => {
    const { calls } = mockFetch({
      'POST /api/admin/leads/export': { body: { content: '[]', format: 'json', count: 7 } },
    });
    const onClose = vi.fn();
    renderWithProviders(
      <ExportDialog open onClose={onClose} selectedIds={[]} filter={{ status: 'Won' }} matchingTotal={7} />,
    );
    expect(
      await screen.findByText(/No leads are selected: all 7 leads matching the current filters \(status Won\)/),
    ).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByText('JSON'));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText(MESSAGES.export.successTitle)).toBeTruthy();
    expect(screen.getByText('Downloaded 7 leads in JSON format.')).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      format: 'json',
      fields: ['contact', 'service', 'status', 'dates', 'notes'],
      filter: { status: 'Won' },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('exports the selection and toasts Export Failed on error', async () => {
    const { calls } = mockFetch({ 'POST /api/admin/leads/export': { status: 500, body: { message: 'boom' } } });
    renderWithProviders(
      <ExportDialog open onClose={() => {}} selectedIds={['a', 'b']} filter={{}} matchingTotal={9} />,
    );
    expect(await screen.findByText('2 selected leads will be exported.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText(MESSAGES.export.failedTitle)).toBeTruthy();
    expect(screen.getByText(MESSAGES.export.failedText)).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({ format: 'csv', leadIds: ['a', 'b'] });
  });
});
