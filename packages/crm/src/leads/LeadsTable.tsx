import type { LeadSortField } from '@shine/shared/leads';
import { formatDealValue } from '@shine/shared/format';
import { MESSAGES } from '@shine/shared/messages';
import type { Lead, LeadPage } from '@shine/shared/types';
import { Grid, Table } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { useState } from 'react';
import { ContactLinks } from '../ui/ContactLinks.tsx';
import { FollowUpText } from './FollowUpText.tsx';
import { LeadCardList } from './LeadCardList.tsx';
import { LeadIntakeFlags } from './LeadIntakeFlags.tsx';
import type { LeadSelection } from './lead-selection.ts';
import { PRIORITY_COLORS, fullName } from '../format/lead-labels.ts';
import { describeService, isFromInteractiveElement } from './lead-format.ts';
import { formatDate } from '../format/date-time.ts';
import type { LeadListParams, SortOrder } from './leads.queries.ts';
import { DeferredLeadStatusSelect } from './LeadStatusSelect.tsx';
import { chooseLeadColumnLayout, LEAD_COLUMN_WIDTHS, type LeadColumnLayout } from './lead-column-layout.ts';
import { type LeadsPaging, LeadsPagination } from './LeadsPagination.tsx';
import { useLatestCallback } from '../ui/use-latest-callback.ts';
import { useElementWidth } from './use-element-width.ts';
import './leads-table.css';
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

function sortOrderOf(params: LeadListParams, field: LeadSortField) {
  if (params.sort !== field) return null;
  return params.order === 'asc' ? ('ascend' as const) : ('descend' as const);
}

/** The leads of one server page: a table on wider screens, cards on a phone. */
export function LeadsTable(props: LeadsTableProps) {
  const { data, loading, params, onPageChange, onSortChange, onOpen, selection } = props;
  const screens = Grid.useBreakpoint();
  const [box, setBox] = useState<HTMLElement | null>(null);
  const width = useElementWidth(box);
  // Unmeasured (the first render, or a test's page with no layout): the narrowest form, which fits.
  const layout = chooseLeadColumnLayout(width || 0);
  const changePage = useLatestCallback(onPageChange);
  const paging: LeadsPaging = {
    current: params.page,
    pageSize: params.pageSize,
    total: data?.total ?? 0,
    onChange: changePage,
  };

  // Breakpoints are unknown on the very first render; assume a wide screen then.
  if (screens.md === false) {
    return (
      <LeadCardList leads={data?.items ?? []} loading={loading} paging={paging} onOpen={onOpen} selection={selection} />
    );
  }

  const columns = buildColumns(layout, params, onOpen).map((column) => ({
    ...column,
    shouldCellUpdate: isAnotherLead,
  }));
  const onChange: TableProps<Lead>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || Array.isArray(sorter)) return;
    const field = sorter.columnKey as LeadSortField | undefined;
    onSortChange(
      field && sorter.order ? { sort: field, order: sorter.order === 'ascend' ? 'asc' : 'desc' } : undefined,
    );
  };

  // A scrolling wrapper instead of antd's scroll.x: that mode adds a hidden measuring row holding a
  // copy of the select-all checkbox, a focusable element inside aria-hidden. The box is at most a
  // screen high (leads-table.css), so when it must scroll sideways its scrollbar is on the screen,
  // not under twenty rows; the paging sits below it.
  return (
    <div className="leads-table-block">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it */}
      <section className="table-scroll leads-table-scroll" aria-label="Leads table" tabIndex={0} ref={setBox}>
        <Table<Lead>
          // Cells skip rendering while their lead is unchanged, so another folding of the columns
          // (lead-column-layout.ts) draws the table anew rather than leave cells of the former one.
          key={layoutKey(layout)}
          rowKey="id"
          className="leads-table"
          columns={columns}
          // Not a row before the box is measured (before paint, use-element-width.ts): rows drawn in
          // the narrowest folding would be drawn again at once in the one that fits.
          dataSource={width === undefined ? [] : (data?.items ?? [])}
          loading={loading}
          pagination={false}
          onChange={onChange}
          tableLayout="fixed"
          style={{ minWidth: layout.minWidth }}
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
                  columnWidth: LEAD_COLUMN_WIDTHS.select,
                  onChange: (keys) => selection.onChange(keys.map(String)),
                  getCheckboxProps: (lead) => ({ 'aria-label': `Select ${fullName(lead)}` }),
                }
              : undefined
          }
        />
      </section>
      {/* As the table did with its own paging: none while nothing matches. */}
      {paging.total ? <LeadsPagination {...paging} /> : null}
    </div>
  );
}

