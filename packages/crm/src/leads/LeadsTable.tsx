import type { LeadSortField } from '@shine/shared/leads';
import { formatDealValue } from '@shine/shared/format';
import { MESSAGES } from '@shine/shared/messages';
import type { LeadListItem, LeadPage } from '@shine/shared/types';
import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { Grid, Spin } from 'antd';
import { memo, type MouseEvent, type ReactNode, useMemo, useState } from 'react';
import { ContactLinks } from '../ui/ContactLinks.tsx';
import { FollowUpText } from './FollowUpText.tsx';
import { LeadCardList } from './LeadCardList.tsx';
import { LeadIntakeFlags } from './LeadIntakeFlags.tsx';
import { SamePhoneLinks } from './SamePhoneLinks.tsx';
import type { LeadSelection } from './lead-selection.ts';
import { PRIORITY_COLORS, fullName } from '../format/lead-labels.ts';
import { toTelHref } from '@shine/shared/format';
import { describeService, isFromInteractiveElement } from './lead-format.ts';
import { formatDate } from '../format/date-time.ts';
import type { LeadListParams, SortOrder } from './leads.hooks.ts';
import { DeferredLeadStatusSelect } from './LeadStatusSelect.tsx';
import {
  COMPACT_LEAD_COLUMN_WIDTHS,
  COMPACT_MIN_WIDTH,
  chooseLeadColumnLayout,
  LEAD_COLUMN_WIDTHS,
  type LeadColumnLayout,
} from './lead-column-layout.ts';
import type { LeadDensity } from './use-lead-density.ts';
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
  /** Compact: one line a lead (use-lead-density.ts); comfortable by default. */
  density?: LeadDensity;
}

/** One column of the table: what its header says, how it sorts, and what each lead shows in it. */
interface LeadColumn {
  key: string;
  title: string;
  width: number;
  sort?: LeadSortField;
  align?: 'right';
  /** A narrow column: less padding, and its one-word title never breaks (the Assigned avatars). */
  narrow?: true;
  render: (lead: LeadListItem) => ReactNode;
}

/** As antd's tables sort: a new column ascending, then descending, then back to the default order. */
function nextSort(params: LeadListParams, field: LeadSortField): { sort: LeadSortField; order: SortOrder } | undefined {
  if (params.sort !== field) return { sort: field, order: 'asc' };
  return params.order === 'asc' ? { sort: field, order: 'desc' } : undefined;
}

/**
 * The leads of one server page: a table on wider screens, cards on a phone.
 *
 * A plain <table> rather than antd's Table (docs/performance.md, sorting): at 100 rows a sort
 * mounts 100 new rows, and antd's rows (rc-table's cells, each subscribed to the table's context,
 * and antd's Checkbox with its theme hooks in every row) took ~250 ms of the main thread for it,
 * where the target is 300 ms from the click to the painted rows. Here a row is a memoised component
 * of plain cells, and it looks as antd's table does (leads-table.css).
 */
