import type { LeadPriority, LeadStatus } from '@shine/shared/enums';
import type {
  LEAD_CREATED_FILTERS,
  LEAD_FOLLOW_UP_FILTERS,
  LeadSortField,
  LeadStatusUpdate,
  LeadUpdate,
} from '@shine/shared/leads';
import { MESSAGES } from '@shine/shared/messages';
import type { Lead, LeadDetail, LeadPage } from '@shine/shared/types';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api/http.ts';
import { livePolling, POLL_INTERVAL_MS, useLive } from '../api/live.ts';
import { API } from '../api/paths.ts';
import { leadKey, leadListKey, leadsKey, metricsKey, statsKey } from '../api/query-keys.ts';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';

export type SortOrder = 'asc' | 'desc';
export type LeadFollowUpFilter = (typeof LEAD_FOLLOW_UP_FILTERS)[number];
export type LeadCreatedFilter = (typeof LEAD_CREATED_FILTERS)[number];

/** The query string of GET /api/admin/leads (docs/requirements.md#lead-list). */
export type LeadListParams = {
  search?: string;
  status?: LeadStatus;
  priority?: LeadPriority;
  /** "me", "none" or a person's id. */
  assignedTo?: string;
  /** The ways in from the dashboard's figures: one source, open leads overdue for follow-up, today's leads. */
  source?: string;
  followUp?: LeadFollowUpFilter;
  created?: LeadCreatedFilter;
  page: number;
  pageSize: number;
  sort: LeadSortField;
  order: SortOrder;
};

export type LeadFilterValues = Pick<
  LeadListParams,
  'search' | 'status' | 'priority' | 'assignedTo' | 'source' | 'followUp' | 'created'
>;

/** One page of leads; polled every 10 s in the sidebar CRM. */
export function useLeadList(params: LeadListParams) {
  const live = useLive();
  return useQuery<LeadPage>({
    queryKey: leadListKey(params),
    placeholderData: keepPreviousData,
    ...livePolling(live, POLL_INTERVAL_MS.leads),
  });
}

/** GET /api/admin/leads/{id}: the lead with every one of its quote requests. */
export function useLead(id: string | undefined) {
  return useQuery<LeadDetail>({ queryKey: leadKey(id ?? ''), enabled: Boolean(id) });
}

/**
 * Puts a changed lead into its cached detail. PATCH answers a plain Lead, without `requests`, so it
 * is merged into what is cached rather than replacing it (the drawer's Requests would vanish).
 */
export function mergeLeadIntoCache(queryClient: QueryClient, lead: Lead | LeadDetail): void {
  queryClient.setQueryData<LeadDetail | Lead>(leadKey(lead.id), (old) => (old ? { ...old, ...lead } : lead));
}

/** A status change refreshes the lists, stats and metrics (docs/requirements.md#states). */
export function useLeadStatusMutation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, ...update }: { id: string } & LeadStatusUpdate) =>
      apiJson<Lead>('PATCH', `${API.leads}/${encodeURIComponent(id)}/status`, update),
    onSuccess: async () => {
      toast.success(MESSAGES.leadStatus.success);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadsKey }),
        queryClient.invalidateQueries({ queryKey: statsKey }),
        queryClient.invalidateQueries({ queryKey: metricsKey }),
      ]);
    },
    onError: (error) => toast.error(MESSAGES.leadStatus.failed, errorText(error)),
  });
}

/** Drawer edits: value, priority and follow-up feed stats and metrics too. */
export function useLeadUpdateMutation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: LeadUpdate }) =>
      apiJson<Lead>('PATCH', `${API.leads}/${encodeURIComponent(id)}`, changes),
    onSuccess: async (lead) => {
      toast.success(MESSAGES.lead.updated);
      mergeLeadIntoCache(queryClient, lead);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadsKey }),
        queryClient.invalidateQueries({ queryKey: statsKey }),
        queryClient.invalidateQueries({ queryKey: metricsKey }),
      ]);
    },
    onError: (error) => toast.error(MESSAGES.lead.updateFailed, errorText(error)),
  });
}
