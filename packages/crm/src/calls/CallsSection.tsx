import { CALL_LIST_PAGE_SIZE, type CALL_LIST_STATUSES } from '@shine/shared/calls';
import type { Call } from '@shine/shared/responses/calls';
import { Card, Empty, Pagination, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../format/date-time.ts';
import { LeadDrawer } from '../leads/index.ts';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { SyncingTag } from '../ui/SyncingTag.tsx';
import { CallActions } from './CallActions.tsx';
import { useCallList } from './calls.hooks.ts';
import './calls.css';

export const CALLS_EMPTY_TEXT = 'No calls yet. Calls to the company number show here.';

type Filter = 'all' | (typeof CALL_LIST_STATUSES)[number];

const FILTER_LABELS: Record<Filter, string> = {
  all: 'All',
  missed: 'Missed',
  answered: 'Answered',
  voicemail: 'Voicemail',
};

const STATUS_TAGS: Record<Call['status'], { label: string; color: string }> = {
  ringing: { label: 'Ringing', color: 'blue' },
  missed: { label: 'Missed', color: 'red' },
  answered: { label: 'Answered', color: 'green' },
  voicemail: { label: 'Voicemail', color: 'orange' },
};

function describeText(text: Call['text']): string | null {
  if (!text) return null;
  if (text.status === 'sent') return 'Texted back';
  if (text.status === 'pending') return 'Texting back…';
  return `Not texted back${text.reason ? ` (${text.reason.replace(/^[a-z_ ]+: /, '')})` : ''}`;
}

function formatSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

function CallItem({ call, onOpenLead }: { call: Call; onOpenLead: (leadId: string) => void }) {
  const who = call.leadName ?? 'Unknown caller';
  const tag = STATUS_TAGS[call.status];
  const text = describeText(call.text);
  const missed = call.status === 'missed' || call.status === 'voicemail';
  return (
    <li className="call-item" data-testid="call-item">
      <div className="call-item-main">
        {call.leadId ? (
          <button type="button" className="lead-name-link" onClick={() => onOpenLead(call.leadId as string)}>
            {who}
          </button>
        ) : (
          <strong>{who}</strong>
        )}
        <span className="muted"> · {call.from}</span>
        <Tag color={tag.color} className="call-status">
          {tag.label}
        </Tag>
        <div className="muted call-item-detail">
          {formatDateTime(call.at)}
          {call.durationSeconds ? ` · ${formatSeconds(call.durationSeconds)}` : ''}
          {text ? ` · ${text}` : ''}
          {call.calledBackAt ? ` · called back ${formatDateTime(call.calledBackAt)}` : ''}
        </div>
        {call.recordingUrl ? (
          <a href={call.recordingUrl} target="_blank" rel="noreferrer noopener">
            Listen to the voicemail
          </a>
        ) : null}
      </div>
      <CallActions
        callId={call.id}
        phone={call.from}
        who={`${who} (${call.from})`}
        known={call.leadId !== null}
        doneLabel={missed && !call.calledBackAt ? 'Called back' : undefined}
        className="call-actions"
      />
    </li>
  );
}

/**
 * Calls (docs/requirements.md#missed-calls): every call to the company number, newest first, missed
 * ones with the text back's fate; call back, mark called back, or make a lead of a stranger.
 */
export function CallsSection() {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const list = useCallList({ status: filter === 'all' ? undefined : filter, page });
  const [openLeadId, setOpenLeadId] = useState<string>();
  const data = list.data;
  return (
    <Card className="leads-card">
      <div className="section-stack">
        <div className="leads-toolbar">
          <Segmented<Filter>
            aria-label="Show calls"
            options={(Object.keys(FILTER_LABELS) as Filter[]).map((value) => ({ value, label: FILTER_LABELS[value] }))}
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
          />
          <div className="leads-badges" aria-live="polite">
            <SyncingTag isFetching={list.isFetching} />
            <Tag color="blue" data-testid="calls-total">
              {data ? `${data.total} calls` : 'Loading…'}
            </Tag>
          </div>
        </div>
        {list.isPending ? <LoadingSkeleton rows={6} /> : null}
        {list.isError ? <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} /> : null}
        {data && data.total === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={CALLS_EMPTY_TEXT} />
        ) : null}
        {data && data.items.length > 0 ? (
          <>
            <ul className="call-list" aria-label="Calls">
              {data.items.map((item) => (
                <CallItem key={item.id} call={item} onOpenLead={setOpenLeadId} />
              ))}
            </ul>
            {data.total > CALL_LIST_PAGE_SIZE ? (
              <Pagination
                current={page}
                pageSize={CALL_LIST_PAGE_SIZE}
                total={data.total}
                showSizeChanger={false}
                onChange={setPage}
                align="center"
              />
            ) : null}
          </>
        ) : null}
      </div>
      <LeadDrawer leadId={openLeadId} onClose={() => setOpenLeadId(undefined)} onOpenLead={setOpenLeadId} />
    </Card>
  );
}
