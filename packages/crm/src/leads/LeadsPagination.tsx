import { formatCount } from '@shine/shared/format';
import { Pagination } from 'antd';
import { memo } from 'react';
import { PAGE_SIZE_OPTIONS } from './lead-view-params.ts';

const showLeadTotal = (total: number, range: [number, number]) =>
  `${range[0]}-${range[1]} of ${formatCount(total, 'lead')}`;

/** Where the list is among the server's pages, and how to move. */
export interface LeadsPaging {
  current: number;
  pageSize: number;
  total: number;
  /** Keep its identity (useLatestCallback): a new one each render would defeat the memo. */
  onChange: (page: number, pageSize: number) => void;
}

interface LeadsPaginationProps extends LeadsPaging {
  /** Small and centred, under the phone's cards; else at the table's right. */
  compact?: boolean;
}

/**
 * Paging under the leads table or cards, rendered again only when the page, its size or the total
 * change, not on a sort: once its page-size list has been opened, antd keeps the list mounted and
 * measures its items (a forced layout) every time it renders (docs/performance.md, sorting).
 */
export const LeadsPagination = memo(function LeadsPagination({ compact, ...paging }: LeadsPaginationProps) {
  return (
    <Pagination
      className={compact ? undefined : 'leads-pagination'}
      size={compact ? 'small' : undefined}
      align={compact ? 'center' : 'end'}
      showSizeChanger
      pageSizeOptions={PAGE_SIZE_OPTIONS}
      showTotal={showLeadTotal}
      {...paging}
    />
  );
});
