import type { MyDayScope } from '@shine/shared/my-day';
import type { MyDayItem as Item } from '@shine/shared/responses/my-day';
import { Card, Empty, Segmented, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { LeadDrawer } from '../leads/index.ts';
import { useLeadInAddress } from '../leads/index.ts';
import { sectionPath } from '../navigation/index.ts';
import { useIsAdmin } from '../session/current-user.ts';
import { ButtonLink } from '../ui/ButtonLink.tsx';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { CallBackItem } from './CallBackItem.tsx';
import { MyDayItem } from './MyDayItem.tsx';
import { useMyDay } from './my-day.hooks.ts';
import './my-day.css';

/** What tells an item from the others of its section: a lead has one follow-up, many tasks, quotes and visits. */
function itemKey(item: Item): string {
  if (item.kind === 'task') return item.activityId;
  if (item.kind === 'quote') return item.quoteId;
  if (item.kind === 'visit') return item.visitId;
  if (item.kind === 'payment') return item.invoiceId;
  if (item.kind === 'call_back') return item.callId;
  return item.leadId;
}

/**
 * My Day (docs/decisions.md, "My Day"): what the signed-in person has to do now, section by section in
 * the order the day is worked, each item with its one-click actions; admins may switch to everyone's.
 * A lead opens in the drawer here, its address `?lead=` like everywhere.
 */
export function MyDaySection() {
  const isAdmin = useIsAdmin();
  const [searchParams, setSearchParams] = useSearchParams();
  const scope: MyDayScope = isAdmin && searchParams.get('scope') === 'all' ? 'all' : 'me';
  const day = useMyDay(scope);
  const lead = useLeadInAddress();

  // Visits still to come are listed without counting towards `total` (the badge), so "nothing
  // waits" means every section is empty.
  const isEmpty = day.data?.sections.every((section) => section.items.length === 0);

  const setScope = (next: MyDayScope) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next === 'all') params.set('scope', 'all');
      else params.delete('scope');
      return params;
    });

  return (
    <div className="section-stack">
      <div className="section-toolbar">
        <Typography.Text className="muted">
          {scope === 'all' ? 'Everyone’s work for today.' : 'Your work for today, most urgent first.'}
        </Typography.Text>
        {isAdmin ? (
          <Segmented<MyDayScope>
            aria-label="Whose day"
            value={scope}
            onChange={setScope}
            options={[
              { value: 'me', label: 'Mine' },
              { value: 'all', label: 'Everyone' },
            ]}
          />
        ) : null}
      </div>
      {day.isError ? <QueryErrorAlert error={day.error} onRetry={() => void day.refetch()} /> : null}
      {day.isPending ? <LoadingSkeleton rows={8} /> : null}
      {day.data && isEmpty ? (
        <Card>
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <span data-testid="my-day-empty">
                Nothing waits for you right now. Look through the open leads for one to move on, or check the Inbox.
              </span>
            }
          >
            <div className="my-day-next">
              <ButtonLink type="primary" to={sectionPath('leads', { assignee: 'me' })}>
                My open leads
              </ButtonLink>
              <ButtonLink to={sectionPath('inbox')}>Inbox</ButtonLink>
            </div>
          </Empty>
        </Card>
      ) : null}
      {day.data && !isEmpty
        ? day.data.sections.map((section) => (
            <section key={section.key} className="my-day-section" aria-labelledby={`my-day-${section.key}`}>
              <Typography.Title level={2} id={`my-day-${section.key}`} className="my-day-title">
                {section.title} <span className="nav-count my-day-count">{section.items.length}</span>
              </Typography.Title>
              {section.items.length === 0 ? (
                <p className="muted my-day-none">Nothing here.</p>
              ) : (
                <ul className="my-day-list">
                  {section.items.map((item) =>
                    item.kind === 'call_back' ? (
                      <CallBackItem
                        key={`${item.kind}-${itemKey(item)}`}
                        item={item}
                        showAssignee={scope === 'all'}
                        onOpen={lead.open}
                      />
                    ) : (
                      <MyDayItem
                        key={`${item.kind}-${itemKey(item)}`}
                        item={item}
                        showAssignee={scope === 'all'}
                        onOpen={lead.open}
                      />
                    ),
                  )}
                </ul>
              )}
            </section>
          ))
        : null}
      <LeadDrawer leadId={lead.leadId} initialTab={lead.tab} onClose={lead.close} onOpenLead={(id) => lead.open(id)} />
    </div>
  );
}
