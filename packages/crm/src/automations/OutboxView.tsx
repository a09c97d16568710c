import type { OutboxQuery } from '@shine/shared/automation-rules';
import { Segmented, Typography } from 'antd';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { useState } from 'react';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { MessageList } from './MessageList.tsx';
import { useOutbox } from './runs.hooks.ts';

const FILTERS: Array<{ value: OutboxQuery['status']; label: string }> = [
  { value: 'unsent', label: 'Not sent' },
  { value: 'held', label: 'Held' },
  { value: 'failed', label: 'Failed' },
  { value: 'sent', label: 'Sent' },
  { value: 'all', label: 'All' },
];

/** Messages automations rendered: by default the ones that did not go out, and why. */
export function OutboxView() {
  const [status, setStatus] = useState<OutboxQuery['status']>('unsent');
  const outbox = useOutbox(status);
  return (
    <div className="section-stack">
      <Typography.Text className="muted">
        Messages stay here when no e-mail or SMS transport is configured, and show as failed when delivery kept failing
        after its retries. Automated messages over the hourly limit (per recipient, or in all) are held with the reason
        and go out automatically when the hour allows.
      </Typography.Text>
      <Segmented<OutboxQuery['status']>
        options={FILTERS}
        value={status}
        onChange={setStatus}
        aria-label="Show messages"
      />
      {outbox.isPending ? <LoadingSkeleton rows={4} /> : null}
      {outbox.isError ? <QueryErrorAlert error={outbox.error} onRetry={() => void outbox.refetch()} /> : null}
      {outbox.data ? <MessageList messages={outbox.data} showLead empty="No messages here." /> : null}
    </div>
  );
}
