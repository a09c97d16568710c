import { DownOutlined, PhoneOutlined } from '@ant-design/icons';
import { toTelHref } from '@shine/shared/format';
import type { MyDayItem as Item } from '@shine/shared/responses/my-day';
import { formatWindowHours } from '@shine/shared/scheduling';
import { Button, Dropdown, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { businessZoneLabel, formatBusinessMinutes, formatDateTime } from '../format/date-time.ts';
import { useNow } from '../ui/use-now.ts';
import { CompleteVisitButton } from '../schedule/index.ts';
import { type CallLead, LogCallDialog } from '../activities/index.ts';
import { useCompleteVisit, useUpdateFollowUp, useUpdateTask } from './my-day.hooks.ts';
import { SNOOZE_CHOICES } from './snooze.ts';
import { ServiceAddressText } from '../ui/ServiceAddress.tsx';
import { formatAmount } from '@shine/shared/quote-pricing';

const MINUTE = 60_000;

/** A phone link that looks like a button: one click calls. */
function CallLink({ phone, name }: { phone: string; name: string }) {
  return (
    <Button
      size="small"
      href={toTelHref(phone)}
      icon={<PhoneOutlined aria-hidden="true" />}
      aria-label={`Call ${name}`}
    >
      Call
    </Button>
  );
}

function SnoozeButton({ name, onPick }: { name: string; onPick: (at: Date) => void }) {
  return (
    <Dropdown
      trigger={['click']}
      // Opened by keyboard, the first choice takes the focus; the arrows move among them.
      autoFocus
      menu={{
        items: SNOOZE_CHOICES.map((choice) => ({
          key: choice.key,
          label: choice.clock ? `${choice.label} ${businessZoneLabel()}` : choice.label,
        })),
        onClick: ({ key }) => {
          const choice = SNOOZE_CHOICES.find((each) => each.key === key);
          if (choice) onPick(choice.at(new Date()));
        },
      }}
    >
      <Button size="small" aria-label={`Snooze ${name}`}>
        Snooze <DownOutlined aria-hidden="true" />
      </Button>
    </Dropdown>
  );
}

/** "Waiting 12 min" while the speed-to-lead target is ahead, "Contact due 5 min ago" once it passed. */
function SpeedToLeadClock({ createdAt, due }: { createdAt: string; due?: string }) {
  const now = useNow().getTime();
  const waited = Math.max(0, Math.round((now - Date.parse(createdAt)) / MINUTE));
  const late = due ? Math.round((now - Date.parse(due)) / MINUTE) : undefined;
  return (
    <span className={late !== undefined && late > 0 ? 'follow-up-overdue' : 'muted'}>
      Waiting {formatBusinessMinutes(waited)}
      {late !== undefined && late > 0 ? ` · contact target passed ${formatBusinessMinutes(late)} ago` : ''}
    </span>
  );
}

/** "2026-12-01T08:30:00-06:00" → 510: the business's wall clock, as the API writes the visit. */
const wallMinutes = (iso: string) => Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16));

function describeItem(item: Exclude<Item, { kind: 'call_back' }>): ReactNode {
  switch (item.kind) {
    case 'new_lead':
      return <SpeedToLeadClock createdAt={item.createdAt} due={item.due} />;
    case 'reply':
      return (
        <span className="my-day-text">
          {item.unread > 1 ? `${item.unread} replies · ` : ''}
          {item.text}
        </span>
      );
    case 'follow_up':
      return (
        <span className={item.overdue ? 'follow-up-overdue' : 'muted'}>
          Follow up {formatDateTime(item.due)}
          {item.overdue ? ' · Overdue' : ''}
        </span>
      );
    case 'task':
      return (
        <span>
          {item.text}
          <span className="muted"> · {item.due ? `due ${formatDateTime(item.due)}` : 'no due time'}</span>
        </span>
      );
    case 'quote':
      return (
        <span className="muted">
          Quote v{item.version}: no answer since {formatDateTime(item.due)}
        </span>
      );
    case 'payment':
      return (
        <span className="follow-up-overdue">
          {item.reason === 'declined' ? 'Card declined' : 'Customer must confirm with their bank'}: {item.number},{' '}
          {formatAmount(item.balance)} owed
          <span className="muted">
            {item.nextTry ? ` · tried again ${formatDateTime(item.nextTry)}` : ' · not tried again: call them'}
          </span>
        </span>
      );
    case 'visit':
      return (
        <span>
          Arrives {formatWindowHours(wallMinutes(item.start), wallMinutes(item.arrivalEnd))}
          <span className="muted">
            {' '}
            · {item.crewName}
            {!item.address && item.zipcode ? ` · ZIP ${item.zipcode} (no address yet)` : ''}
          </span>
          {item.address ? (
            <span className="my-day-address">
              {' '}
              · <ServiceAddressText address={item.address} />
            </span>
          ) : null}
        </span>
      );
  }
}

