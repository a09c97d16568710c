import type {
  LEAD_CREATED_FILTERS,
  LEAD_FOLLOW_UP_FILTERS,
  LeadListQuery,
  LeadStatusUpdate,
  LeadUpdate,
} from '@shine/shared/leads';
import { MESSAGES } from '@shine/shared/messages';
import { leadOperations } from '@shine/shared/operations/leads';
import type { ServiceAddressInput } from '@shine/shared/service-address';
import type { Lead, LeadDetail } from '@shine/shared/types';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';
import { livePolling, POLL_INTERVAL_MS, useLive } from '../api/live.ts';
import { leadKey, leadsKey, metricsKey, statsKey, visitsKey } from '../api/query-keys.ts';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';

/** The query string of GET /api/admin/leads (docs/requirements.md#lead-list), every default filled in. */
export type LeadListParams = LeadListQuery;
export type SortOrder = LeadListQuery['order'];
export type LeadFollowUpFilter = (typeof LEAD_FOLLOW_UP_FILTERS)[number];
export type LeadCreatedFilter = (typeof LEAD_CREATED_FILTERS)[number];

export type LeadFilterValues = Pick<
  LeadListParams,
  'search' | 'status' | 'priority' | 'assignedTo' | 'source' | 'followUp' | 'created'
>;

/** One page of leads; polled every 10 s in the sidebar CRM. */
export function useLeadList(params: LeadListParams) {
  const live = useLive();
  return useQuery({
    ...queryOptions(leadOperations.listLeads, { query: params }),
    placeholderData: keepPreviousData,
    ...livePolling(live, POLL_INTERVAL_MS.leads),
  });
}

/**
 * Whether a lead list shows itself loading: before its first answer, and while another search,
 * filter, sort or page is on its way. Then the previous rows stay on screen dimmed, and antd's Spin
 * takes the clicks, so a row cannot move under the pointer as the answer lands and open another lead.
 */
export function isLeadListLoading(list: { isPending: boolean; isPlaceholderData: boolean }): boolean {
  return list.isPending || list.isPlaceholderData;
}

/** GET /api/admin/leads/{id}: the lead with every one of its quote requests. */
export function useLead(id: string | undefined) {
  return useQuery({ ...queryOptions(leadOperations.getLead, { params: { id: id ?? '' } }), enabled: Boolean(id) });
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
      call(leadOperations.changeLeadStatus, { params: { id }, body: update }),
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
      call(leadOperations.updateLead, { params: { id }, body: changes }),
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

/** PUT /api/admin/leads/{id}/service-address: the drawer's address; the Schedule shows it too. */
export function useServiceAddressMutation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, address }: { id: string; address: ServiceAddressInput }) =>
      call(leadOperations.setServiceAddress, { params: { id }, body: { address } }),
    onSuccess: async (lead) => {
      toast.success('Service address saved');
      mergeLeadIntoCache(queryClient, lead);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadsKey }),
        queryClient.invalidateQueries({ queryKey: visitsKey }),
      ]);
    },
  });
}
