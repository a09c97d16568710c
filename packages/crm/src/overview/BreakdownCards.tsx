import { LEAD_PRIORITIES, LEAD_STATUSES } from '@shine/shared/enums';
import { Card, Empty } from 'antd';
import { PRIORITY_BAR_COLORS, PRIORITY_COLORS, STATUS_BAR_COLORS, STATUS_COLORS } from '../format/lead-labels.ts';
import { BarList } from '../ui/BarList.tsx';
import { useStats } from './reports.hooks.ts';
import { ToneTag } from '../ui/ToneTag.tsx';
import { sectionPath } from '../navigation/index.ts';

/** Pipeline Status: leads per status, in pipeline order. */
export function PipelineStatusCard() {
  const stats = useStats();
  const total = stats.data?.total ?? 0;
  return (
    <Card title="Pipeline Status" loading={stats.isPending} data-testid="pipeline-status">
      <BarList
        label="Leads by status"
        max={total}
        items={LEAD_STATUSES.map((status) => ({
          key: status,
          label: <ToneTag color={STATUS_COLORS[status]}>{status}</ToneTag>,
          value: stats.data?.byStatus[status] ?? 0,
          color: STATUS_BAR_COLORS[status],
          to: sectionPath('leads', { status }),
        }))}
      />
    </Card>
  );
}

/** Priority Levels: leads per priority. */
export function PriorityLevelsCard() {
  const stats = useStats();
  const total = stats.data?.total ?? 0;
  return (
    <Card title="Priority Levels" loading={stats.isPending} data-testid="priority-levels">
      <BarList
        label="Leads by priority"
        max={total}
        items={LEAD_PRIORITIES.map((priority) => ({
          key: priority,
          label: <ToneTag color={PRIORITY_COLORS[priority]}>{priority}</ToneTag>,
          value: stats.data?.byPriority[priority] ?? 0,
          color: PRIORITY_BAR_COLORS[priority],
          to: sectionPath('leads', { priority }),
        }))}
      />
    </Card>
  );
}

/** Lead Sources: leads per source, largest first. */
export function LeadSourcesCard() {
  const stats = useStats();
  const entries = Object.entries(stats.data?.bySource ?? {}).sort((a, b) => b[1] - a[1]);
  return (
    <Card title="Lead Sources" loading={stats.isPending} data-testid="lead-sources">
      {entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No leads yet." />
      ) : (
        <BarList
          label="Leads by source"
          max={stats.data?.total}
          items={entries.map(([source, count]) => ({
            key: source,
            label: source,
            value: count,
            to: sectionPath('leads', { source }),
          }))}
        />
      )}
    </Card>
  );
}
