import type { Automation } from '@shine/shared/types';
import { Drawer, Grid } from 'antd';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { RunList } from './RunList.tsx';
import { useAutomationRuns } from './runs.hooks.ts';

/** A rule's run history: each lead it acted on, what happened, and any error. */
export function AutomationRunsDrawer({
  automation,
  onClose,
}: {
  automation: Automation | undefined;
  onClose: () => void;
}) {
  const screens = Grid.useBreakpoint();
  const runs = useAutomationRuns(automation?.id);
  return (
    <Drawer
      open={Boolean(automation)}
      onClose={onClose}
      size={screens.md ? 560 : '100%'}
      title={automation ? `Runs: ${automation.name}` : 'Runs'}
      destroyOnHidden
    >
      {runs.isPending ? <LoadingSkeleton rows={6} /> : null}
      {runs.isError ? <QueryErrorAlert error={runs.error} onRetry={() => void runs.refetch()} /> : null}
      {runs.data ? <RunList runs={runs.data} show="lead" /> : null}
    </Drawer>
  );
}
