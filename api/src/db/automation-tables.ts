// Row types of the automation engine's tables, merged into knex's table map. Kept beside
// tables.ts rather than in it so the two features' migrations and row types change independently.
import type { AutomationRunStatus, MessageChannel, MessageStatus } from '@shine/shared/automation-rules';
import type {
  AutomationTrigger,
  LeadStatus,
  PaymentEventTrigger,
  QuoteEventTrigger,
  VisitEventTrigger,
} from '@shine/shared/enums';
import type { LeadAlertStep } from '@shine/shared/speed-to-lead';

export interface AutomationRunRow {
  id: string;
  automation_id: string | null;
  automation_name: string;
  lead_id: string;
  trigger: AutomationTrigger;
  occurrence_key: string;
  /** jsonb: the rule's action when the run was created (a later edit does not change a queued run). */
  action: unknown;
  status: AutomationRunStatus;
  outcome: string | null;
  error: string | null;
  attempts: number;
  /** Releases after a hold (migration 20251126120000): each queues a job of its own. */
  holds: number;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

export interface AutomationMessageRow {
  id: string;
  lead_id: string;
  run_id: string | null;
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  /** The text; an e-mail's plain-text part. */
  body: string;
  /** An e-mail's HTML part, rendered with its text (migration 20251205090000); null for SMS. */
  html: string | null;
  status: MessageStatus;
  reason: string | null;
  attempts: number;
  created_at: Date;
  sent_at: Date | null;
  /** When the message was granted its send under the hourly budget (what the budget counts). */
  budget_at: Date | null;
  /** The recipient normalised for the per-recipient budget ("email:…", "sms:+1…"). */
  recipient_key: string | null;
  /** A held message: when the scan releases it to be tried again. */
  held_until: Date | null;
  /** A staff alert's message (speed to lead); null for a rule's. */
  alert_id: string | null;
}

/** Speed to lead (migration 20251130090000): one alert per lead and step, decided and sent once. */
export interface LeadAlertRow {
  id: string;
  lead_id: string;
  step: LeadAlertStep;
  /** The repeat request a `repeat` alert is about (one alert per request); null for the other steps. */
  request_id: string | null;
  status: 'queued' | 'running' | 'retrying' | 'sent' | 'not_sent' | 'failed' | 'folded';
  /** Who it went (or would have gone) to. */
  recipient_id: string | null;
  outcome: string | null;
  attempts: number;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
  /** Over the hourly budget: folded into a digest instead of sent on its own (migration 20251204090000). */
  folded_at: Date | null;
  /** The alert whose outbox messages carried the digest this one went out in. */
  digest_id: string | null;
}

/** The outbox of lead events (migration 20251124090000): written with the change, marked when handled. */
export interface LeadEventRow {
  id: string;
  lead_id: string;
  trigger:
    | Extract<AutomationTrigger, 'lead_created' | 'status_changed'>
    | QuoteEventTrigger
    | VisitEventTrigger
    | PaymentEventTrigger
    | 'invoice_created'
    | 'repeat_request'
    | ReactionEventTrigger;
  from_status: LeadStatus | null;
  /** repeat_request: the request kept on the lead; null otherwise. */
  request_id: string | null;
  to_status: LeadStatus | null;
  occurred_at: Date;
  handled_at: Date | null;
  /** What a reaction needs of the change (quote_sent, visit_booked, booking_changed, visits_cancelled). */
  payload: unknown;
}

/**
 * Events that exist for the reactions that tell the customer (api/src/reactions/), not for rules
 * (invoice_created is both: the reactions send its pay link, and rules may listen to it).
 */
export type ReactionEventTrigger =
  | 'quote_sent'
  | 'booking_changed'
  | 'visits_cancelled'
  | 'payment_recorded'
  | 'account_link_requested';

/** One reaction to one lead event (migration 20251210090000): its message goes out once. */
export interface ReactionDeliveryRow {
  id: string;
  event_id: string;
  reaction: string;
  lead_id: string;
  fold_key: string | null;
  /** What the deliveries folded into this one carried (their events' payloads), oldest first. */
  folded: unknown[];
  status: 'pending' | 'sent' | 'failed' | 'skipped' | 'folded';
  send_after: Date;
  message_id: string | null;
  conversation_message_id: string | null;
  reason: string | null;
  created_at: Date;
  settled_at: Date | null;
}

declare module 'knex/types/tables.js' {
  interface Tables {
    automation_runs: AutomationRunRow;
    automation_messages: AutomationMessageRow;
    lead_events: LeadEventRow;
    reaction_deliveries: ReactionDeliveryRow;
    lead_alerts: LeadAlertRow;
  }
}
