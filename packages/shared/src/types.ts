// API response shapes (camelCase JSON), inferred from the response schemas in responses/: one
// definition for the API, its tests, the CRM and the OpenAPI document. Timestamps are ISO 8601 strings.
import type { z } from 'zod';
import type { ActionType } from './enums.ts';
import type { attributionFieldsSchema, heldPayloadSchema, quoteFieldsSchema } from './responses/leads.ts';
import type { StatsReport } from './responses/reports.ts';

export type { SessionInfo, SessionUser } from './responses/auth.ts';
export type { Activity, ActivitySummary } from './responses/activities.ts';
export type { Automation } from './responses/automations.ts';
export type { ErrorBody } from './responses/common.ts';
export type {
  ExportResult,
  HeldSubmission,
  HeldSubmissionPage,
  Lead,
  LeadDetail,
  LeadListItem,
  LeadPage,
  LeadRequest,
} from './responses/leads.ts';
export type {
  AnalyticsReport,
  IntakeReport,
  Metrics,
  SpeedToLeadGroup,
  StatsReport,
} from './responses/reports.ts';
export type {
  Assignee,
  AssigneeList,
  AuditEntry,
  AuditEntryList,
  AuditPage,
  Person,
  SetupLink,
  TeamUser,
  TeamUserList,
  UserCreated,
} from './responses/team.ts';
export type { Template } from './responses/templates.ts';

/** What the quote form asks for (the notes aside): a lead, each of its requests, a held submission. */
export type QuoteFields = z.output<typeof quoteFieldsSchema>;
/** Visit attribution (utm_* parameters, referrer host, landing page) captured by the site. */
export type AttributionFields = z.output<typeof attributionFieldsSchema>;
/** What a held submission's visitor sent (the quote form's fields, fill time and attribution). */
export type HeldPayload = z.output<typeof heldPayloadSchema>;
/** The lead counts of GET /api/admin/stats without the value per status. */
export type Stats = Omit<StatsReport, 'revenueByStatus'>;

export type { ActionType };