export function LeadsTable(props: LeadsTableProps) {
  const { data, loading, params, onPageChange, onSortChange, selection } = props;
  const screens = Grid.useBreakpoint();
  const [box, setBox] = useState<HTMLElement | null>(null);
  const width = useElementWidth(box);
  // Unmeasured (the first render, or a test's page with no layout): the narrowest form, which fits.
  const layout = chooseLeadColumnLayout(width || 0);
  const isCompact = props.density === 'compact';
  const changePage = useLatestCallback(onPageChange);
  const onOpen = useLatestCallback(props.onOpen);
  const select = useLatestCallback((ids: string[]) => selection?.onChange(ids));
  const columns = useMemo(
    () => (isCompact ? buildCompactColumns(onOpen) : buildColumns(layout, onOpen)),
    [isCompact, layout, onOpen],
  );
  const onToggle = useLatestCallback((leadId: string, checked: boolean) => {
    const others = (selection?.selectedIds ?? []).filter((id) => id !== leadId);
    select(checked ? [...others, leadId] : others);
  });
  const paging: LeadsPaging = {
    current: params.page,
    pageSize: params.pageSize,
    total: data?.total ?? 0,
    onChange: changePage,
  };

  // Breakpoints are unknown on the very first render; assume a wide screen then.
  if (screens.md === false) {
    return (
      <LeadCardList
        leads={data?.items ?? []}
        loading={loading}
        paging={paging}
        onOpen={props.onOpen}
        selection={selection}
      />
    );
  }

  // Not a row before the box is measured (before paint, use-element-width.ts): rows drawn in the
  // narrowest folding would be drawn again at once in the one that fits.
  const leads = width === undefined ? [] : (data?.items ?? []);
  const selected = new Set(selection?.selectedIds);

  // A scrolling box of its own: it is at most a screen high (leads-table.css), so when the table must
  // scroll sideways its scrollbar is on the screen, not under twenty rows; the paging sits below it.
  return (
    <div className="leads-table-block">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it */}
      <section className="table-scroll leads-table-scroll" aria-label="Leads table" tabIndex={0} ref={setBox}>
        <Spin spinning={loading}>
          <table
            className={isCompact ? 'leads-table leads-table-compact' : 'leads-table'}
            style={{ minWidth: isCompact ? COMPACT_MIN_WIDTH : layout.minWidth }}
            aria-busy={loading || undefined}
          >
            <colgroup>
              {selection ? (
                <col style={{ width: isCompact ? COMPACT_LEAD_COLUMN_WIDTHS.select : LEAD_COLUMN_WIDTHS.select }} />
              ) : null}
              {/* The sorted column's shade is its <col>'s: a sort then need not render the rows on screen again. */}
              {columns.map((column) => (
                <col
                  key={column.key}
                  style={{ width: column.width }}
                  className={column.sort && column.sort === params.sort ? 'lead-sorted' : undefined}
                />
              ))}
            </colgroup>
            <thead>
              <tr>
                {selection ? (
                  <th scope="col" className="lead-select-cell">
                    <SelectAllCheckbox
                      pageIds={leads.map((lead) => lead.id)}
                      selectedIds={selection.selectedIds}
                      onChange={select}
                    />
                  </th>
                ) : null}
                {columns.map((column) => (
                  <LeadColumnHeader
                    key={column.key}
                    column={column}
                    params={params}
                    onSort={(field) => onSortChange(nextSort(params, field))}
                  />
                ))}
              </tr>
            </thead>
            <tbody>
              {leads.map((lead) => (
                <LeadRow
                  key={lead.id}
                  lead={lead}
                  columns={columns}
                  selected={selection ? selected.has(lead.id) : undefined}
                  onToggle={onToggle}
                  onOpen={onOpen}
                />
              ))}
              {width !== undefined && data && leads.length === 0 ? (
                <tr>
                  <td className="leads-table-empty" colSpan={columns.length + (selection ? 1 : 0)}>
                    {MESSAGES.empty.leads}
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </Spin>
      </section>
      {/* As antd's table did with its own paging: none while nothing matches. */}
      {paging.total ? <LeadsPagination {...paging} /> : null}
    </div>
  );
}

function LeadColumnHeader({
  column,
  params,
  onSort,
}: {
  column: LeadColumn;
  params: LeadListParams;
  onSort: (field: LeadSortField) => void;
}) {
  const { sort } = column;
  const order = sort && params.sort === sort ? params.order : undefined;
  const className = [
    column.align === 'right' ? 'lead-cell-right' : '',
    column.narrow ? 'lead-cell-narrow' : '',
    order ? 'lead-sorted' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <th
      scope="col"
      className={className || undefined}
      aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : undefined}
    >
      {sort ? (
        // A button in the header, as the WAI-ARIA sortable table example has it: Tab reaches it,
        // Enter and Space sort, and aria-sort on the header says the order.
        <button type="button" className="lead-sort-button" onClick={() => onSort(sort)}>
          <span>{column.title}</span>
          <span className="lead-sort-icons" aria-hidden="true">
            <CaretUpOutlined className={order === 'asc' ? 'lead-sort-active' : undefined} />
            <CaretDownOutlined className={order === 'desc' ? 'lead-sort-active' : undefined} />
          </span>
        </button>
      ) : (
        column.title
      )}
    </th>
  );
}

