import { colors } from '@shine/design-tokens';
import type { Lead } from '@shine/shared/types';
import { Alert, Button, Card, Empty, Pagination, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { LeadDrawer } from '../leads/index.ts';
import { fullName } from '../format/lead-labels.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { HeldItem } from './HeldItem.tsx';
import { HELD_PAGE_SIZE, HELD_PAGE_SIZE_OPTIONS, useHeldList } from './held.hooks.ts';
import './held.css';
import { SyncingTag } from '../ui/SyncingTag.tsx';
import { LoadingSkeleton } from '../ui/LoadingSkeleton.tsx';

export const HELD_EMPTY_TEXT = 'No held submissions. Every quote request is in Leads.';

/**
 * Held (docs/requirements.md#held-submissions): quote requests a spam rule caught, newest first,
 * for staff to release as leads or delete. Nothing a visitor sends is dropped, so this is where a
 * false positive is put right.
 */
export function HeldSection() {
  const [paging, setPaging] = useState({ page: 1, pageSize: HELD_PAGE_SIZE });
  const list = useHeldList(paging);
  const [released, setReleased] = useState<Lead>();
  const [openLeadId, setOpenLeadId] = useState<string>();
  const data = list.data;

  // Releasing or deleting the last item of the last page would leave an empty page: step back.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / paging.pageSize)) : 1;
  useEffect(() => {
    if (data && paging.page > lastPage) setPaging((p) => ({ ...p, page: lastPage }));
  }, [data, paging.page, lastPage]);

  return (
    <Card className="leads-card">
      <div className="section-stack">
        <div className="leads-toolbar">
          <p className="muted held-intro">
            Quote requests a spam rule held back. Release one to make it a lead as of when it arrived, or delete it.
          </p>
          <div className="leads-badges" aria-live="polite">
            <SyncingTag isFetching={list.isFetching} />
            <Tag color="blue" data-testid="held-total">
              {data ? `${data.total} held` : 'Loading…'}
            </Tag>
          </div>
        </div>
        {released ? (
          <Alert
            type="success"
            showIcon
            role="status"
            // antd derives a murky grey-green from our success token; the design tokens' soft green reads cleaner.
            styles={{ root: { background: colors.accentSoft, borderColor: colors.success } }}
            title={`Released ${fullName(released)} as a lead.`}
            action={
              <Button size="small" className="touch-target" onClick={() => setOpenLeadId(released.id)}>
                Open lead
              </Button>
            }
            closable={{ onClose: () => setReleased(undefined), 'aria-label': 'Dismiss' }}
          />
        ) : null}
        {list.isPending ? <LoadingSkeleton rows={6} /> : null}
        {list.isError ? <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} /> : null}
        {data && data.total === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={HELD_EMPTY_TEXT} /> : null}
        {data && data.items.length > 0 ? (
          <>
            <ul className="held-list" aria-label="Held submissions">
              {data.items.map((held) => (
                <HeldItem key={held.id} held={held} onReleased={setReleased} />
              ))}
            </ul>
            <Pagination
              className="held-pagination"
              current={paging.page}
              pageSize={paging.pageSize}
              total={data.total}
              showSizeChanger
              pageSizeOptions={HELD_PAGE_SIZE_OPTIONS}
              showTotal={(total, range) => `${range[0]}-${range[1]} of ${total} held`}
              onChange={(page, pageSize) => setPaging((p) => ({ page: pageSize !== p.pageSize ? 1 : page, pageSize }))}
              align="center"
            />
          </>
        ) : null}
      </div>
      <LeadDrawer leadId={openLeadId} onClose={() => setOpenLeadId(undefined)} onOpenLead={setOpenLeadId} />
    </Card>
  );
}
