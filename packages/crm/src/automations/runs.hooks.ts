import type { AutomationPreviewInput, OutboxQuery } from '@shine/shared/automation-rules';
import { automationOperations } from '@shine/shared/operations/automations';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';

/** Runs and messages change without the CRM doing anything (the queue works on its own). */
const WHILE_OPEN_MS = 5_000;

export function useAutomationRuns(automationId: string | undefined) {
  return useQuery({
    ...queryOptions(automationOperations.listAutomationRuns, { params: { id: automationId ?? '' } }),
    enabled: Boolean(automationId),
    refetchInterval: WHILE_OPEN_MS,
  });
}

export function useLeadRuns(leadId: string) {
  return useQuery({
    ...queryOptions(automationOperations.listLeadRuns, { params: { id: leadId } }),
    refetchInterval: WHILE_OPEN_MS,
  });
}

export function useLeadOutbox(leadId: string) {
  return useQuery({
    ...queryOptions(automationOperations.listLeadOutbox, { params: { id: leadId } }),
    refetchInterval: WHILE_OPEN_MS,
  });
}

export function useOutbox(status: OutboxQuery['status']) {
  return useQuery({
    ...queryOptions(automationOperations.listOutbox, { query: { status } }),
    refetchInterval: WHILE_OPEN_MS,
  });
}

/** The dry run: sends nothing, changes nothing. */
export function usePreviewAutomation() {
  return useMutation({
    mutationFn: (rule: AutomationPreviewInput) => call(automationOperations.previewAutomation, { body: rule }),
  });
}
