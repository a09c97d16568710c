import { formatDealValue } from '@shine/shared/format';
import { MESSAGES } from '@shine/shared/messages';
import type { LeadListItem } from '@shine/shared/types';
import { Button, Card, Checkbox, Empty, Spin } from 'antd';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { ContactLinks } from '../ui/ContactLinks.tsx';
import { FollowUpText } from './FollowUpText.tsx';
import { LeadIntakeFlags } from './LeadIntakeFlags.tsx';
import { SamePhoneLinks } from './SamePhoneLinks.tsx';
import { PRIORITY_COLORS, fullName } from '../format/lead-labels.ts';
import { describeService } from './lead-format.ts';
import type { LeadSelection } from './lead-selection.ts';
import { type LeadsPaging, LeadsPagination } from './LeadsPagination.tsx';
import { LeadStatusSelect } from './LeadStatusSelect.tsx';
import { PersonAvatar } from '../ui/PersonAvatar.tsx';
import { ToneTag } from '../ui/ToneTag.tsx';

interface LeadCardListProps {
  leads: LeadListItem[];
  loading: boolean;
  paging: LeadsPaging;
  onOpen: (leadId: string) => void;
  selection?: LeadSelection;
}

/** Leads as cards on a phone, with the same selection, status dropdown and paging as the table. */
export function LeadCardList({ leads, loading, paging, onOpen, selection }: LeadCardListProps) {
  if (loading && leads.length === 0) return <LoadingSkeleton rows={6} />;
  if (leads.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MESSAGES.empty.leads} />;

  const selected = new Set(selection?.selectedIds ?? []);
  const pageIds = leads.map((lead) => lead.id);
  const allOnPage = pageIds.every((id) => selected.has(id));
  const someOnPage = pageIds.some((id) => selected.has(id));

  const toggle = (id: string, checked: boolean) => {
    if (!selection) return;
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    selection.onChange([...next]);
  };

  return (
    <div className="lead-cards">
      {selection ? (
        <Checkbox
          checked={allOnPage}
          disabled={loading}
          indeterminate={someOnPage && !allOnPage}
          onChange={(event) => {
            const next = new Set(selected);
            for (const id of pageIds) {
              if (event.target.checked) next.add(id);
              else next.delete(id);
            }
            selection.onChange([...next]);
          }}
        >
          Select all on this page
        </Checkbox>
      ) : null}
      {/* While another page or search loads, the cards stay on screen dimmed; the Spin takes the clicks. */}
      <Spin spinning={loading}>
        <ul className="lead-card-list" aria-label="Leads" aria-busy={loading || undefined}>
          {leads.map((lead) => (
            <li key={lead.id}>
              <Card size="small" className="lead-card">
                <div className="lead-card-head">
                  {selection ? (
                    <Checkbox
                      aria-label={`Select ${fullName(lead)}`}
                      checked={selected.has(lead.id)}
                      onChange={(event) => toggle(lead.id, event.target.checked)}
                    />
                  ) : null}
                  <Button type="link" className="lead-name-button" onClick={() => onOpen(lead.id)}>
                    {fullName(lead)}
                  </Button>
                  <ToneTag color={PRIORITY_COLORS[lead.priority]}>{lead.priority}</ToneTag>
                </div>
                <LeadIntakeFlags lead={lead} />
                <SamePhoneLinks lead={lead} onOpen={onOpen} />
                <ContactLinks email={lead.email} phone={lead.phone} />
                <div className="muted">{describeService(lead)}</div>
                <div className="lead-card-foot">
                  <LeadStatusSelect lead={lead} size="small" />
                  <span className="lead-card-value">{formatDealValue(lead.estimatedValue)}</span>
                </div>
                <div>
                  Follow-up: <FollowUpText nextFollowUpAt={lead.nextFollowUpAt} status={lead.status} />
                </div>
                <div className="lead-card-assignee">
                  <PersonAvatar person={lead.assignee} showName />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </Spin>
      <LeadsPagination compact {...paging} />
    </div>
  );
}
