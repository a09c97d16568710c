// The business constants the domain itself uses: validation limits, lead defaults and the offer the
// automated messages quote. The site's copy (prices, policies, service area) is in
// site/src/content/business-facts.ts; UI timings live with the UI that uses them.

/** The first-clean offer: the code the automated messages and the site quote, and what it takes off. */
export const PROMO_CODE = 'WELCOME40';
export const PROMO_AMOUNT_DOLLARS = 40;

/** Lead defaults (docs/requirements.md#lead). */
export const DEFAULT_ESTIMATED_VALUE = 250;
export const DEFAULT_LEAD_STATUS = 'New';
export const DEFAULT_LEAD_PRIORITY = 'Medium';
export const DEFAULT_LEAD_SOURCE = 'Website Form';

export const MIN_PHONE_LENGTH = 5;
export const MIN_ZIP_LENGTH = 5;

/** Leads list paging (docs/requirements.md#lead-list). */
export const LEADS_PAGE_SIZE_DEFAULT = 50;
export const LEADS_PAGE_SIZE_MAX = 200;

/** Minimum length of a staff password set through the CLI or Settings. */
export const MIN_PASSWORD_LENGTH = 12;
