import type { StaffBookingRequest, VisitUpdate } from '@shine/shared/bookings';
import { schedulingOperations } from '@shine/shared/operations/scheduling';
import type { SchedulingSettings } from '@shine/shared/scheduling';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';
import { leadKey, schedulingSettingsKey, visitsKey } from '../api/query-keys.ts';

/** GET /api/admin/settings/scheduling: the crews' names and the windows (every role). */
export function useSchedulingSettings() {
  return useQuery(queryOptions(schedulingOperations.getSchedulingSettings));
}

/** GET /api/admin/visits?from=&to=: the week's visits (refreshed by the live stream's visits.changed). */
export function useVisits(range: { from: string; to: string }) {
  return useQuery(queryOptions(schedulingOperations.listVisits, { query: { from: range.from, to: range.to } }));
}

/** After a change: the Schedule, and the lead (its booking and timeline live under its key). */
function useRefresh() {
  const queryClient = useQueryClient();
  return (leadId: string) => {
    void queryClient.invalidateQueries({ queryKey: visitsKey });
    void queryClient.invalidateQueries({ queryKey: leadKey(leadId) });
  };
}

/** PATCH /api/admin/visits/{id}: move (start, crew) or close (status). */
export function useUpdateVisit() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: VisitUpdate }) =>
      call(schedulingOperations.updateVisit, { params: { id }, body: update }),
    onSuccess: (visit) => refresh(visit.leadId),
  });
}

/** POST /api/admin/leads/{id}/booking: staff book a lead by hand (a free window, or any time). */
export function useBookForLead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ leadId, ...body }: { leadId: string } & StaffBookingRequest) =>
      call(schedulingOperations.bookLead, { params: { id: leadId }, body }),
    onSuccess: (answer) => refresh(answer.booking.leadId),
  });
}

/** DELETE /api/admin/leads/{id}/booking: staff cancel the lead's booking (the customer is e-mailed). */
export function useCancelLeadBooking() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (leadId: string) => call(schedulingOperations.cancelLeadBooking, { params: { id: leadId } }),
    onSuccess: (answer) => refresh(answer.booking.leadId),
  });
}

/** PUT /api/admin/settings/scheduling (admins): the answer replaces the cache. */
export function useSaveSchedulingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SchedulingSettings) => call(schedulingOperations.saveSchedulingSettings, { body: settings }),
    onSuccess: (settings) => queryClient.setQueryData(schedulingSettingsKey, settings),
  });
}
