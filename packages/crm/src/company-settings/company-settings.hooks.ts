import type { CompanyDetailsSettings } from '@shine/shared/company-settings';
import { settingsOperations } from '@shine/shared/operations/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryOptions } from '../api/client.ts';

const companySettingsQuery = queryOptions(settingsOperations.getCompanySettings);

/** GET /api/admin/settings/company (admins). */
export function useCompanySettings() {
  return useQuery(companySettingsQuery);
}

/** PUT /api/admin/settings/company: the answer replaces the cache. */
export function useSaveCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: CompanyDetailsSettings) => call(settingsOperations.saveCompanySettings, { body: details }),
    onSuccess: (details) => queryClient.setQueryData(companySettingsQuery.queryKey, details),
  });
}
