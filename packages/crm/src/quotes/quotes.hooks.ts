// The quotes of a lead: the versions, and the draft's create / save / send. The versions
// live under the lead's key, so whatever refreshes the lead (a live event, a status change) refreshes them.
import type { InputOf } from '@shine/shared/operations/operation';
import { quoteOperations } from '@shine/shared/operations/quotes';
import type { Quote, QuoteList } from '@shine/shared/responses/quotes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions, urlOf } from '../api/client.ts';
import { activitiesKey, leadsKey } from '../api/query-keys.ts';

/** The payload of a draft's save: the update's input (amounts as decimal text). */
export type QuoteDraftInput = InputOf<typeof quoteOperations.updateQuote>['body'];

const leadQuotesQuery = (leadId: string) => queryOptions(quoteOperations.listLeadQuotes, { params: { id: leadId } });
export const leadQuotesKey = (leadId: string) => leadQuotesQuery(leadId).queryKey;

/** Where the drawer links a version's PDF. */
export const quotePdfUrl = (id: string) => urlOf(quoteOperations.getQuotePdf, { params: { id } });

export function useLeadQuotes(leadId: string) {
  return useQuery({ ...leadQuotesQuery(leadId), select: (list) => list.items });
}

/**
 * After a change to one of the lead's quotes: the version the answer carries shows at once (a new
 * draft first, as the list is newest first), and the lead's lists are read again in the background.
 * The person's answer (the new draft, "Quote v1 e-mailed to …" with the link) does not wait for those
 * reads: with another test run on the machine they took seconds, and the send's notice, which came
 * after them, did not show within ten seconds of Send.
 */
function useRefreshLead(leadId: string) {
  const queryClient = useQueryClient();
  return (quote: Quote) => {
    queryClient.setQueryData<QuoteList>(leadQuotesKey(leadId), (list) => {
      if (!list) return list;
      const known = list.items.some((item) => item.id === quote.id);
      return {
        items: known ? list.items.map((item) => (item.id === quote.id ? quote : item)) : [quote, ...list.items],
      };
    });
    // The lead's versions are under the lead's key (an older sent version is now superseded).
    void queryClient.invalidateQueries({ queryKey: leadsKey });
    void queryClient.invalidateQueries({ queryKey: activitiesKey });
  };
}

/** POST /api/admin/leads/{id}/quotes: the next version (the first from the instant estimate). */
export function useCreateQuote(leadId: string) {
  const refresh = useRefreshLead(leadId);
  return useMutation({
    mutationFn: () => call(quoteOperations.createQuote, { params: { id: leadId }, body: {} }),
    onSuccess: (draft) => refresh(draft),
  });
}

/** PATCH /api/admin/quotes/{id}: a draft's fields. */
export function useSaveQuote(leadId: string) {
  const refresh = useRefreshLead(leadId);
  return useMutation({
    mutationFn: ({ id, draft }: { id: string; draft: QuoteDraftInput }) =>
      call(quoteOperations.updateQuote, { params: { id }, body: draft }),
    onSuccess: (quote) => refresh(quote),
  });
}

/** POST /api/admin/quotes/{id}/send: frozen, the lead Quoted; `email: false` only answers the link. */
export function useSendQuote(leadId: string) {
  const refresh = useRefreshLead(leadId);
  return useMutation({
    mutationFn: ({ id, email }: { id: string; email: boolean }) =>
      call(quoteOperations.sendQuote, { params: { id }, body: { email } }),
    onSuccess: (sent) => refresh(sent.quote),
  });
}

/** POST /api/admin/quotes/{id}/withdraw (admins and the lead's assignee): the link then books nothing. */
export function useWithdrawQuote(leadId: string) {
  const refresh = useRefreshLead(leadId);
  return useMutation({
    mutationFn: (id: string) => call(quoteOperations.withdrawQuote, { params: { id } }),
    onSuccess: (quote) => refresh(quote),
  });
}
