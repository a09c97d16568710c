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
