import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { LEAD_PRIORITIES, LEAD_STATUSES, type LeadPriority, type LeadStatus } from '@shine/shared/enums';
import { Input, Select } from 'antd';
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
    </search>
  );
}
