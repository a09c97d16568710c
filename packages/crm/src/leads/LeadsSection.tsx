import { AppstoreOutlined, DownloadOutlined, TableOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { Button, Card, Segmented, Space, Tag } from 'antd';
import { useState } from 'react';
import { BulkAssignDialog } from './BulkAssignDialog.tsx';
import { ExportDialog } from './ExportDialog.tsx';
import { LeadDrawer } from './LeadDrawer.tsx';
import { useLeadFromUrl } from './use-lead-from-url.ts';
import { LeadFilters } from './LeadFilters.tsx';
import { LeadsTable } from './LeadsTable.tsx';
import { useLeadList } from './leads.queries.ts';
import { PipelineBoard } from './PipelineBoard.tsx';
import { useLeadFilters } from './use-lead-filters.ts';
import { SyncingTag } from '../ui/SyncingTag.tsx';

type View = 'table' | 'board';

/** Leads of the sidebar CRM: badges, search and filters, selection (export, assign), table or pipeline board. */
export function LeadsSection() {
  const filters = useLeadFilters();
  const list = useLeadList(filters.params);
  const [view, setView] = useState<View>('table');
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [exportOpen, setExportOpen] = useState(false);
  const [assignOpen, setAssignOpen] = useState(false);
  const [openLeadId, setOpenLeadId] = useState<string>();
  useLeadFromUrl(setOpenLeadId);

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
            <Segmented<View>
              aria-label="View"
              value={view}
              onChange={(next) => {
                setView(next);
                if (next === 'board') filters.setStatus(undefined);
              }}
              options={[
                { value: 'table', label: 'Table', icon: <TableOutlined aria-hidden="true" /> },
                { value: 'board', label: 'Pipeline', icon: <AppstoreOutlined aria-hidden="true" /> },
              ]}
            />
            <Button icon={<DownloadOutlined aria-hidden="true" />} onClick={() => setExportOpen(true)}>
              Export
            </Button>
          </Space>
        </div>
        <LeadFilters filters={filters} hideStatus={view === 'board'} idPrefix="crm-leads" showAssignee />
        {view === 'table' ? (
          <LeadsTable
            data={list.data}
            loading={list.isPending}
            params={filters.params}
            onPageChange={filters.setPage}
            onSortChange={filters.setSort}
            onOpen={setOpenLeadId}
            selection={{ selectedIds, onChange: setSelectedIds }}
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
      <LeadDrawer leadId={openLeadId} onClose={() => setOpenLeadId(undefined)} onOpenLead={setOpenLeadId} />
    </Card>
  );
}
