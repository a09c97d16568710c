import type { InvoiceStatus } from '@shine/shared/payments';
import type { InvoiceSummary } from '@shine/shared/responses/payments';
import { DownloadOutlined } from '@ant-design/icons';
import { paymentReportOperations } from '@shine/shared/operations/payment-reports';
import { Button, Card, Empty, Pagination, Radio, Table, Tag } from 'antd';
import { useState } from 'react';
import { urlOf } from '../api/client.ts';
import { formatDate } from '../format/date-time.ts';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { SyncingTag } from '../ui/SyncingTag.tsx';
import { ToneTag } from '../ui/ToneTag.tsx';
import { InvoiceDrawer } from './InvoiceDrawer.tsx';
import { TipsPanel } from './TipsPanel.tsx';
import { INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS, formatMoney } from './invoice-status.ts';
import { useInvoices } from './payments.hooks.ts';
import './payments.css';

type Filter = 'all' | Exclude<InvoiceStatus, 'void'>;

const FILTERS: Array<{ value: Filter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'past_due', label: 'Past due' },
  { value: 'paid', label: 'Paid' },
];

/** The CSV of every invoice the filter shows (all pages): GET /api/admin/invoices/export. */
export function invoiceExportUrl(filter: Filter): string {
  return urlOf(paymentReportOperations.exportInvoices, { query: filter === 'all' ? {} : { status: filter } });
}

export const PAYMENTS_EMPTY_TEXT = 'No invoices here. A visit marked completed makes its invoice.';

/**
 * Payments: the invoices of completed visits, newest first, by status (open, past due, paid). An
 * invoice opens beside the list, where staff record cash or a check and a check the bank returned.
 * Export CSV downloads every invoice of the chosen status. Below, the crews' tips for payroll.
 */
export function PaymentsSection() {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string>();
  const list = useInvoices({ ...(filter === 'all' ? {} : { status: filter }), page });
  const data = list.data;
  const open = data?.items.find((item) => item.id === openId);

  return (
    <div className="section-stack">
      <Card className="leads-card">
        <div className="section-stack">
          <div className="leads-toolbar">
            <Radio.Group
              aria-label="Invoice status"
              optionType="button"
              value={filter}
              options={FILTERS}
              onChange={(event) => {
                setFilter(event.target.value as Filter);
                setPage(1);
              }}
            />
            <div className="leads-badges" aria-live="polite">
              <SyncingTag isFetching={list.isFetching} />
              <Tag color="blue" data-testid="invoices-total">
                {data ? `${data.total} invoices` : 'Loading…'}
              </Tag>
            </div>
            <Button
              className="touch-target"
              href={invoiceExportUrl(filter)}
              download
              icon={<DownloadOutlined aria-hidden="true" />}
              aria-label={`Export CSV of ${FILTERS.find((each) => each.value === filter)?.label.toLowerCase()} invoices`}
            >
              Export CSV
            </Button>
          </div>
          {list.isPending ? <LoadingSkeleton rows={6} /> : null}
          {list.isError ? <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} /> : null}
          {data && data.total === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={PAYMENTS_EMPTY_TEXT} />
          ) : null}
          {data && data.items.length > 0 ? (
            <>
              <Table<InvoiceSummary>
                size="middle"
                rowKey="id"
                pagination={false}
                scroll={{ x: 'max-content' }}
                dataSource={data.items}
                columns={[
                  {
                    title: 'Invoice',
                    dataIndex: 'number',
                    render: (number: string, invoice) => (
                      <Button type="link" className="touch-target invoice-link" onClick={() => setOpenId(invoice.id)}>
                        {number}
                      </Button>
                    ),
                  },
                  { title: 'Customer', dataIndex: 'leadName' },
                  {
                    title: 'Status',
                    dataIndex: 'status',
                    render: (status: InvoiceStatus) => (
                      <ToneTag color={INVOICE_STATUS_COLORS[status]}>{INVOICE_STATUS_LABELS[status]}</ToneTag>
                    ),
                  },
                  { title: 'Total', dataIndex: 'total', align: 'right', render: formatMoney },
                  { title: 'Balance', dataIndex: 'balance', align: 'right', render: formatMoney },
                  { title: 'Due', dataIndex: 'dueAt', render: (dueAt: string) => formatDate(dueAt) },
                ]}
              />
              <Pagination
                current={page}
                pageSize={data.pageSize}
                total={data.total}
                showSizeChanger={false}
                onChange={setPage}
                align="center"
              />
            </>
          ) : null}
        </div>
        <InvoiceDrawer invoiceId={openId} number={open?.number} onClose={() => setOpenId(undefined)} />
      </Card>
      <TipsPanel />
    </div>
  );
}
