import type { LeadSortField } from '@shine/shared/leads';
import { formatCount, formatDealValue } from '@shine/shared/format';
import { MESSAGES } from '@shine/shared/messages';
import type { Lead, LeadPage } from '@shine/shared/types';
import { Button, Grid, Table } from 'antd';
import type { TableColumnsType, TablePaginationConfig, TableProps } from 'antd';
import { ContactLinks } from '../ui/ContactLinks.tsx';
import { FollowUpText } from './FollowUpText.tsx';
import { LeadCardList } from './LeadCardList.tsx';
import { LeadIntakeFlags } from './LeadIntakeFlags.tsx';
import type { LeadSelection } from './lead-selection.ts';
import { PRIORITY_COLORS, fullName } from '../format/lead-labels.ts';
import { describeService, isFromInteractiveElement } from './lead-format.ts';
import { formatDate } from '../format/date-time.ts';
import type { LeadListParams, SortOrder } from './leads.queries.ts';
import { LeadStatusSelect } from './LeadStatusSelect.tsx';
import { PAGE_SIZE_OPTIONS } from './use-lead-filters.ts';
import { PersonAvatar } from '../ui/PersonAvatar.tsx';
import { ToneTag } from '../ui/ToneTag.tsx';

interface LeadsTableProps {
  data: LeadPage | undefined;
  loading: boolean;
  params: LeadListParams;
  onPageChange: (page: number, pageSize: number) => void;
  onSortChange: (sort: { sort: LeadSortField; order: SortOrder } | undefined) => void;
  onOpen: (leadId: string) => void;
  selection?: LeadSelection;
}

const TABLE_MIN_WIDTH = 1280;

function sortOrderOf(params: LeadListParams, field: LeadSortField) {
  if (params.sort !== field) return null;
  return params.order === 'asc' ? ('ascend' as const) : ('descend' as const);
}

/** The leads of one server page: a table on wider screens, cards on a phone. */
export function LeadsTable({ data, loading, params, onPageChange, onSortChange, onOpen, selection }: LeadsTableProps) {
  const screens = Grid.useBreakpoint();
  const pagination: TablePaginationConfig = {
    current: params.page,
    pageSize: params.pageSize,
    total: data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showTotal: (total, range) => `${range[0]}-${range[1]} of ${formatCount(total, 'lead')}`,
    onChange: onPageChange,
  };

  // Breakpoints are unknown on the very first render; assume a wide screen then.
  if (screens.md === false) {
    return (
      <LeadCardList
        leads={data?.items ?? []}
        loading={loading}
        pagination={pagination}
        onOpen={onOpen}
        selection={selection}
      />
    );
  }

  const columns: TableColumnsType<Lead> = [
    {
      key: 'firstName',
      width: 180,
      title: 'Name',
      sorter: true,
      sortOrder: sortOrderOf(params, 'firstName'),
      render: (_value, lead) => (
        <div className="lead-name-cell">
          <Button type="link" className="lead-name-button" onClick={() => onOpen(lead.id)}>
            {fullName(lead)}
          </Button>
          <span className="muted lead-source">{lead.source}</span>
          <LeadIntakeFlags lead={lead} />
        </div>
      ),
    },
    {
      key: 'contact',
      width: 226,
      title: 'Contact',
      render: (_value, lead) => <ContactLinks email={lead.email} phone={lead.phone} />,
    },
    { key: 'service', width: 210, title: 'Service', render: (_value, lead) => describeService(lead) },
    {
      // Initials only, the name in a tooltip and for screen readers: the table must still fit a laptop.
      key: 'assignee',
      width: 64,
      title: 'Assigned',
      render: (_value, lead) => <PersonAvatar person={lead.assignee} />,
    },
    {
      key: 'status',
      width: 160,
      title: 'Status',
      sorter: true,
      sortOrder: sortOrderOf(params, 'status'),
      render: (_value, lead) => <LeadStatusSelect lead={lead} size="small" />,
    },
    {
      key: 'priority',
      width: 110,
      title: 'Priority',
      sorter: true,
      sortOrder: sortOrderOf(params, 'priority'),
      render: (_value, lead) => <ToneTag color={PRIORITY_COLORS[lead.priority]}>{lead.priority}</ToneTag>,
    },
    {
      key: 'estimatedValue',
      width: 110,
      title: 'Value',
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(params, 'estimatedValue'),
      render: (_value, lead) => formatDealValue(lead.estimatedValue),
    },
    {
      key: 'nextFollowUpAt',
      width: 190,
      title: 'Follow-up',
      sorter: true,
      sortOrder: sortOrderOf(params, 'nextFollowUpAt'),
      render: (_value, lead) => <FollowUpText nextFollowUpAt={lead.nextFollowUpAt} status={lead.status} />,
    },
    {
      key: 'createdAt',
      width: 120,
      title: 'Created',
      sorter: true,
      sortOrder: sortOrderOf(params, 'createdAt'),
      render: (_value, lead) => formatDate(lead.createdAt),
    },
  ];

  const onChange: TableProps<Lead>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || Array.isArray(sorter)) return;
    const field = sorter.columnKey as LeadSortField | undefined;
    onSortChange(
      field && sorter.order ? { sort: field, order: sorter.order === 'ascend' ? 'asc' : 'desc' } : undefined,
    );
  };

  // A scrolling wrapper instead of antd's scroll.x: that mode adds a hidden measuring row holding a
  // copy of the select-all checkbox, a focusable element inside aria-hidden.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
    <section className="table-scroll" aria-label="Leads table" tabIndex={0}>
      <Table<Lead>
        rowKey="id"
        className="leads-table"
        columns={columns}
        dataSource={data?.items ?? []}
        loading={loading}
        pagination={pagination}
        onChange={onChange}
        style={{ minWidth: TABLE_MIN_WIDTH }}
        locale={{ emptyText: MESSAGES.empty.leads }}
        rowClassName="lead-row"
        onRow={(lead) => ({
          onClick: (event) => {
            // Clicks inside portals (a dropdown's options) bubble through React but not through the row.
            const inRow = event.target instanceof Node && event.currentTarget.contains(event.target);
            if (inRow && !isFromInteractiveElement(event.target)) onOpen(lead.id);
          },
        })}
        rowSelection={
          selection
            ? {
                selectedRowKeys: selection.selectedIds,
                preserveSelectedRowKeys: true,
                onChange: (keys) => selection.onChange(keys.map(String)),
                getCheckboxProps: (lead) => ({ 'aria-label': `Select ${fullName(lead)}` }),
              }
            : undefined
        }
      />
    </section>
  );
}
