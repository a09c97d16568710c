import { leadOperations } from '@shine/shared/operations/leads';
import { teamOperations } from '@shine/shared/operations/team';
import type { AuditQuery } from '@shine/shared/team';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryOptions } from '../api/client.ts';

/** The query string of GET /api/admin/audit, every default filled in. */
export type AuditFilter = AuditQuery;

/** GET /api/admin/audit (admins): newest first, paged, filtered by person, entity or lead. */
export function useAuditPage(filter: AuditFilter) {
  return useQuery({ ...queryOptions(teamOperations.listAudit, { query: filter }), placeholderData: keepPreviousData });
}

/** GET /api/admin/leads/{id}/history (any staff): the lead's audit rows, newest first. */
export function useLeadHistory(leadId: string) {
  return useQuery(queryOptions(leadOperations.getLeadHistory, { params: { id: leadId } }));
}
