import { PhoneOutlined } from '@ant-design/icons';
import { toTelHref } from '@shine/shared/format';
import type { MyDayItem } from '@shine/shared/responses/my-day';
import { Button, Space } from 'antd';
import { useMarkCalledBack } from '../calls/index.ts';
import { formatBusinessMinutes, formatDateTime } from '../format/date-time.ts';
import { useOpenNewLead } from '../new-lead/index.ts';
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
  const calledBack = useMarkCalledBack();
  const openNewLead = useOpenNewLead();
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
      <Space wrap size={4} className="my-day-actions">
        <Button
          size="small"
          href={toTelHref(item.phone)}
          icon={<PhoneOutlined aria-hidden="true" />}
          aria-label={`Call back ${name}`}
        >
          Call back
        </Button>
        <Button
          size="small"
          loading={calledBack.isPending}
          aria-label={`Mark ${name} called back`}
          onClick={() => calledBack.mutate(item.callId)}
        >
          Done
        </Button>
        {!item.leadId && openNewLead ? (
          <Button
            size="small"
            aria-label={`Make a lead of ${item.phone}`}
            onClick={() => openNewLead({ phone: item.phone })}
          >
            Make a lead
          </Button>
        ) : null}
      </Space>
    </li>
  );
}
