import type { Invoice } from '@shine/shared/responses/payments';
import { Button, Descriptions, Popconfirm, Table, Typography } from 'antd';
import { formatDate, formatDateTime } from '../format/date-time.ts';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { ToneTag } from '../ui/ToneTag.tsx';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';
import { INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS, formatMoney } from './invoice-status.ts';
import { useInvoice, useReturnPayment } from './payments.hooks.ts';
import { RecordPaymentForm } from './RecordPaymentForm.tsx';
import { RecordTipForm } from './RecordTipForm.tsx';
import { RefundForm } from './RefundForm.tsx';
import { useIsAdmin } from '../session/current-user.ts';
import { useState } from 'react';

const METHOD_LABELS: Record<Invoice['payments'][number]['method'], string> = {
  card: 'Card',
  cash: 'Cash',
  check: 'Check',
};

const PAYMENT_STATUS_LABELS: Record<Invoice['payments'][number]['status'], string> = {
  succeeded: 'Received',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  returned: 'Returned',
};

function Payments({ invoice }: { invoice: Invoice }) {
  const giveBack = useReturnPayment(invoice.id);
  const toast = useToast();
  const isAdmin = useIsAdmin();
  const [refunding, setRefunding] = useState<string>();
  if (invoice.payments.length === 0)
    return <Typography.Paragraph className="muted">No payments yet.</Typography.Paragraph>;
  return (
    <ul className="invoice-payments" aria-label="Payments">
      {invoice.payments.map((payment) => (
        <li key={payment.id}>
          <span>
            {formatDateTime(payment.at)} · {METHOD_LABELS[payment.method]}
            {payment.reference ? ` ${payment.reference}` : ''} · <strong>{formatMoney(payment.amount)}</strong> ·{' '}
            {PAYMENT_STATUS_LABELS[payment.status]}
          </span>
          {payment.method === 'check' && payment.status === 'succeeded' ? (
            <Popconfirm
              title="The bank returned this check?"
              description="Its amount is owed again, with the $35 returned-check fee."
              okText="Returned check"
              cancelText="Cancel"
              onConfirm={() =>
                giveBack.mutateAsync(payment.id).then(
                  () => toast.success('Check marked returned; the $35 fee was added'),
                  (error: unknown) => toast.error('Could not mark the check returned', errorText(error)),
                )
              }
            >
              <Button size="small" danger className="touch-target">
                Returned check
              </Button>
            </Popconfirm>
          ) : null}
          {isAdmin &&
          payment.method === 'card' &&
          (payment.status === 'succeeded' || payment.status === 'partially_refunded') &&
          refunding !== payment.id ? (
            <Button size="small" className="touch-target" onClick={() => setRefunding(payment.id)}>
              Refund
            </Button>
          ) : null}
          {refunding === payment.id ? (
            <RefundForm invoiceId={invoice.id} paymentId={payment.id} onDone={() => setRefunding(undefined)} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** One invoice: its lines and sums, its payments, and recording cash or a check while something is owed. */
export function InvoiceDetail({ invoiceId }: { invoiceId: string }) {
  const view = useInvoice(invoiceId);
  const invoice = view.data?.invoice;
  if (view.isError) return <QueryErrorAlert error={view.error} onRetry={() => void view.refetch()} />;
  if (!invoice) return <LoadingSkeleton rows={6} />;
  const owed = invoice.status === 'open' || invoice.status === 'past_due';
  return (
    <div className="section-stack">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'customer', label: 'Customer', children: invoice.leadName },
          {
            key: 'status',
            label: 'Status',
            children: (
              <ToneTag color={INVOICE_STATUS_COLORS[invoice.status]}>{INVOICE_STATUS_LABELS[invoice.status]}</ToneTag>
            ),
          },
          { key: 'due', label: 'Due', children: formatDate(invoice.dueAt) },
        ]}
      />
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={invoice.lines.map((line, index) => ({ ...line, key: String(index) }))}
        columns={[
          { title: 'Item', dataIndex: 'description' },
          { title: 'Qty', dataIndex: 'quantity', align: 'right' },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: (amount: string) => formatMoney(amount) },
        ]}
      />
      <dl className="invoice-sums">
        <dt>Subtotal</dt>
        <dd>{formatMoney(invoice.subtotal)}</dd>
        <dt>Discounts</dt>
        <dd>{formatMoney(`-${invoice.discount}`)}</dd>
        <dt>Sales tax ({invoice.taxRate}%)</dt>
        <dd>{formatMoney(invoice.tax)}</dd>
        <dt>Total</dt>
        <dd>{formatMoney(invoice.total)}</dd>
        {invoice.fees !== '0.00' ? (
          <>
            <dt>Fees</dt>
            <dd>{formatMoney(invoice.fees)}</dd>
          </>
        ) : null}
        <dt>Paid</dt>
        <dd>{formatMoney(invoice.amountPaid)}</dd>
        <dt className="invoice-balance">Balance</dt>
        <dd className="invoice-balance" data-testid="invoice-balance">
          {formatMoney(invoice.balance)}
        </dd>
      </dl>
      <Typography.Title level={3} className="card-heading">
        Payments
      </Typography.Title>
      <Payments invoice={invoice} />
      {owed ? <RecordPaymentForm key={invoice.balance} invoiceId={invoice.id} balance={invoice.balance} /> : null}
      {invoice.visitId ? <RecordTipForm visitId={invoice.visitId} /> : null}
    </div>
  );
}