/** One thing to do: the lead, what it is about, and its one-click actions. */
export function MyDayItem({
  item,
  showAssignee,
  onOpen,
}: {
  item: Exclude<Item, { kind: 'call_back' }>;
  showAssignee: boolean;
  onOpen: (leadId: string, tab?: 'conversation') => void;
}) {
  const [loggingCall, setLoggingCall] = useState<CallLead>();
  const followUp = useUpdateFollowUp();
  const task = useUpdateTask();
  const visit = useCompleteVisit();
  const name = item.leadName;
  const actions: ReactNode[] = [];
  if (
    item.kind === 'new_lead' ||
    item.kind === 'follow_up' ||
    item.kind === 'quote' ||
    item.kind === 'visit' ||
    item.kind === 'payment'
  ) {
    actions.push(<CallLink key="call" phone={item.phone} name={name} />);
  }
  if (item.kind === 'new_lead' || item.kind === 'follow_up') {
    actions.push(
      <Button
        key="log"
        size="small"
        aria-label={`Log the call with ${name}`}
        onClick={() =>
          setLoggingCall({
            id: item.leadId,
            name,
            // A follow-up item is the lead's follow-up; for a new lead it is not known here.
            nextFollowUpAt: item.kind === 'follow_up' ? item.due : undefined,
          })
        }
      >
        Log the call
      </Button>,
    );
  }
  if (item.kind === 'reply') {
    actions.push(
      <Button
        key="reply"
        size="small"
        type="primary"
        onClick={() => onOpen(item.leadId, 'conversation')}
        aria-label={`Reply to ${name}`}
      >
        Reply
      </Button>,
    );
  }
  if (item.kind === 'follow_up') {
    actions.push(
      <SnoozeButton
        key="snooze"
        name={name}
        onPick={(at) => followUp.mutate({ id: item.leadId, nextFollowUpAt: at.toISOString() })}
      />,
      <Button
        key="done"
        size="small"
        aria-label={`Follow-up with ${name} done`}
        loading={followUp.isPending}
        onClick={() => followUp.mutate({ id: item.leadId, nextFollowUpAt: null })}
      >
        Done
      </Button>,
    );
  }
  if (item.kind === 'task') {
    actions.push(
      <SnoozeButton
        key="snooze"
        name={`${item.text} (${name})`}
        onPick={(at) => task.mutate({ id: item.activityId, scheduledAt: at.toISOString() })}
      />,
      <Button
        key="done"
        size="small"
        aria-label={`Task ${item.text} (${name}) done`}
        loading={task.isPending}
        onClick={() => task.mutate({ id: item.activityId, status: 'completed' })}
      >
        Done
      </Button>,
    );
  }
  if (item.kind === 'visit') {
    actions.push(
      <CompleteVisitButton
        key="completed"
        size="small"
        ariaLabel={`Mark completed: the visit of ${name}`}
        start={item.start}
        name={name}
        pending={visit.isPending}
        complete={(confirmEarly) => visit.mutateAsync({ id: item.visitId, confirmEarly })}
      />,
    );
  }
  return (
    <li className="my-day-item" data-testid={`my-day-${item.kind}`}>
      <div className="my-day-item-main">
        <button type="button" className="lead-name-link" onClick={() => onOpen(item.leadId)}>
          {name}
        </button>
        {/* In my own day a lead nobody holds is there because its alert reached me: it says so. */}
        {showAssignee || !item.assignee ? (
          <span className="muted"> · {item.assignee?.name ?? 'Unassigned'}</span>
        ) : null}
        <div className="my-day-item-detail">{describeItem(item)}</div>
      </div>
      <Space wrap size={4} className="my-day-actions">
        {actions}
        <Button size="small" type="link" onClick={() => onOpen(item.leadId)} aria-label={`Open ${name}`}>
          Open
        </Button>
      </Space>
      {loggingCall ? <LogCallDialog lead={loggingCall} onClose={() => setLoggingCall(undefined)} /> : null}
    </li>
  );
}
