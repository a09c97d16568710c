import type { AuditEntity } from '@shine/shared/enums';
import type { AuditEntry, AuditPage } from '@shine/shared/types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditListKey, leadHistoryKey } from '../api/query-keys.ts';

export interface AuditFilter {
  leadId?: string;
  userId?: string;
  entity?: AuditEntity;
  page: number;
  pageSize: number;
}

/** GET /api/admin/audit (admins): newest first, paged, filtered by person, entity or lead. */
export function useAuditPage(filter: AuditFilter) {
  return useQuery<AuditPage>({ queryKey: auditListKey({ ...filter }), placeholderData: keepPreviousData });
}

/** GET /api/admin/leads/{id}/history (any staff): the lead's audit rows, newest first. */
export function useLeadHistory(leadId: string) {
  return useQuery<{ items: AuditEntry[] }>({ queryKey: leadHistoryKey(leadId) });
}
