// What other features use of leads (docs/architecture.md#crm-features); the section itself is a lazy
// chunk (crm/section-chunks.ts).
export { ExportDialog } from './ExportDialog.tsx';
export { LeadDrawer } from './LeadDrawer.tsx';
export { LeadFilters } from './LeadFilters.tsx';
export { describeService } from './lead-format.ts';
export { isLeadListLoading, useLeadList } from './leads.hooks.ts';
export { LeadsTable } from './LeadsTable.tsx';
export { useLeadFilters } from './use-lead-filters.ts';
export { useLeadInAddress } from './use-lead-in-address.ts';
