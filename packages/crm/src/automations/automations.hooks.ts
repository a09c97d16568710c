import type { AutomationCreate, AutomationUpdate } from '@shine/shared/automations';
import { MESSAGES } from '@shine/shared/messages';
import { automationOperations } from '@shine/shared/operations/automations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';
import { automationsKey } from '../api/query-keys.ts';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';

export function useAutomations() {
  return useQuery(queryOptions(automationOperations.listAutomations));
}

export function useCreateAutomation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (automation: AutomationCreate) => call(automationOperations.createAutomation, { body: automation }),
    onSuccess: async () => {
      toast.success(MESSAGES.automation.created);
      await queryClient.invalidateQueries({ queryKey: automationsKey });
    },
    onError: (error) => toast.error(MESSAGES.automation.createFailed, errorText(error)),
  });
}

/** PATCH with the same fields, or only isActive (the toggle, with its own success message). */
export function useUpdateAutomation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: AutomationUpdate }) =>
      call(automationOperations.updateAutomation, { params: { id }, body: changes }),
    onSuccess: async (_automation, { changes }) => {
      const onlyToggle = Object.keys(changes).length === 1 && 'isActive' in changes;
      toast.success(onlyToggle ? MESSAGES.automation.statusUpdated : MESSAGES.automation.updated);
      await queryClient.invalidateQueries({ queryKey: automationsKey });
    },
    onError: (error) => toast.error(MESSAGES.automation.updateFailed, errorText(error)),
  });
}

export function useDeleteAutomation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => call(automationOperations.deleteAutomation, { params: { id } }),
    onSuccess: async () => {
      toast.success(MESSAGES.automation.deleted);
      await queryClient.invalidateQueries({ queryKey: automationsKey });
    },
    onError: (error) => toast.error(MESSAGES.automation.deleteFailed, errorText(error)),
  });
}