/**
 * A cell renders again only for a changed lead (react-query keeps an unchanged one's object): a sort
 * renders the table once with the rows on screen as it is clicked, then with the new page (issue 19,
 * item 4), and a poll on every fetch. What else a cell shows comes from the folding (a new table:
 * layoutKey) or renders on its own: the status select's saving state, the time in "Overdue" (use-now.ts).
 */
function isAnotherLead(lead: Lead, previous: Lead): boolean {
  return lead !== previous;
}

function layoutKey(layout: LeadColumnLayout): string {
  return [layout.contactInName, layout.serviceInName, layout.priorityInStatus].map(Number).join('');
}

function NameCell({ lead, layout, onOpen }: { lead: Lead; layout: LeadColumnLayout; onOpen: (id: string) => void }) {
  return (
    <div className="lead-name-cell">
      {/* A plain button styled as a link (styles.css): antd's Button, with its wave effect and hooks, in
          every row cost a tenth of a sort's rendering. */}
      <button type="button" className="lead-name-link" onClick={() => onOpen(lead.id)}>
        {fullName(lead)}
      </button>
      <span className="muted lead-source">{lead.source}</span>
      <LeadIntakeFlags lead={lead} />
      {layout.contactInName ? <ContactLinks email={lead.email} phone={lead.phone} /> : null}
      {layout.serviceInName ? <span className="muted lead-folded-service">{describeService(lead)}</span> : null}
    </div>
  );
}

/** The columns of one layout; folded ones appear inside the Name and Status cells instead. */
function buildColumns(
  layout: LeadColumnLayout,
  params: LeadListParams,
  onOpen: (leadId: string) => void,
): TableColumnsType<Lead> {
  const w = LEAD_COLUMN_WIDTHS;
  const columns: TableColumnsType<Lead> = [
    {
      key: 'firstName',
      width: layout.contactInName || layout.serviceInName ? w.nameFolded : w.name,
      title: 'Name',
      sorter: true,
      sortOrder: sortOrderOf(params, 'firstName'),
      render: (_value, lead) => <NameCell lead={lead} layout={layout} onOpen={onOpen} />,
    },
  ];
  if (!layout.contactInName) {
    columns.push({
      key: 'contact',
      width: w.contact,
      title: 'Contact',
      render: (_value, lead) => <ContactLinks email={lead.email} phone={lead.phone} />,
    });
  }
  if (!layout.serviceInName) {
    columns.push({
      key: 'service',
      width: w.service,
      title: 'Service',
      render: (_value, lead) => describeService(lead),
    });
  }
  columns.push(
    {
      // Initials only, the name in a tooltip and for screen readers: the table must still fit a laptop.
      key: 'assignee',
      width: w.assignee,
      title: 'Assigned',
      render: (_value, lead) => <PersonAvatar person={lead.assignee} />,
    },
    {
      key: 'status',
      width: w.status,
      title: layout.priorityInStatus ? 'Status / Priority' : 'Status',
      sorter: true,
      sortOrder: sortOrderOf(params, 'status'),
      render: (_value, lead) => (
        <div className="lead-status-cell">
          <DeferredLeadStatusSelect lead={lead} />
          {layout.priorityInStatus ? <ToneTag color={PRIORITY_COLORS[lead.priority]}>{lead.priority}</ToneTag> : null}
        </div>
      ),
    },
  );
  if (!layout.priorityInStatus) {
    columns.push({
      key: 'priority',
      width: w.priority,
      title: 'Priority',
      sorter: true,
      sortOrder: sortOrderOf(params, 'priority'),
      render: (_value, lead) => <ToneTag color={PRIORITY_COLORS[lead.priority]}>{lead.priority}</ToneTag>,
    });
  }
  columns.push(
    {
      key: 'estimatedValue',
      width: w.value,
      title: 'Value',
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(params, 'estimatedValue'),
      render: (_value, lead) => formatDealValue(lead.estimatedValue),
    },
    {
      key: 'nextFollowUpAt',
      width: w.followUp,
      title: 'Follow-up',
      sorter: true,
      sortOrder: sortOrderOf(params, 'nextFollowUpAt'),
      render: (_value, lead) => <FollowUpText nextFollowUpAt={lead.nextFollowUpAt} status={lead.status} />,
    },
    {
      key: 'createdAt',
      width: w.created,
      title: 'Created',
      sorter: true,
      sortOrder: sortOrderOf(params, 'createdAt'),
      render: (_value, lead) => formatDate(lead.createdAt),
    },
  );
  return columns;
}
