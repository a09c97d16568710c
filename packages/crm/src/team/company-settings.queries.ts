import type { CompanyDetailsSettings } from '@shine/shared/company-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../api/http.ts';
import { API } from '../api/paths.ts';
import { companySettingsKey } from '../api/query-keys.ts';

/** GET /api/admin/settings/company (admins). */
export function useCompanySettings() {
  return useQuery<CompanyDetailsSettings>({ queryKey: companySettingsKey });
}

/** PUT /api/admin/settings/company: the answer replaces the cache. */
export function useSaveCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: CompanyDetailsSettings) =>
      apiJson<CompanyDetailsSettings>('PUT', API.companySettings, details),
    onSuccess: (details) => queryClient.setQueryData(companySettingsKey, details),
  });
}
