import type { LeadStatus } from '@shine/shared/enums';
import { formatCount, formatDealValue } from '@shine/shared/format';
import type { LeadListItem } from '@shine/shared/types';
import { Badge, Button } from 'antd';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { type DragEvent, useLayoutEffect, useRef, useState } from 'react';
import { LeadIntakeFlags } from './LeadIntakeFlags.tsx';
import { PRIORITY_COLORS, STATUS_BAR_COLORS, fullName } from '../format/lead-labels.ts';
import { useLeadList, type LeadFilterValues } from './leads.hooks.ts';
import { LeadStatusSelect } from './LeadStatusSelect.tsx';
import { type CardFocusKeeper, LEAD_DRAG_TYPE, type PendingMove } from './pipeline.ts';
import { FollowUpText } from './FollowUpText.tsx';
import { PersonAvatar } from '../ui/PersonAvatar.tsx';
import { ToneTag } from '../ui/ToneTag.tsx';

const STEP = 20;
const MAX_CARDS = 200;

function isLeadDrag(event: DragEvent): boolean {
  return event.dataTransfer.types.includes(LEAD_DRAG_TYPE);
}

function readDraggedLead(event: DragEvent): LeadListItem | undefined {
  try {
    const lead = JSON.parse(event.dataTransfer.getData(LEAD_DRAG_TYPE)) as LeadListItem;
    return typeof lead?.id === 'string' ? lead : undefined;
  } catch {
    return undefined;
  }
}

interface PipelineColumnProps {
  status: LeadStatus;
  filter: LeadFilterValues;
  moves: ReadonlyMap<string, PendingMove>;
  onMove: (lead: LeadListItem, to: LeadStatus) => void;
  onOpen: (leadId: string) => void;
  focusKeeper: CardFocusKeeper;
}

interface PipelineCardProps {
  lead: LeadListItem;
  moving: boolean;
  onOpen: (id: string) => void;
  focusKeeper: CardFocusKeeper;
}

function PipelineCard({ lead, moving, onOpen, focusKeeper }: PipelineCardProps) {
  const card = useRef<HTMLLIElement>(null);
  useLayoutEffect(() => {
    const element = card.current;
    if (!element) return;
    focusKeeper.drawn(lead.id, element);
    // Runs while the element is still in the page, before React removes it.
    return () => focusKeeper.leaving(lead.id, element);
  }, [focusKeeper, lead.id]);
  const onDragStart = (event: DragEvent<HTMLElement>) => {
    event.dataTransfer.setData(LEAD_DRAG_TYPE, JSON.stringify(lead));
    event.dataTransfer.setData('text/plain', fullName(lead));
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <li
      ref={card}
      className={`pipeline-card${moving ? ' pipeline-card-moving' : ''}`}
      draggable={!moving}
      onDragStart={onDragStart}
      data-lead-id={lead.id}
      aria-busy={moving}
    >
      <div className="pipeline-card-head">
        <Button type="link" className="lead-name-button" onClick={() => onOpen(lead.id)}>
          {fullName(lead)}
        </Button>
        <ToneTag color={PRIORITY_COLORS[lead.priority]}>{lead.priority}</ToneTag>
      </div>
      <LeadIntakeFlags lead={lead} />
      <div className="pipeline-card-meta">
        <span>{lead.cleaningType}</span>
        <span className="pipeline-card-end">
          {lead.assignee ? <PersonAvatar person={lead.assignee} /> : null}
          <strong>{formatDealValue(lead.estimatedValue)}</strong>
        </span>
      </div>
      {lead.nextFollowUpAt ? (
        <div className="pipeline-card-follow-up">
          <FollowUpText nextFollowUpAt={lead.nextFollowUpAt} status={lead.status} />
        </div>
      ) : null}
      <LeadStatusSelect lead={lead} size="small" />
    </li>
  );
}

export function PipelineColumn({ status, filter, moves, onMove, onOpen, focusKeeper }: PipelineColumnProps) {
  const [limit, setLimit] = useState(STEP);
  const [dragOver, setDragOver] = useState(false);
  const list = useLeadList({ ...filter, status, page: 1, pageSize: limit, sort: 'updatedAt', order: 'desc' });
  const serverLeads = list.data?.items ?? [];
  const onServer = new Set(serverLeads.map((lead) => lead.id));
  // Cards dropped here whose refetch has not brought them into this column yet.
  const incoming = [...moves.values()].filter(
    (move) => move.to === status && move.lead.status !== status && !onServer.has(move.lead.id),
  );
  const leads = [
    ...incoming.map((move) => move.lead),
    ...serverLeads.filter((lead) => !moves.has(lead.id) || moves.get(lead.id)?.to === status),
  ];
  const outgoing = serverLeads.filter((lead) => (moves.get(lead.id)?.to ?? status) !== status).length;
  const total = (list.data?.total ?? 0) + incoming.length - outgoing;
  const headingId = `pipeline-${status.toLowerCase()}`;

  return (
    <section
      className={`pipeline-column${dragOver ? ' pipeline-column-over' : ''}`}
      aria-labelledby={headingId}
      data-status={status}
      onDragOver={(event) => {
        if (!isLeadDrag(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setDragOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragOver(false);
      }}
      onDrop={(event) => {
        setDragOver(false);
        if (!isLeadDrag(event)) return;
        event.preventDefault();
        const lead = readDraggedLead(event);
        if (lead) onMove(lead, status);
      }}
    >
      <header className="pipeline-column-head" style={{ borderTopColor: STATUS_BAR_COLORS[status] }}>
        <h2 id={headingId}>{status}</h2>
        <Badge
          count={total}
          showZero
          overflowCount={9999}
          color={STATUS_BAR_COLORS[status]}
          aria-label={formatCount(total, 'lead')}
        />
      </header>
      {list.isPending ? (
        <LoadingSkeleton rows={3} />
      ) : (
        <ul className="pipeline-card-list" aria-labelledby={headingId}>
          {leads.map((lead) => (
            <PipelineCard
              key={lead.id}
              lead={lead}
              moving={moves.has(lead.id)}
              onOpen={onOpen}
              focusKeeper={focusKeeper}
            />
          ))}
          {leads.length === 0 ? <li className="pipeline-empty muted">No leads</li> : null}
        </ul>
      )}
      {list.data && list.data.total > serverLeads.length && limit < MAX_CARDS ? (
        <Button type="link" onClick={() => setLimit((l) => Math.min(MAX_CARDS, l + STEP))}>
          Show more ({list.data.total - serverLeads.length} more)
        </Button>
      ) : null}
      {list.data && list.data.total > serverLeads.length && limit >= MAX_CARDS ? (
        <p className="muted pipeline-note">
          Showing the {MAX_CARDS} most recently updated. Use search or filters to narrow down.
        </p>
      ) : null}
    </section>
  );
}
