// The quotes of a lead: the versions, and the draft's create / save / send. The versions
// live under the lead's key, so whatever refreshes the lead (a live event, a status change) refreshes them.
import type { QuoteCreate } from '@shine/shared/quotes';
import type { Quote, QuoteList, QuoteSent } from '@shine/shared/responses/quotes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api/http.ts';
import { API } from '../api/paths.ts';
import { activitiesKey, leadKey, leadsKey } from '../api/query-keys.ts';

/** The payload of a draft's create or save: QuoteCreate's input (amounts as decimal text). */
export type QuoteDraftInput = { [K in keyof QuoteCreate]?: unknown };

export const leadQuotesKey = (leadId: string) => [...leadKey(leadId), 'quotes'] as const;

const leadQuotesUrl = (leadId: string) => `${API.leads}/${encodeURIComponent(leadId)}/quotes`;
const quoteUrl = (id: string) => `${API.quotes}/${encodeURIComponent(id)}`;

/** Where the drawer links a version's PDF. */
export const quotePdfUrl = (id: string) => `${quoteUrl(id)}/pdf`;

export function useLeadQuotes(leadId: string) {
  return useQuery({
    queryKey: leadQuotesKey(leadId),
    queryFn: () => apiJson<QuoteList>('GET', leadQuotesUrl(leadId)),
    select: (list) => list.items,
  });
}

function useRefreshLead(leadId: string) {
  const queryClient = useQueryClient();
  return async (quote?: Quote) => {
    if (quote) {
      queryClient.setQueryData<QuoteList>(leadQuotesKey(leadId), (list) =>
        list ? { items: list.items.map((item) => (item.id === quote.id ? quote : item)) } : list,
      );
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: leadQuotesKey(leadId) }),
      queryClient.invalidateQueries({ queryKey: leadsKey }),
      queryClient.invalidateQueries({ queryKey: activitiesKey }),
    ]);
  };
}

/** POST /api/admin/leads/{id}/quotes: the next version (the first from the instant estimate). */
export function useCreateQuote(leadId: string) {
  const refresh = useRefreshLead(leadId);
  return useMutation({
    mutationFn: () => apiJson<Quote>('POST', leadQuotesUrl(leadId), {}),
    onSuccess: () => refresh(),
  });
}

/** PATCH /api/admin/quotes/{id}: a draft's fields. */
export function useSaveQuote(leadId: string) {
  const refresh = useRefreshLead(leadId);
  return useMutation({
    mutationFn: ({ id, draft }: { id: string; draft: QuoteDraftInput }) => apiJson<Quote>('PATCH', quoteUrl(id), draft),
    onSuccess: (quote) => refresh(quote),
  });
}

/** POST /api/admin/quotes/{id}/send: frozen, the lead Quoted; `email: false` only answers the link. */
export function useSendQuote(leadId: string) {
  const refresh = useRefreshLead(leadId);
  return useMutation({
    mutationFn: ({ id, email }: { id: string; email: boolean }) =>
      apiJson<QuoteSent>('POST', `${quoteUrl(id)}/send`, { email }),
    onSuccess: (sent) => refresh(sent.quote),
  });
}
