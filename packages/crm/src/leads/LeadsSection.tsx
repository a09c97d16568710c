import { AppstoreOutlined, DownloadOutlined, TableOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { Button, Card, Grid, Segmented, Space, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { leadFilterKey, type LeadView } from './lead-view-params.ts';
import { BulkAssignDialog } from './BulkAssignDialog.tsx';
import { ExportDialog } from './ExportDialog.tsx';
import { LeadDrawer } from './LeadDrawer.tsx';
import { NewLeadButton } from '../new-lead/index.ts';
import { useLeadInAddress } from './use-lead-in-address.ts';
import { type LeadDensity, useLeadDensity } from './use-lead-density.ts';
import { LeadFilters } from './LeadFilters.tsx';
import { LeadsTable } from './LeadsTable.tsx';
import { isLeadListLoading, useLeadList } from './leads.hooks.ts';
import { PipelineBoard } from './PipelineBoard.tsx';
import { useLeadFilters } from './use-lead-filters.ts';
import { useRememberedLeadView } from './use-remembered-lead-view.ts';
import { SyncingTag } from '../ui/SyncingTag.tsx';

/**
 * Leads of the sidebar CRM: badges, search and filters, selection (export, assign), table or pipeline
 * board. The view lives in the address (use-lead-filters.ts). A selection belongs to the filter it
 * was made in: another search, filter or view shows other rows, so the selection is dropped rather
 * than kept out of sight, and Export and Assign only ever act on rows the person can see checked
 * (paging and sorting keep it: the same leads, in other places).
 */
/**
 * False until the first page of rows has been shown, then true: what the screen needs less urgently
 * than its rows (the filters, with their own read of the assignees) mounts after them
 * (docs/performance.md, "The shell's counts in one read").
 */
function useShownOnce(shown: boolean): boolean {
  const [once, setOnce] = useState(shown);
  useEffect(() => {
    if (once || !shown) return;
    // After the frame that paints the rows.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setOnce(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [once, shown]);
  return once;
}

export function LeadsSection() {
  useRememberedLeadView();
  const filters = useLeadFilters();
  const list = useLeadList(filters.params);
  const view = filters.view;
  const filterKey = leadFilterKey(filters.params, view);
  const [selection, setSelection] = useState<{ filterKey: string; ids: string[] }>({ filterKey, ids: [] });
  const selectedIds = selection.filterKey === filterKey ? selection.ids : [];
  const setSelectedIds = (ids: string[]) => setSelection({ filterKey, ids });
  const [exportOpen, setExportOpen] = useState(false);
  const [assignOpen, setAssignOpen] = useState(false);
  const openLead = useLeadInAddress();
  const [density, setDensity] = useLeadDensity();
  const screens = Grid.useBreakpoint();
  const setOpenLeadId = useCallback((id: string) => openLead.open(id), [openLead.open]);
  const rowsShown = useShownOnce(list.data !== undefined || list.isError);

  return (
    <Card className="leads-card">
      <div className="section-stack">
        <div className="leads-toolbar">
          <div className="leads-badges" aria-live="polite">
            <SyncingTag isFetching={list.isFetching} />
            <Tag color="blue" data-testid="leads-total">
              {list.data ? `${list.data.total} total` : 'Loading…'}
            </Tag>
            {selectedIds.length > 0 ? (
              <>
                <Tag color="purple" data-testid="leads-selected">
                  {selectedIds.length} selected
                </Tag>
                <Button type="link" size="small" onClick={() => setSelectedIds([])}>
                  Clear selection
                </Button>
                <Button
                  size="small"
                  icon={<UserSwitchOutlined aria-hidden="true" />}
                  onClick={() => setAssignOpen(true)}
                >
                  Assign
                </Button>
              </>
            ) : null}
          </div>
          <Space wrap>
            {/* A phone shows cards, not the table: density has no meaning there. */}
            {view === 'table' && screens.md !== false ? (
              <Segmented<LeadDensity>
                aria-label="Density"
                value={density}
                onChange={setDensity}
                options={[
                  { value: 'comfortable', label: 'Comfortable' },
                  { value: 'compact', label: 'Compact' },
                ]}
              />
            ) : null}
            <Segmented<LeadView>
              aria-label="View"
              value={view}
              onChange={filters.setView}
              options={[
                { value: 'table', label: 'Table', icon: <TableOutlined aria-hidden="true" /> },
                { value: 'pipeline', label: 'Pipeline', icon: <AppstoreOutlined aria-hidden="true" /> },
              ]}
            />
            <Button icon={<DownloadOutlined aria-hidden="true" />} onClick={() => setExportOpen(true)}>
              Export
            </Button>
            <NewLeadButton type="primary" />
          </Space>
        </div>
        {rowsShown ? (
          <LeadFilters filters={filters} hideStatus={view === 'pipeline'} idPrefix="crm-leads" showAssignee />
        ) : (
          // Their height, so the rows do not move when they come.
          <div className="lead-filters lead-filters-pending" aria-hidden="true" />
        )}
        {view === 'table' ? (
          <LeadsTable
            data={list.data}
            loading={isLeadListLoading(list)}
            params={filters.params}
            onPageChange={filters.setPage}
            onSortChange={filters.setSort}
            onOpen={setOpenLeadId}
            selection={{ selectedIds, onChange: setSelectedIds }}
            density={density}
          />
        ) : (
          <PipelineBoard filter={filters.filter} onOpen={setOpenLeadId} />
        )}
      </div>
      <ExportDialog
        open={exportOpen}
        onClose={() => setExportOpen(false)}
        selectedIds={selectedIds}
        filter={filters.filter}
        matchingTotal={list.data?.total}
      />
      <BulkAssignDialog
        open={assignOpen}
        selectedIds={selectedIds}
        onClose={() => setAssignOpen(false)}
        onAssigned={() => setSelectedIds([])}
      />
      <LeadDrawer
        leadId={openLead.leadId}
        initialTab={openLead.tab}
        onClose={openLead.close}
        onOpenLead={setOpenLeadId}
      />
    </Card>
  );
}
