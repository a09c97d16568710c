import type { AutomationCreate, AutomationUpdate } from '@shine/shared/automations';
import { MESSAGES } from '@shine/shared/messages';
import type { Automation } from '@shine/shared/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '../api/http.ts';
import { API } from '../api/paths.ts';
import { automationsKey } from '../api/query-keys.ts';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';

const itemPath = (id: string) => `${API.automations}/${encodeURIComponent(id)}`;

export function useAutomations() {
  return useQuery<Automation[]>({ queryKey: automationsKey });
}

export function useCreateAutomation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (automation: AutomationCreate) => apiJson<Automation>('POST', API.automations, automation),
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
      apiJson<Automation>('PATCH', itemPath(id), changes),
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
    mutationFn: (id: string) => apiRequest('DELETE', itemPath(id)),
    onSuccess: async () => {
      toast.success(MESSAGES.automation.deleted);
      await queryClient.invalidateQueries({ queryKey: automationsKey });
    },
    onError: (error) => toast.error(MESSAGES.automation.deleteFailed, errorText(error)),
  });
}
