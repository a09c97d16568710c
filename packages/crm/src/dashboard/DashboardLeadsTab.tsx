import { Card } from 'antd';
import { useState } from 'react';
import { isLeadListLoading, LeadDrawer, LeadFilters, LeadsTable, useLeadFilters, useLeadList } from '../leads/index.ts';

/** Leads tab of the tabbed dashboard: search, status filter, priority filter, table. */
export function DashboardLeadsTab() {
  const filters = useLeadFilters();
  const list = useLeadList(filters.params);
  const [openLeadId, setOpenLeadId] = useState<string>();
  return (
    <Card>
      <div className="section-stack">
        <LeadFilters filters={filters} idPrefix="dashboard-leads" />
        <LeadsTable
          data={list.data}
          loading={isLeadListLoading(list)}
          params={filters.params}
          onPageChange={filters.setPage}
          onSortChange={filters.setSort}
          onOpen={setOpenLeadId}
        />
      </div>
      <LeadDrawer leadId={openLeadId} onClose={() => setOpenLeadId(undefined)} onOpenLead={setOpenLeadId} />
    </Card>
  );
}
