import { Typography } from 'antd';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { MessageList } from './MessageList.tsx';
import { RunList } from './RunList.tsx';
import { useLeadOutbox, useLeadRuns } from './runs.hooks.ts';

/** In the lead drawer: the rules that ran for this lead and the messages they rendered. */
export function LeadAutomationHistory({ leadId }: { leadId: string }) {
  const runs = useLeadRuns(leadId);
  const messages = useLeadOutbox(leadId);
  return (
    <section className="section-stack" aria-labelledby="lead-automation-title">
      <Typography.Title level={2} className="drawer-subtitle" id="lead-automation-title">
        Automation runs
      </Typography.Title>
      {runs.isPending ? <LoadingSkeleton rows={2} /> : null}
      {runs.isError ? <QueryErrorAlert error={runs.error} onRetry={() => void runs.refetch()} /> : null}
      {runs.data ? <RunList runs={runs.data} show="rule" /> : null}
      <Typography.Title level={2} className="drawer-subtitle">
        Messages
      </Typography.Title>
      {messages.isError ? <QueryErrorAlert error={messages.error} onRetry={() => void messages.refetch()} /> : null}
      {messages.data ? <MessageList messages={messages.data} empty="No automated messages." /> : null}
    </section>
  );
}
