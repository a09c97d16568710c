import { LEAD_STATUSES, type LeadStatus } from '@shine/shared/enums';
import type { LeadListItem } from '@shine/shared/types';
import { useRef, useState } from 'react';
import { useLeadStatusMutation, type LeadFilterValues } from './leads.hooks.ts';
import { createCardFocusKeeper, type PendingMove } from './pipeline.ts';
import { PipelineColumn } from './PipelineColumn.tsx';
import { type LostReasonAnswer, LostReasonDialog } from './LostReasonDialog.tsx';

/**
 * The pipeline as a kanban board: a column per status; dragging a card to another column changes
 * the lead's status through the same endpoint and messages as the dropdown (which every card also
 * has, as the keyboard way to move it).
 */
export function PipelineBoard({ filter, onOpen }: { filter: LeadFilterValues; onOpen: (leadId: string) => void }) {
  const mutation = useLeadStatusMutation();
  const [moves, setMoves] = useState<ReadonlyMap<string, PendingMove>>(new Map());
  const board = useRef<HTMLElement>(null);
  const [focusKeeper] = useState(() =>
    createCardFocusKeeper((leadId) => [
      ...(board.current?.querySelectorAll<HTMLElement>(`.pipeline-card[data-lead-id="${CSS.escape(leadId)}"]`) ?? []),
    ]),
  );

  const [losing, setLosing] = useState<LeadListItem>();

  const move = (lead: LeadListItem, to: LeadStatus, answer?: LostReasonAnswer) => {
    if (lead.status === to || moves.has(lead.id)) return;
    // A lead dropped on Lost stays where it was until the person says why.
    if (to === 'Lost' && !answer) {
      setLosing(lead);
      return;
    }
    setMoves((current) => new Map(current).set(lead.id, { lead, to }));
    mutation.mutate(
      { id: lead.id, status: to, ...answer },
      {
        // Settles after the lists have refetched, so the card never jumps back in between.
        onSettled: () =>
          setMoves((current) => {
            const next = new Map(current);
            next.delete(lead.id);
            return next;
          }),
      },
    );
  };

  return (
    <section className="pipeline-board" aria-label="Pipeline board" ref={board}>
      {LEAD_STATUSES.map((status) => (
        <PipelineColumn
          key={status}
          status={status}
          filter={filter}
          moves={moves}
          onMove={move}
          onOpen={onOpen}
          focusKeeper={focusKeeper}
        />
      ))}
      <LostReasonDialog
        lead={losing}
        onCancel={() => setLosing(undefined)}
        onConfirm={(answer) => {
          setLosing(undefined);
          if (losing) move(losing, 'Lost', answer);
        }}
      />
    </section>
  );
}
