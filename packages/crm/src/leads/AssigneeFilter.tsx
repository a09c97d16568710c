import { Select } from 'antd';
import { useAssignees } from '../team/index.ts';

const ALL = 'all';

/** "Assigned to": everyone's leads, mine, unassigned, or one person's (`assignedTo=me|none|{id}`). */
export function AssigneeFilter({ value, onChange }: { value: string | undefined; onChange: (next?: string) => void }) {
  const assignees = useAssignees();
  return (
    <Select<string>
      aria-label="Filter by assignee"
      className="lead-filters-select"
      value={value ?? ALL}
      onChange={(next) => onChange(next === ALL ? undefined : next)}
      loading={assignees.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      options={[
        { value: ALL, label: 'Anyone' },
        { value: 'me', label: 'Mine' },
        { value: 'none', label: 'Unassigned' },
        ...(assignees.data?.items ?? []).map((person) => ({ value: person.id, label: person.name })),
      ]}
    />
  );
}
