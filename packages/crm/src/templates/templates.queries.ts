import { MESSAGES } from '@shine/shared/messages';
import type { TemplatePreviewResult } from '@shine/shared/responses/templates';
import type { TemplateCreate, TemplatePreviewInput, TemplateUpdate } from '@shine/shared/templates';
import type { Template } from '@shine/shared/types';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '../api/http.ts';
import { API } from '../api/paths.ts';
import { automationRecipesKey, templatesKey } from '../api/query-keys.ts';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';

const itemPath = (id: string) => `${API.templates}/${encodeURIComponent(id)}`;

export function useTemplates() {
  return useQuery<Template[]>({ queryKey: templatesKey });
}

/**
 * The e-mail as the server renders it (the same renderer that sends it); undefined input: nothing to
 * show yet. The last preview stays on screen while the next one renders.
 */
export function useTemplatePreview(input: TemplatePreviewInput | undefined) {
  return useQuery<TemplatePreviewResult>({
    queryKey: [API.templatePreview, input],
    queryFn: () => apiJson<TemplatePreviewResult>('POST', API.templatePreview, input),
    enabled: input !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 60_000,
  });
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (template: TemplateCreate) => apiJson<Template>('POST', API.templates, template),
    onSuccess: async () => {
      toast.success(MESSAGES.template.created);
      await queryClient.invalidateQueries({ queryKey: templatesKey });
    },
    onError: (error) => toast.error(MESSAGES.template.createFailed, errorText(error)),
  });
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: TemplateUpdate }) =>
      apiJson<Template>('PATCH', itemPath(id), changes),
    onSuccess: async () => {
      toast.success(MESSAGES.template.updated);
      await queryClient.invalidateQueries({ queryKey: templatesKey });
    },
    onError: (error) => toast.error(MESSAGES.template.updateFailed, errorText(error)),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', itemPath(id)),
    onSuccess: async () => {
      toast.success(MESSAGES.template.deleted);
      // A recipe whose starter template this was now offers to recreate it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: templatesKey }),
        queryClient.invalidateQueries({ queryKey: automationRecipesKey }),
      ]);
    },
    onError: (error) => toast.error(MESSAGES.template.deleteFailed, errorText(error)),
  });
}
