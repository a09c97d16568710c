import { MESSAGES } from '@shine/shared/messages';
import { automationOperations } from '@shine/shared/operations/automations';
import type { TemplateCreate, TemplatePreviewInput, TemplateUpdate } from '@shine/shared/templates';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeyOf, queryOptions } from '../api/client.ts';
import { automationRecipesKey, templatesKey } from '../api/query-keys.ts';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';

export function useTemplates() {
  return useQuery(queryOptions(automationOperations.listTemplates));
}

/**
 * The e-mail as the server renders it (the same renderer that sends it); undefined input: nothing to
 * show yet. The last preview stays on screen while the next one renders.
 */
export function useTemplatePreview(input: TemplatePreviewInput | undefined) {
  const preview = { body: input as TemplatePreviewInput };
  return useQuery({
    // The body is the query: a POST because a template can be longer than a URL.
    queryKey: [...queryKeyOf(automationOperations.previewTemplate, preview), input],
    queryFn: () => call(automationOperations.previewTemplate, preview),
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
    mutationFn: (template: TemplateCreate) => call(automationOperations.createTemplate, { body: template }),
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
      call(automationOperations.updateTemplate, { params: { id }, body: changes }),
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
    mutationFn: (id: string) => call(automationOperations.deleteTemplate, { params: { id } }),
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
