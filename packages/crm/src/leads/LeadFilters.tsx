import { CloseCircleFilled, CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { LEAD_PRIORITIES, LEAD_STATUSES, type LeadPriority, type LeadStatus } from '@shine/shared/enums';
import { Button, Input, Select, Tag } from 'antd';
import { AssigneeFilter } from './AssigneeFilter.tsx';
import type { LeadFiltersState } from './use-lead-filters.ts';

const ALL = 'all';

interface LeadFiltersProps {
  filters: LeadFiltersState;
  /** The pipeline board shows every status as a column, so it hides the status filter. */
  hideStatus?: boolean;
  idPrefix: string;
  /** The sidebar CRM's list filters by assignee too; the older dashboard keeps its three filters. */
  showAssignee?: boolean;
}

/** The filters a dashboard figure opened the list with, each shown with a button that removes it. */
function FigureFilters({ filters }: { filters: LeadFiltersState }) {
  const { source, followUp, created } = filters.filter;
  const shown = [
    source ? { key: 'source', label: `Source: ${source}`, clear: filters.clearSource } : null,
    followUp === 'overdue' ? { key: 'followUp', label: 'Follow-up overdue', clear: filters.clearFollowUp } : null,
    created === 'today' ? { key: 'created', label: 'Created today', clear: filters.clearCreated } : null,
  ].filter((item) => item !== null);
  if (shown.length === 0) return null;
  return (
    <ul className="lead-figure-filters" aria-label="Other filters">
      {shown.map((item) => (
        <li key={item.key}>
          <Tag className="lead-figure-filter" color="blue">
            {item.label}
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined aria-hidden="true" />}
              aria-label={`Remove filter ${item.label}`}
              onClick={item.clear}
            />
          </Tag>
        </li>
      ))}
    </ul>
  );
}

/** Search (name, e-mail or phone), status, priority and assignee filters, applied on the server. */
export function LeadFilters({ filters, hideStatus, idPrefix, showAssignee }: LeadFiltersProps) {
  return (
    <search className="lead-filters">
      <label htmlFor={`${idPrefix}-search`} className="visually-hidden">
        Search leads
      </label>
      <Input
        id={`${idPrefix}-search`}
        className="lead-filters-search"
        // The clear button is named by its icon: antd's own label is the icon's name, "close-circle".
        allowClear={{ clearIcon: <CloseCircleFilled aria-label="Clear search" /> }}
        prefix={<SearchOutlined aria-hidden="true" />}
        placeholder="Search by name, email or phone"
        value={filters.searchInput}
        onChange={(event) => filters.setSearchInput(event.target.value)}
        type="search"
        maxLength={100}
      />
      {hideStatus ? null : (
        <Select<LeadStatus | typeof ALL>
          aria-label="Filter by status"
          className="lead-filters-select"
          value={filters.filter.status ?? ALL}
          onChange={(value) => filters.setStatus(value === ALL ? undefined : value)}
          options={[
            { value: ALL, label: 'All Statuses' },
            ...LEAD_STATUSES.map((status) => ({ value: status, label: status })),
          ]}
        />
      )}
      <Select<LeadPriority | typeof ALL>
        aria-label="Filter by priority"
        className="lead-filters-select"
        value={filters.filter.priority ?? ALL}
        onChange={(value) => filters.setPriority(value === ALL ? undefined : value)}
        options={[
          { value: ALL, label: 'All Priorities' },
          ...LEAD_PRIORITIES.map((priority) => ({ value: priority, label: priority })),
        ]}
      />
      {showAssignee ? <AssigneeFilter value={filters.filter.assignedTo} onChange={filters.setAssignedTo} /> : null}
      <FigureFilters filters={filters} />
    </search>
  );
}
