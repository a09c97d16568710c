import type { MyDayItem } from '@shine/shared/responses/my-day';
import { CallActions } from '../calls/index.ts';
import { formatBusinessMinutes, formatDateTime } from '../format/date-time.ts';
import { useNow } from '../ui/use-now.ts';

const MINUTE = 60_000;

/** A missed call to return: who called (a lead, or a number), how long ago, and call back / make a lead. */
export function CallBackItem({
  item,
  showAssignee,
  onOpen,
}: {
  item: Extract<MyDayItem, { kind: 'call_back' }>;
  showAssignee: boolean;
  onOpen: (leadId: string) => void;
}) {
  const now = useNow().getTime();
  const name = item.leadName ?? item.phone;
  const waited = Math.max(0, Math.round((now - Date.parse(item.at)) / MINUTE));
  const late = Math.round((now - Date.parse(item.due)) / MINUTE);
  return (
    <li className="my-day-item" data-testid="my-day-call_back">
      <div className="my-day-item-main">
        {item.leadId ? (
          <button type="button" className="lead-name-link" onClick={() => onOpen(item.leadId as string)}>
            {name}
          </button>
        ) : (
          <strong>Unknown caller {item.phone}</strong>
        )}
        {item.leadId && (showAssignee || !item.assignee) ? (
          <span className="muted"> · {item.assignee?.name ?? 'Unassigned'}</span>
        ) : null}
        <div className="my-day-item-detail">
          <span className={late > 0 ? 'follow-up-overdue' : 'muted'}>
            {item.voicemail ? 'Left a voicemail' : 'Missed call'} {formatDateTime(item.at)} · waiting{' '}
            {formatBusinessMinutes(waited)}
            {late > 0 ? ` · call-back target passed ${formatBusinessMinutes(late)} ago` : ''}
          </span>
        </div>
      </div>
      <CallActions
        callId={item.callId}
        phone={item.phone}
        who={name}
        known={item.leadId !== null}
        doneLabel="Done"
        compact
        className="my-day-actions"
      />
    </li>
  );
}
