import type { AnalyticsRange } from '@shine/shared/analytics';
import type { Tip } from '@shine/shared/tips';
import { Card, DatePicker, Empty, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { formatDate } from '../format/date-time.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { formatMoney } from './invoice-status.ts';
import { useTips } from './tips.hooks.ts';

/** This month so far (the browser's dates; the API reads them as business dates). */
export function thisMonth(today: Dayjs = dayjs()): AnalyticsRange {
  return { from: today.startOf('month').format('YYYY-MM-DD'), to: today.format('YYYY-MM-DD') };
}

/** Tips for payroll: each crew's total over a range of dates, then every tip. */
export function TipsPanel() {
  const [range, setRange] = useState<AnalyticsRange>(() => thisMonth());
  const tips = useTips(range);
  const data = tips.data;
  const onChange = (dates: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = dates ?? [];
    if (from && to) setRange({ from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') });
  };
  return (
    <Card title="Tips for payroll" className="leads-card" data-testid="tips-panel">
      <div className="section-stack">
        {/* Each input of the picker gets a name of its own (antd gives them none). */}
        <label htmlFor="tips-from" className="visually-hidden">
          Tips from
        </label>
        <label htmlFor="tips-to" className="visually-hidden">
          Tips to
        </label>
        <DatePicker.RangePicker
          value={[dayjs(range.from), dayjs(range.to)]}
          onChange={onChange}
          allowClear={false}
          format="MMM D, YYYY"
          id={{ start: 'tips-from', end: 'tips-to' }}
          placeholder={['Tips from', 'Tips to']}
        />
        {tips.isError ? <QueryErrorAlert error={tips.error} onRetry={() => void tips.refetch()} /> : null}
        {data && data.items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No tips recorded on these dates." />
        ) : null}
        {data && data.items.length > 0 ? (
          <>
            <Table
              size="small"
              rowKey="crewName"
              pagination={false}
              dataSource={data.byCrew}
              aria-label="Tips by crew"
              columns={[
                { title: 'Crew', dataIndex: 'crewName' },
                { title: 'Tips', dataIndex: 'tips', align: 'right' },
                { title: 'Total', dataIndex: 'total', align: 'right', render: formatMoney },
              ]}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>All crews</Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {data.items.length}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    <span data-testid="tips-total">{formatMoney(data.total)}</span>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
            <Table<Tip>
              size="small"
              rowKey="id"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.items}
              aria-label="Every tip"
              columns={[
                { title: 'Date', dataIndex: 'at', render: (at: string) => formatDate(at) },
                { title: 'Crew', dataIndex: 'crewName' },
                { title: 'Customer', dataIndex: 'leadName' },
                { title: 'Invoice', dataIndex: 'invoiceNumber', render: (number: string | null) => number ?? '—' },
                {
                  title: 'Method',
                  dataIndex: 'method',
                  render: (method: Tip['method'], tip) =>
                    method === 'check' && tip.reference
                      ? `Check ${tip.reference}`
                      : method[0]?.toUpperCase() + method.slice(1),
                },
                { title: 'Amount', dataIndex: 'amount', align: 'right', render: formatMoney },
              ]}
            />
          </>
        ) : null}
      </div>
    </Card>
  );
}
