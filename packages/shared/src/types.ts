// API response shapes (camelCase JSON). Timestamps are ISO 8601 strings.
import type {
  ActionType,
  ActivityStatus,
  ActivityType,
  AutomationTrigger,
  LeadPriority,
  LeadStatus,
  TemplateType,
} from './enums.ts';
import type { Attribution, RejectionRule, SpamRule } from './intake.ts';
import type { Estimate } from './pricing.ts';

/** What the quote form asks for (the notes aside): a lead, each of its requests, a held submission. */
export interface QuoteFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  zipcode: string;
  bedrooms: string;
  bathrooms: string;
  cleaningType: string;
  frequency: string;
}

/** Visit attribution (utm_* parameters, referrer host, landing page) captured by the site. */
export interface AttributionFields {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrerHost: string | null;
  landingPage: string | null;
}

export interface Lead extends QuoteFields, AttributionFields {
  id: string;
  notes: string | null;
  status: LeadStatus;
  priority: LeadPriority;
  assignedTo: string | null;
  estimatedValue: number | null;
  source: string;
  tags: string[];
  lastContactedAt: string | null;
  nextFollowUpAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The quote estimate computed by the API when the request arrived (latest request on a repeat). */
  estimate: Estimate | null;
  /** Repeat requests merged into this lead ("Repeat request" in the CRM when > 0). */
  repeatCount: number;
  lastRepeatAt: string | null;
  /** When its latest quote request (first or repeat) arrived: the default list order, newest first. */
  lastRequestAt: string;
  /**
   * A repeat request whose name, e-mail or phone differ from the lead's ("Details differ" in the CRM),
   * until staff apply its details or keep the current ones; null when nothing differs.
   */
  detailsDifferRequestId: string | null;
  /** The Won or Lost lead of the same person that this new request follows. */
  previousLeadId: string | null;
  /** Speed-to-lead: the first staff activity, and the business minutes it took. */
  firstContactedAt: string | null;
  speedToLeadMinutes: number | null;
  /** When the lead becomes "not contacted in time" (15 business minutes after it arrived). */
  contactDueAt: string | null;
}

/** One quote request as the visitor sent it (lead_requests): the first one and every repeat. */
export interface LeadRequest extends QuoteFields, AttributionFields {
  id: string;
  receivedAt: string;
  notes: string | null;
  estimate: Estimate | null;
  /** The campaign's source, or the default (Website Form), as for a new lead. */
  source: string;
  /** The spam rule that held it before staff released it, or null when it came straight in. */
  releasedFromRule: SpamRule | null;
}

/** GET /api/admin/leads/{id} (and the answers of the calls that change one lead). */
export interface LeadDetail extends Lead {
  /** Every quote request of the lead, oldest first. */
  requests: LeadRequest[];
}

/** What a held submission's visitor sent (the quote form's fields, fill time and attribution). */
export interface HeldPayload extends QuoteFields {
  notes?: string;
  website?: string;
  elapsedMs?: number;
  attribution?: Attribution;
}

/** A quote request a spam rule held for review instead of making it a lead. */
export interface HeldSubmission {
  id: string;
  receivedAt: string;
  rule: SpamRule;
  /** What tripped the rule, in words. */
  reason: string;
  payload: HeldPayload;
  clientIp: string | null;
  userAgent: string | null;
}

/** GET /api/admin/held-submissions: newest first. */
export interface HeldSubmissionPage {
  items: HeldSubmission[];
  total: number;
  page: number;
  pageSize: number;
}

export interface LeadPage {
  items: Lead[];
  total: number;
  page: number;
  pageSize: number;
}

export interface Activity {
  id: string;
  leadId: string;
  userId: string;
  type: ActivityType;
  subject: string;
  description: string | null;
  status: ActivityStatus;
  scheduledAt: string | null;
  completedAt: string | null;
  createdAt: string;
}

export interface Automation {
  id: string;
  name: string;
  description: string | null;
  trigger: AutomationTrigger;
  conditions: string;
  actions: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface Template {
  id: string;
  name: string;
  type: TemplateType;
  subject: string | null;
  content: string;
  variables: string[];
  isActive: boolean;
  createdAt: string;
}

export interface Stats {
  total: number;
  byStatus: Record<LeadStatus, number>;
  byPriority: Record<LeadPriority, number>;
  bySource: Record<string, number>;
  potentialRevenue: number;
}

export interface Metrics {
  /** Leads created today (business date): new people. */
  leadsToday: number;
  /** Quote requests received today (business date), first and repeat: what arrived. */
  requestsToday: number;
  conversionRate: number;
  averageDealValue: number;
  pendingTasks: number;
  overdueFollowUps: number;
  /** Pending tasks past their due time (scheduledAt), e.g. an automation's follow-up reminder. */
  overdueTasks: number;
}

/** Median business minutes to first staff activity of leads created in the last 30 days. */
export interface SpeedToLeadGroup {
  source: string;
  medianMinutes: number | null;
  /** Leads created in the window that have been contacted (what the median is over). */
  contacted: number;
}

/** GET /api/admin/intake: speed-to-lead, leads waiting for contact, rejected submissions. */
export interface IntakeReport {
  windowDays: number;
  speedToLead: SpeedToLeadGroup & { bySource: SpeedToLeadGroup[] };
  /** Open leads past their contact due time without a staff activity. */
  awaitingContact: number;
  /** Submissions caught by each rule in the window (held for review, or refused by the rate limit). */
  rejections: { total: number; byRule: Record<RejectionRule, number> };
  /** Held submissions waiting for review now (any age within the retention), by rule. */
  held: { waiting: number; byRule: Record<SpamRule, number> };
}

export interface SessionUser {
  id: string;
  username: string;
}

export interface SessionInfo {
  isAuthenticated: boolean;
  user?: SessionUser;
}

export interface ExportResult {
  content: string;
  format: 'csv' | 'json';
  count: number;
}

export type { ActionType };
