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
import type { RejectionRule } from './intake.ts';
import type { Estimate } from './pricing.ts';

export interface Lead {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  zipcode: string;
  bedrooms: string;
  bathrooms: string;
  cleaningType: string;
  frequency: string;
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
  /** Visit attribution (utm_* parameters, referrer host, landing page) captured by the site. */
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrerHost: string | null;
  landingPage: string | null;
  /** Repeat requests merged into this lead ("Repeat request" in the CRM when > 0). */
  repeatCount: number;
  lastRepeatAt: string | null;
  /** The Won or Lost lead of the same person that this new request follows. */
  previousLeadId: string | null;
  /** Speed-to-lead: the first staff activity, and the business minutes it took. */
  firstContactedAt: string | null;
  speedToLeadMinutes: number | null;
  /** When the lead becomes "not contacted in time" (15 business minutes after it arrived). */
  contactDueAt: string | null;
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
  leadsToday: number;
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
  rejections: { total: number; byRule: Record<RejectionRule, number> };
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

export interface ApiErrorBody {
  message: string;
  issues?: Array<{ path: string; message: string }>;
}

export type { ActionType };