/** Checks every lead of the page, or unchecks them all; mixed while only some are checked. */
function SelectAllCheckbox({
  pageIds,
  selectedIds,
  onChange,
}: {
  pageIds: string[];
  selectedIds: string[];
  onChange: (ids: string[]) => void;
}) {
  const selected = new Set(selectedIds);
  const checkedHere = pageIds.filter((id) => selected.has(id)).length;
  const all = pageIds.length > 0 && checkedHere === pageIds.length;
  const onPage = new Set(pageIds);
  return (
    <label className="lead-select-label">
      <input
        type="checkbox"
        className="lead-checkbox"
        aria-label="Select all on this page"
        disabled={pageIds.length === 0}
        checked={all}
        ref={(element) => {
          if (element) element.indeterminate = checkedHere > 0 && !all;
        }}
        onChange={(event) =>
          onChange(
            event.target.checked
              ? [...selectedIds, ...pageIds.filter((id) => !selected.has(id))]
              : selectedIds.filter((id) => !onPage.has(id)),
          )
        }
      />
    </label>
  );
}

interface LeadRowProps {
  lead: LeadListItem;
  columns: LeadColumn[];
  /** Undefined: the table has no selection column. */
  selected: boolean | undefined;
  onToggle: (leadId: string, checked: boolean) => void;
  onOpen: (leadId: string) => void;
}

/**
 * One lead's row. Memoised: it renders again only for a changed lead (react-query keeps an unchanged
 * one's object), a changed check or another folding of the columns; what else a cell
 * shows renders on its own (the status select's saving state, the time in "Overdue": use-now.ts).
 */
const LeadRow = memo(function LeadRow({ lead, columns, selected, onToggle, onOpen }: LeadRowProps) {
  const onClick = (event: MouseEvent<HTMLTableRowElement>) => {
    // Clicks inside portals (a dropdown's options) bubble through React but not through the row.
    const inRow = event.target instanceof Node && event.currentTarget.contains(event.target);
    if (inRow && !isFromInteractiveElement(event.target)) onOpen(lead.id);
  };
  return (
    <tr className={selected ? 'lead-row lead-row-selected' : 'lead-row'} data-row-key={lead.id} onClick={onClick}>
      {selected === undefined ? null : (
        <td className="lead-select-cell">
          <label className="lead-select-label">
            <input
              type="checkbox"
              className="lead-checkbox"
              aria-label={`Select ${fullName(lead)}`}
              checked={selected}
              onChange={(event) => onToggle(lead.id, event.target.checked)}
            />
          </label>
        </td>
      )}
      {columns.map((column) => (
        <td
          key={column.key}
          className={column.align === 'right' ? 'lead-cell-right' : column.narrow ? 'lead-cell-narrow' : undefined}
        >
          {column.render(lead)}
        </td>
      ))}
    </tr>
  );
});

function NameCell({
  lead,
  layout,
  onOpen,
}: {
  lead: LeadListItem;
  layout: LeadColumnLayout;
  onOpen: (id: string) => void;
}) {
  return (
    <div className="lead-name-cell">
      {/* A plain button styled as a link (styles.css): antd's Button, with its wave effect and hooks, in
          every row cost a tenth of a sort's rendering. */}
      <button type="button" className="lead-name-link" onClick={() => onOpen(lead.id)}>
        {fullName(lead)}
      </button>
      <span className="muted lead-source">{lead.source}</span>
      <LeadIntakeFlags lead={lead} />
      <SamePhoneLinks lead={lead} onOpen={onOpen} />
      {layout.contactInName ? <ContactLinks email={lead.email} phone={lead.phone} /> : null}
      {layout.serviceInName ? <span className="muted lead-folded-service">{describeService(lead)}</span> : null}
    </div>
  );
}

