// Answers the CRM reads whose types are not named where they are used: inferred from the API's
// response schemas in @shine/shared (responses/), so the CRM and the API cannot disagree on a shape.
export type { ActivitySummary, StatsReport } from '@shine/shared/types';
