import { resolveCompany } from '@shine/shared/company';

/** Company details for this build: the shared defaults with PUBLIC_COMPANY_* / PUBLIC_SITE_URL overrides. */
export const company = resolveCompany(import.meta.env);
