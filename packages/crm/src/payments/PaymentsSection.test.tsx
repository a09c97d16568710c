import { paymentOperations } from '@shine/shared/operations/payments';
import type { Invoice, InvoiceList } from '@shine/shared/responses/payments';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, stubCall, urlFor } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/team-fixtures.ts';
import { PaymentsSection } from './PaymentsSection.tsx';

const LEAD = '11111111-1111-4111-8111-111111111111';
const INVOICE = '22222222-2222-4222-8222-222222222222';
const PAID = '33333333-3333-4333-8333-333333333333';

const summary = (overrides: Partial<InvoiceList['items'][number]> = {}): InvoiceList['items'][number] => ({
  id: INVOICE,
  number: 'INV-000123',
  leadId: LEAD,
  leadName: 'Ann Lee',
  visitId: null,
  status: 'past_due',
  total: '402.15',
  balance: '402.15',
  dueAt: '2026-12-01T18:00:00.000Z',
  createdAt: '2026-11-24T18:00:00.000Z',
  ...overrides,
});

const invoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  id: INVOICE,
  number: 'INV-000123',
  leadId: LEAD,
  leadName: 'Ann Lee',
  visitId: null,
  status: 'past_due',
  lines: [
    { description: 'Deep cleaning', quantity: 1, unitPrice: '411.50', amount: '411.50' },
    { description: 'WELCOME40: $40 off the first cleaning', quantity: 1, unitPrice: '-40.00', amount: '-40.00' },
  ],
  subtotal: '411.50',
  discount: '40.00',
  tax: '30.65',
  taxRate: '8.25',
  total: '402.15',
  fees: '0.00',
  amountPaid: '0.00',
  balance: '402.15',
  dueAt: '2026-12-01T18:00:00.000Z',
  createdAt: '2026-11-24T18:00:00.000Z',
  payments: [],
  ...overrides,
});

const page = (items: InvoiceList['items']): InvoiceList => ({ items, total: items.length, page: 1, pageSize: 25 });

describe('Payments section', () => {
  it('lists invoices with their status and balance, and filters by status', async () => {
    const { calls } = mockFetch({
      ...signedInAs('sales'),
      ...stubCall(paymentOperations.listInvoices, ({ url }) => ({
        body: url.includes('status=paid')
          ? page([summary({ id: PAID, number: 'INV-000120', status: 'paid', balance: '0.00' })])
          : page([summary()]),
      })),
    });
    renderWithProviders(<PaymentsSection />);
    const row = (await screen.findByRole('button', { name: 'INV-000123' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Past due')).toBeTruthy();
    expect(within(row).getAllByText('$402.15')).toHaveLength(2);

    // antd's button-style radios take the click on their label; the input itself has no pointer events.
    await userEvent.setup({ pointerEventsCheck: 0 }).click(screen.getByRole('radio', { name: 'Paid' }));
    await screen.findByRole('button', { name: 'INV-000120' });
    expect(calls.map((call) => call.url)).toContain(
      urlFor(paymentOperations.listInvoices, { query: { status: 'paid', page: 1 } }),
    );
  });

  it('records a check against the open invoice, refusing three decimals before sending', async () => {
    const { calls } = mockFetch({
      ...signedInAs('sales'),
      ...stubCall(paymentOperations.listInvoices, { body: page([summary()]) }),
      ...stubCall(paymentOperations.getInvoice, { body: { invoice: invoice() } }),
      ...stubCall(paymentOperations.recordInvoicePayment, ({ body }) => ({
        status: 201 as const,
        body: {
          payment: {
            id: '44444444-4444-4444-8444-444444444444',
            method: body.method,
            amount: '402.15',
            status: 'succeeded' as const,
            at: '2026-12-02T18:00:00.000Z',
            reference: body.reference ?? null,
          },
        },
      })),
    });
    renderWithProviders(<PaymentsSection />);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: 'INV-000123' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('invoice-balance')).toHaveProperty('textContent', '$402.15');
    await user.click(within(dialog).getByRole('radio', { name: 'Check' }));
    const amount = within(dialog).getByLabelText('Amount ($)');
    expect((amount as HTMLInputElement).value).toBe('402.15');
    await user.clear(amount);
    await user.type(amount, '402.155');
    await user.type(within(dialog).getByLabelText('Check number'), '1042');
    await user.click(within(dialog).getByRole('button', { name: 'Record cash / check' }));
    expect(await within(dialog).findByText(/Use an amount in dollars/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '402.15');
    await user.click(within(dialog).getByRole('button', { name: 'Record cash / check' }));
    await screen.findByText('Check of $402.15 recorded');
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      [
        urlFor(paymentOperations.recordInvoicePayment, { params: { id: INVOICE } }),
        { method: 'check', amount: '402.15', reference: '1042' },
      ],
    ]);
  });

  it('lets an admin refund a card payment with a reason (refused before sending without one)', async () => {
    const CARD_PAYMENT = '66666666-6666-4666-8666-666666666666';
    const paid = invoice({
      status: 'paid',
      amountPaid: '402.15',
      balance: '0.00',
      payments: [
        {
          id: CARD_PAYMENT,
          method: 'card',
          amount: '402.15',
          status: 'succeeded',
          at: '2026-12-02T18:00:00.000Z',
          reference: 'Visa •••• 4242',
        },
      ],
    });
    const { calls } = mockFetch({
      ...signedInAs('admin'),
      ...stubCall(paymentOperations.listInvoices, { body: page([summary({ status: 'paid', balance: '0.00' })]) }),
      ...stubCall(paymentOperations.getInvoice, { body: { invoice: paid } }),
      ...stubCall(paymentOperations.refundPayment, () => ({
        body: {
          payment: { ...(paid.payments[0] as Invoice['payments'][number]), status: 'partially_refunded' as const },
        },
      })),
    });
    renderWithProviders(<PaymentsSection />);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: 'INV-000123' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Refund' }));
    await user.type(within(dialog).getByLabelText('Amount to refund ($)'), '40.00');
    await user.click(within(dialog).getByRole('button', { name: 'Refund to the card' }));
    expect(await within(dialog).findByText(/Give the reason for the refund/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'Oven missed');
    await user.click(within(dialog).getByRole('button', { name: 'Refund to the card' }));
    await screen.findByText('Refund of $40.00 made');
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      [
        urlFor(paymentOperations.refundPayment, { params: { id: CARD_PAYMENT } }),
        { amount: '40.00', reason: 'Oven missed' },
      ],
    ]);
  });

  it('shows sales no Refund button', async () => {
    mockFetch({
      ...signedInAs('sales'),
      ...stubCall(paymentOperations.listInvoices, { body: page([summary({ status: 'paid', balance: '0.00' })]) }),
      ...stubCall(paymentOperations.getInvoice, {
        body: {
          invoice: invoice({
            status: 'paid',
            amountPaid: '402.15',
            balance: '0.00',
            payments: [
              {
                id: '66666666-6666-4666-8666-666666666666',
                method: 'card',
                amount: '402.15',
                status: 'succeeded',
                at: '2026-12-02T18:00:00.000Z',
                reference: 'Visa •••• 4242',
              },
            ],
          }),
        },
      }),
    });
    renderWithProviders(<PaymentsSection />);
    await userEvent.setup({ pointerEventsCheck: 0 }).click(await screen.findByRole('button', { name: 'INV-000123' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/Visa •••• 4242/);
    expect(within(dialog).queryByRole('button', { name: 'Refund' })).toBeNull();
  });
});
