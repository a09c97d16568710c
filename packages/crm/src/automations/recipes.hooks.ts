import type { AutomationRecipeKey } from '@shine/shared/automation-recipes';
import { MESSAGES } from '@shine/shared/messages';
import { automationOperations } from '@shine/shared/operations/automations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryOptions, request } from '../api/client.ts';
import { automationsKey, templatesKey } from '../api/query-keys.ts';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';

export function useAutomationRecipes() {
  return useQuery(queryOptions(automationOperations.listAutomationRecipes));
}

/** One click: the server makes the rule inactive, once (a repeat or a colleague's click answers 200). */
export function useAddAutomationRecipe() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: async ({ key, restoreTemplate }: { key: AutomationRecipeKey; restoreTemplate: boolean }) => {
      const response = await request(automationOperations.addAutomationRecipe, {
        params: { key },
        body: restoreTemplate ? { restoreTemplate } : {},
      });
      return { created: response.status === 201 };
    },
    onSuccess: ({ created }) => {
      toast.success(created ? MESSAGES.automation.recipeAdded : MESSAGES.automation.recipeAlreadyAdded);
    },
    onError: (error) => toast.error(MESSAGES.automation.recipeFailed, errorText(error)),
    // Also after a failure: a 409 means the recipe or its template changed under us.
    onSettled: async (_result, _error, { restoreTemplate }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: automationsKey }),
        restoreTemplate ? queryClient.invalidateQueries({ queryKey: templatesKey }) : undefined,
      ]);
    },
  });
}
