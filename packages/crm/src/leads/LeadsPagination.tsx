import { formatCount } from '@shine/shared/format';
import { Pagination } from 'antd';
import { memo } from 'react';
import { PAGE_SIZE_OPTIONS } from './lead-view-params.ts';

export const showLeadTotal = (total: number, range: [number, number]) =>
  `${range[0]}-${range[1]} of ${formatCount(total, 'lead')}`;

interface LeadsPaginationProps {
  current: number;
  pageSize: number;
  total: number;
  /** Keep its identity (useLatestCallback): a new one each render would defeat the memo. */
  onChange: (page: number, pageSize: number) => void;
}

/**
 * Paging under the leads table, rendered again only when the page, its size or the total change, not
 * on a sort: once its page-size list has been opened, antd keeps the list mounted and measures its
 * items (a forced layout) every time it renders (issue 19, item 4).
 */
export const LeadsPagination = memo(function LeadsPagination(props: LeadsPaginationProps) {
  return (
    <Pagination
      className="leads-pagination"
      align="end"
      showSizeChanger
      pageSizeOptions={PAGE_SIZE_OPTIONS}
      showTotal={showLeadTotal}
      {...props}
    />
  );
});
