import { formatCents, parseMoneyToCents } from '@shine/shared/quote-pricing';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { formatDate } from '../format/date-time.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { ToneTag } from '../ui/ToneTag.tsx';
import { INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS, formatMoney } from './invoice-status.ts';
import { InvoiceDrawer } from './InvoiceDrawer.tsx';
import { useInvoices } from './payments.hooks.ts';
import './payments.css';

/** The lead drawer's invoices (the newest 25) and what the customer owes on them. */
export function LeadInvoices({ leadId }: { leadId: string }) {
  const list = useInvoices({ leadId, page: 1 });
  const [openId, setOpenId] = useState<string>();
  if (list.isError) return <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  const items = list.data?.items ?? [];
  if (list.isPending) return null;
  if (items.length === 0) return <Typography.Paragraph className="muted">No invoices yet.</Typography.Paragraph>;
  const owedCents = items
    .filter((item) => item.status === 'open' || item.status === 'past_due')
    .reduce((sum, item) => sum + (parseMoneyToCents(item.balance) ?? 0), 0);
  const open = items.find((item) => item.id === openId);
  return (
    <div className="section-stack">
      <Typography.Text strong data-testid="lead-balance">
        Balance: {formatMoney(formatCents(owedCents))}
      </Typography.Text>
      <ul className="invoice-payments" aria-label="Invoices">
        {items.map((item) => (
          <li key={item.id}>
            <Button type="link" className="touch-target invoice-link" onClick={() => setOpenId(item.id)}>
              {item.number}
            </Button>
            <span>
              {formatDate(item.createdAt)} · {formatMoney(item.total)} ·{' '}
              <ToneTag color={INVOICE_STATUS_COLORS[item.status]}>{INVOICE_STATUS_LABELS[item.status]}</ToneTag>
            </span>
          </li>
        ))}
      </ul>
      <InvoiceDrawer invoiceId={openId} number={open?.number} onClose={() => setOpenId(undefined)} />
    </div>
  );
}
