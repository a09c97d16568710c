import type { InvoiceStatus, ManualPaymentInput, PaymentSettingsInput, RefundInput } from '@shine/shared/payments';
import { paymentOperations } from '@shine/shared/operations/payments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';
import { invoiceKey, invoicesKey, leadCardKey, metricsKey, paymentSettingsKey } from '../api/query-keys.ts';

/** One page of invoices, by status and lead (GET /api/admin/invoices). */
export function useInvoices(query: { status?: InvoiceStatus; leadId?: string; page: number }) {
  return useQuery({ ...queryOptions(paymentOperations.listInvoices, { query }), placeholderData: keepPreviousData });
}

/** One invoice with its lines and payments; nothing is read while `id` is undefined. */
export function useInvoice(id: string | undefined) {
  return useQuery({
    ...queryOptions(paymentOperations.getInvoice, { params: { id: id ?? '' } }),
    enabled: id !== undefined,
  });
}

/** A payment changes the invoice, the lists' balances and the Dashboard's money. */
function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return (invoiceId: string) =>
    Promise.all(
      [invoiceKey(invoiceId), invoicesKey, metricsKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/** POST /api/admin/invoices/{id}/payments: cash or a check received. */
export function useRecordPayment(invoiceId: string) {
  const refresh = useRefreshAfterPayment();
  return useMutation({
    mutationFn: (body: ManualPaymentInput) =>
      call(paymentOperations.recordInvoicePayment, { params: { id: invoiceId }, body }),
    onSuccess: () => refresh(invoiceId),
  });
}

/** POST /api/admin/payments/{id}/return: a check the bank returned. */
export function useReturnPayment(invoiceId: string) {
  const refresh = useRefreshAfterPayment();
  return useMutation({
    mutationFn: (paymentId: string) => call(paymentOperations.returnPayment, { params: { id: paymentId } }),
    onSuccess: () => refresh(invoiceId),
  });
}

/** GET /api/admin/settings/payments (admins). */
export function usePaymentSettings() {
  return useQuery(queryOptions(paymentOperations.getPaymentSettings));
}

/** PUT /api/admin/settings/payments: the answer replaces the cache. */
export function useSavePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentSettingsInput) => call(paymentOperations.savePaymentSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(paymentSettingsKey, settings),
  });
}

/** The lead's card on file (GET /api/admin/leads/{id}/card): its brand, last four and expiry, or null. */
export function useLeadCard(leadId: string) {
  return useQuery(queryOptions(paymentOperations.getLeadCard, { params: { id: leadId } }));
}

/** DELETE /api/admin/leads/{id}/card: the card is never charged again. */
export function useRemoveLeadCard(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(paymentOperations.removeLeadCard, { params: { id: leadId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadCardKey(leadId) }),
  });
}

/** POST /api/admin/payments/{id}/refund (admins): a card payment refunded in full or in part. */
export function useRefundPayment(invoiceId: string) {
  const refresh = useRefreshAfterPayment();
  return useMutation({
    mutationFn: ({ paymentId, body }: { paymentId: string; body: RefundInput }) =>
      call(paymentOperations.refundPayment, { params: { id: paymentId }, body }),
    onSuccess: () => refresh(invoiceId),
  });
}
