import { leadOperations } from '@shine/shared/operations/leads';
import { MESSAGES } from '@shine/shared/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ExportDialog } from './ExportDialog.tsx';

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});

describe('ExportDialog', () => {
  it('exports the filter as JSON (with notes) and toasts Export Complete', async () => {
    const { calls } = mockFetch({
      ...stubCall(leadOperations.exportLeads, { body: { content: '[]', format: 'json', count: 7 } }),
    });
    const onClose = vi.fn();
    renderWithProviders(
      <ExportDialog open onClose={onClose} selectedIds={[]} filter={{ status: 'Won' }} matchingTotal={7} />,
    );
    await screen.findByText(/No leads are selected: all 7 leads matching the current filters \(status Won\)/);
    const user = userEvent.setup();
    await user.click(screen.getByText('JSON'));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByText(MESSAGES.export.successTitle);
    screen.getByText('Downloaded 7 leads in JSON format.');
    expect(calls[0]?.body).toEqual({
      format: 'json',
      fields: ['contact', 'service', 'status', 'dates', 'outcome', 'notes'],
      filter: { status: 'Won' },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('exports the selection and toasts Export Failed on error', async () => {
    const { calls } = mockFetch({
      ...stubCall(leadOperations.exportLeads, { status: 500, body: { message: 'boom' } }),
    });
    renderWithProviders(
      <ExportDialog open onClose={() => {}} selectedIds={['a', 'b']} filter={{}} matchingTotal={9} />,
    );
    await screen.findByText('2 selected leads will be exported.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByText(MESSAGES.export.failedTitle);
    screen.getByText(MESSAGES.export.failedText);
    expect(calls[0]?.body).toMatchObject({ format: 'csv', leadIds: ['a', 'b'] });
  });

  it('streams a large CSV export with progress and toasts the count from the server', async () => {
    const parts = ['First Name\r\n', 'Ann\r\nBo\r\n'];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode(parts[0]));
          await held;
          controller.enqueue(new TextEncoder().encode(parts[1]));
          controller.close();
        },
      });
      setTimeout(() => release(), 300);
      return new Response(body, { headers: { 'Content-Type': 'text/csv', 'X-Export-Count': '6000' } });
    });
    const onClose = vi.fn();
    renderWithProviders(<ExportDialog open onClose={onClose} selectedIds={[]} filter={{}} matchingTotal={6000} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export' }));
    await screen.findByText(/Exported 0 of 6000 leads/);
    await screen.findByText('Downloaded 6000 leads in CSV format.');
    const init = fetchSpy.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).Accept).toBe('text/csv');
    expect(JSON.parse(init.body as string)).toMatchObject({ format: 'csv', filter: {} });
    expect(onClose).toHaveBeenCalled();
  });
});
