// Row types of every table, declared once for knex's typed query builder (snake_case columns).
// (knex/types/tables with the .js extension that NodeNext resolution needs for a CommonJS package.)
import type {
  ActivityStatus,
  ActivityType,
  AutomationTrigger,
  CallOutcome,
  LeadPriority,
  LeadStatus,
  TemplateType,
} from '@shine/shared/enums';
import type { SpamRule } from '@shine/shared/intake';

export type UserRole = 'admin' | 'sales';

export interface UserRow {
  id: string;
  /** The sign-in e-mail address (matched case-insensitively). */
  username: string;
  /** Null until the user chooses a password through their set-up link: such a user cannot sign in. */
  password_hash: string | null;
  name: string;
  role: UserRole;
  phone: string | null;
  disabled_at: Date | null;
  away: boolean;
  away_until: Date | null;
  /** Round robin skips a user holding this many open leads; null: no cap. */
  max_open_leads: number | null;
  /** A device cookie issued before this instant is no longer a known device (auth/known-devices.middleware.ts). */
  devices_revoked_at: Date | null;
  /** When round robin last gave this user a lead. */
  last_assigned_at: Date | null;
  /** New-lead alert settings (NewLeadAlertSettings); `{}` until the user saves theirs. */
  alert_settings: unknown;
  created_at: Date;
  updated_at: Date;
}

export interface UserSetupTokenRow {
  id: string;
  user_id: string;
  /** SHA-256 (hex) of the token; the token itself is only ever in the link. */
  token_hash: string;
  created_by: string | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface AssignmentRotationRow {
  key: string;
  last_user_id: string | null;
  turns: string | number;
  updated_at: Date;
}

export type AuditEntity = 'lead' | 'user' | 'automation' | 'template' | 'settings' | 'export';

/** Append-only (a trigger refuses UPDATE and DELETE). */
export interface AuditLogRow {
  id: string | number;
  at: Date;
  /** Null: the automation engine or the command line. */
  actor_id: string | null;
  entity: AuditEntity;
  entity_id: string | null;
  /** The lead the change belongs to, for its timeline (a lead change, an activity, an assignment). */
  lead_id: string | null;
  action: string;
  before: unknown;
  after: unknown;
}

/** The columns of what a visitor sends with the quote form: a lead's and each of its requests'. */
export interface QuoteColumns {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  zipcode: string;
  bedrooms: string;
  bathrooms: string;
  cleaning_type: string;
  frequency: string;
  notes: string | null;
  source: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  referrer_host: string | null;
  landing_page: string | null;
}

export interface LeadRow extends QuoteColumns {
  id: string;
  status: LeadStatus;
  priority: LeadPriority;
  assigned_to: string | null;
  /** numeric(10,2): both drivers return it as a string. */
  estimated_value: string | null;
  tags: string[];
  last_contacted_at: Date | null;
  next_follow_up_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** jsonb: the Estimate (packages/shared/src/pricing.ts) computed when the request arrived. */
  estimate_breakdown: unknown;
  repeat_count: number;
  last_repeat_at: Date | null;
  previous_lead_id: string | null;
  first_contacted_at: Date | null;
  speed_to_lead_minutes: number | null;
  contact_due_at: Date | null;
  last_request_at: Date;
  details_differ_request_id: string | null;
  /** SMS consent from the quote form, and the wording shown (migration 20251202090100). */
  sms_consent_at: Date | null;
  sms_consent_text: string | null;
  /** The number answered STOP (START clears it). */
  sms_opted_out_at: Date | null;
  email_unsubscribed_at: Date | null;
  /** Why a Lost lead was lost, and the note with it (migration 20251205120000); null otherwise. */
  lost_reason?: string | null;
  lost_note?: string | null;
  /** A pseudonymous key of the client address of the quote that made the lead (staff alert budget). */
  client_key: string | null;
  /** Generated: the phone's digits, for search. */
  phone_digits?: string;
  /** Where the crew cleans (migration 20261203100000): line1, city and zip all set, or all null. */
  service_line1?: string | null;
  service_line2?: string | null;
  service_city?: string | null;
  service_zip?: string | null;
}

/** One quote request as sent (migration 20251125090000): a lead's first and each repeat. */
export interface LeadRequestRow extends QuoteColumns {
  id: string;
  lead_id: string;
  received_at: Date;
  /** jsonb: the Estimate computed when it arrived. */
  estimate: unknown;
  released_from_rule: SpamRule | null;
  /** When this request agreed to texts, and the wording it was shown (null: it did not). */
  sms_consent_at: Date | null;
  sms_consent_text: string | null;
}

/** Two leads of different people who gave the same phone (migration 20251204095000): one row per direction. */
export interface SamePhoneLinkRow {
  lead_id: string;
  other_lead_id: string;
  created_at: Date;
}

/** A quote request a spam rule held for review (migration 20251125090000). */
export interface HeldSubmissionRow {
  id: string;
  received_at: Date;
  rule: SpamRule;
  reason: string;
  /** jsonb: the validated QuoteRequestIntake as the visitor sent it. */
  payload: unknown;
  client_ip: string | null;
  user_agent: string | null;
}

export interface ActivityRow {
  id: string;
  lead_id: string;
  user_id: string;
  type: ActivityType;
  subject: string;
  description: string | null;
  status: ActivityStatus;
  outcome: CallOutcome | null;
  scheduled_at: Date | null;
  completed_at: Date | null;
  created_at: Date;
}

export interface AutomationRow {
  id: string;
  name: string;
  description: string | null;
  trigger: AutomationTrigger;
  /** jsonb: read back as parsed JSON. */
  conditions: unknown;
  actions: unknown;
  is_active: boolean;
  /** The recipe it was made from (automation-recipes.ts); unique, so a recipe is added once. */
  recipe_key: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface TemplateRow {
  id: string;
  name: string;
  type: TemplateType;
  subject: string | null;
  content: string;
  /** jsonb array of placeholder names. */
  variables: unknown;
  is_active: boolean;
  /** The starter it was made from (starter-templates.ts); unique. */
  starter_key: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface SessionRow {
  sid: string;
  sess: unknown;
  expired: Date;
}

export interface RateLimitRow {
  key: string;
  hits: number;
  reset_at: Date;
}

/** A sign-in bucket's failures (auth/login-throttle.ts). */
export interface LoginAttemptRow {
  key: string;
  failures: number;
  blocked_until: Date;
  forget_at: Date;
}

export interface AppSecretRow {
  name: string;
  value: string;
  created_at: Date;
}

export interface IntakeRejectionRow {
  /** The business date (BUSINESS_TIMEZONE) of the rejection. */
  day: string;
  rule: string;
  count: number;
}

export interface DataVersionRow {
  name: string;
  version: string | number;
}

declare module 'knex/types/tables.js' {
  interface Tables {
    users: UserRow;
    user_setup_tokens: UserSetupTokenRow;
    assignment_rotation: AssignmentRotationRow;
    audit_log: AuditLogRow;
    leads: LeadRow;
    activities: ActivityRow;
    automations: AutomationRow;
    templates: TemplateRow;
    sessions: SessionRow;
    rate_limits: RateLimitRow;
    login_attempts: LoginAttemptRow;
    app_secrets: AppSecretRow;
    data_versions: DataVersionRow;
    intake_rejections: IntakeRejectionRow;
    lead_requests: LeadRequestRow;
    held_submissions: HeldSubmissionRow;
    same_phone_links: SamePhoneLinkRow;
  }
}
