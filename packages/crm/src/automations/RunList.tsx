import type { AutomationRun } from '@shine/shared/automation-rules';
import { TRIGGER_LABELS } from '@shine/shared/enums';
import { Empty, Typography } from 'antd';
import { formatDateTime } from '../format/date-time.ts';
import { ToneTag } from '../ui/ToneTag.tsx';
import { RUN_STATUS_COLORS, RUN_STATUS_LABELS } from './run-labels.ts';

/** Runs newest first; `show` picks whether each names its rule (on a lead) or its lead (on a rule). */
export function RunList({ runs, show }: { runs: AutomationRun[]; show: 'rule' | 'lead' }) {
  if (runs.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No runs yet." />;
  return (
    <ul className="item-list run-list" aria-label="Automation runs">
      {runs.map((run) => (
        <li key={run.id} className="run-item">
          <div className="activity-item-head">
            <Typography.Text strong>{show === 'rule' ? run.automationName : run.leadName}</Typography.Text>
            <ToneTag color={RUN_STATUS_COLORS[run.status]}>{RUN_STATUS_LABELS[run.status]}</ToneTag>
            <span className="muted">{TRIGGER_LABELS[run.trigger]}</span>
          </div>
          {run.outcome ? <div>{run.outcome}</div> : null}
          {run.error ? <div className="run-error">Error: {run.error}</div> : null}
          <div className="muted activity-dates">
            <span>Started {formatDateTime(run.createdAt)}</span>
            {run.finishedAt ? <span>Finished {formatDateTime(run.finishedAt)}</span> : null}
            {run.attempts > 1 ? <span>{run.attempts} attempts</span> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
