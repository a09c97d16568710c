import { paymentReportOperations } from '@shine/shared/operations/payment-reports';
import { paymentOperations } from '@shine/shared/operations/payments';
import type { InvoiceList } from '@shine/shared/responses/payments';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/team-fixtures.ts';
import { PaymentsSection } from './PaymentsSection.tsx';

const page: InvoiceList = {
  items: [
    {
      id: '22222222-2222-4222-8222-222222222222',
      number: 'INV-000123',
      leadId: '11111111-1111-4111-8111-111111111111',
      leadName: 'Ann Lee',
      visitId: null,
      status: 'open',
      total: '402.15',
      balance: '402.15',
      dueAt: '2026-12-01T18:00:00.000Z',
      createdAt: '2026-11-24T18:00:00.000Z',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 25,
};

describe('Payments section: export', () => {
  it('downloads the CSV of every invoice of the chosen status', async () => {
    mockFetch({ ...signedInAs('sales'), ...stubCall(paymentOperations.listInvoices, { body: page }) });
    renderWithProviders(<PaymentsSection />);
    const all = await screen.findByRole('link', { name: 'Export CSV of all invoices' });
    expect(all.getAttribute('href')).toBe(urlFor(paymentReportOperations.exportInvoices, { query: {} }));
    expect(all.hasAttribute('download')).toBe(true);

    // antd's button-style radios take the click on their label; the input itself has no pointer events.
    await userEvent.setup({ pointerEventsCheck: 0 }).click(screen.getByRole('radio', { name: 'Past due' }));
    const pastDue = await screen.findByRole('link', { name: 'Export CSV of past due invoices' });
    expect(pastDue.getAttribute('href')).toBe(
      urlFor(paymentReportOperations.exportInvoices, { query: { status: 'past_due' } }),
    );
  });
});
