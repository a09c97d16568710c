import type {
  AutomationPreview,
  AutomationPreviewInput,
  AutomationRun,
  OutboxMessage,
  OutboxQuery,
} from '@shine/shared/automation-rules';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiJson } from '../api/http.ts';
import { API } from '../api/paths.ts';

/** Runs and messages change without the CRM doing anything (the queue works on its own). */
const WHILE_OPEN_MS = 5_000;

export function useAutomationRuns(automationId: string | undefined) {
  return useQuery<AutomationRun[]>({
    queryKey: [API.automations, automationId ?? '', 'runs'],
    enabled: Boolean(automationId),
    refetchInterval: WHILE_OPEN_MS,
  });
}

export function useLeadRuns(leadId: string) {
  return useQuery<AutomationRun[]>({ queryKey: [API.leads, leadId, 'runs'], refetchInterval: WHILE_OPEN_MS });
}

export function useLeadOutbox(leadId: string) {
  return useQuery<OutboxMessage[]>({ queryKey: [API.leads, leadId, 'outbox'], refetchInterval: WHILE_OPEN_MS });
}

export function useOutbox(status: OutboxQuery['status']) {
  return useQuery<OutboxMessage[]>({ queryKey: [API.outbox, { status }], refetchInterval: WHILE_OPEN_MS });
}

/** The dry run: sends nothing, changes nothing. */
export function usePreviewAutomation() {
  return useMutation({
    mutationFn: (rule: AutomationPreviewInput) => apiJson<AutomationPreview>('POST', API.automationPreview, rule),
  });
}