// The columns both densities show alike, at each density's width.
/** Initials only, the name in a tooltip and for screen readers: the table must still fit a laptop. */
const assigneeColumn = (width: number): LeadColumn => ({
  key: 'assignee',
  width,
  title: 'Assigned',
  narrow: true,
  render: (lead) => <PersonAvatar person={lead.assignee} />,
});
const valueColumn = (width: number): LeadColumn => ({
  key: 'estimatedValue',
  width,
  title: 'Value',
  align: 'right',
  sort: 'estimatedValue',
  render: (lead) => formatDealValue(lead.estimatedValue),
});
const followUpColumn = (width: number, compact = false): LeadColumn => ({
  key: 'nextFollowUpAt',
  width,
  title: 'Follow-up',
  sort: 'nextFollowUpAt',
  render: (lead) => <FollowUpText nextFollowUpAt={lead.nextFollowUpAt} status={lead.status} compact={compact} />,
});

/** The columns of one layout; folded ones appear inside the Name and Status cells instead. */
function buildColumns(layout: LeadColumnLayout, onOpen: (leadId: string) => void): LeadColumn[] {
  const w = LEAD_COLUMN_WIDTHS;
  const columns: LeadColumn[] = [
    {
      key: 'firstName',
      width: layout.contactInName || layout.serviceInName ? w.nameFolded : w.name,
      title: 'Name',
      sort: 'firstName',
      render: (lead) => <NameCell lead={lead} layout={layout} onOpen={onOpen} />,
    },
  ];
  if (!layout.contactInName) {
    columns.push({
      key: 'contact',
      width: w.contact,
      title: 'Contact',
      render: (lead) => <ContactLinks email={lead.email} phone={lead.phone} />,
    });
  }
  if (!layout.serviceInName) {
    columns.push({ key: 'service', width: w.service, title: 'Service', render: describeService });
  }
  columns.push(assigneeColumn(w.assignee), {
    key: 'status',
    width: w.status,
    title: layout.priorityInStatus ? 'Status / Priority' : 'Status',
    sort: 'status',
    render: (lead) => (
      <div className="lead-status-cell">
        <DeferredLeadStatusSelect lead={lead} />
        {layout.priorityInStatus ? <ToneTag color={PRIORITY_COLORS[lead.priority]}>{lead.priority}</ToneTag> : null}
      </div>
    ),
  });
  if (!layout.priorityInStatus) {
    columns.push({
      key: 'priority',
      width: w.priority,
      title: 'Priority',
      sort: 'priority',
      render: (lead) => <ToneTag color={PRIORITY_COLORS[lead.priority]}>{lead.priority}</ToneTag>,
    });
  }
  columns.push(valueColumn(w.value), followUpColumn(w.followUp), {
    key: 'createdAt',
    width: w.created,
    title: 'Created',
    sort: 'createdAt',
    render: (lead) => formatDate(lead.createdAt),
  });
  return columns;
}

/** The compact table's columns: every cell one line (leads-table.css cuts long text with an ellipsis). */
function buildCompactColumns(onOpen: (leadId: string) => void): LeadColumn[] {
  const w = COMPACT_LEAD_COLUMN_WIDTHS;
  return [
    {
      key: 'firstName',
      width: w.name,
      title: 'Name',
      sort: 'firstName',
      render: (lead) => (
        <button
          type="button"
          className="lead-name-link lead-one-line"
          title={fullName(lead)}
          onClick={() => onOpen(lead.id)}
        >
          {fullName(lead)}
        </button>
      ),
    },
    {
      key: 'email',
      width: w.email,
      title: 'Email',
      render: (lead) => (
        <a href={`mailto:${lead.email}`} className="contact-link lead-one-line" title={lead.email}>
          {lead.email}
        </a>
      ),
    },
    {
      key: 'phone',
      width: w.phone,
      title: 'Phone',
      render: (lead) => (
        <a href={toTelHref(lead.phone)} className="contact-link lead-one-line" title={lead.phone}>
          {lead.phone}
        </a>
      ),
    },
    assigneeColumn(w.assignee),
    {
      key: 'status',
      width: w.status,
      title: 'Status',
      sort: 'status',
      render: (lead) => <DeferredLeadStatusSelect lead={lead} />,
    },
    valueColumn(w.value),
    followUpColumn(w.followUp, true),
  ];
}
