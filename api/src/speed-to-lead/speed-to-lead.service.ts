// What the automation engine asks of speed to lead: offer an alert when a lead comes in or asks again,
// find the alerts that fell due at the per-minute scan, and work one alert's job. The engine owns the
// job queue (pg-boss) and lends the message outbox (alert-context.ts); the alert itself is decided here.
import type { LeadAlertStep } from '@shine/shared/speed-to-lead';
import type { Knex } from 'knex';
import type { LeadEventRow } from '../db/automation-tables.ts';
import { markLeadEventHandled } from '../lead-events/index.ts';
import type { Logger } from '../logger.ts';
import type { AlertContext } from './alert-context.ts';
import { sendDueDigests } from './alert-digests.ts';
import { executeLeadAlert } from './execute-lead-alert.ts';
import { getSpeedToLeadSettings } from './speed-to-lead-settings.service.ts';
import {
  alertReached,
  claimAlert,
  finishAlert,
  insertAlertOnce,
  listStrandedAlertIds,
  markAlertRetrying,
} from './lead-alerts.queries.ts';
import { leadsOwedEscalation, leadsOwedOnDutyAlert } from './owed-alerts.ts';

/**
 * For My Day (docs/decisions.md, "My Day"): a correlated subquery that holds a row when an alert about
 * the lead whose id is `leadId` (SQL) reached `userId`, as the person on duty or the one standing in.
 */
export function leadAlertReached(db: Knex, userId: string): (leadId: string) => Knex.QueryBuilder {
  return alertReached(db, userId);
}

export interface SpeedToLeadOptions {
  /** Queues the job of an alert; its id is the alert's, so an alert offered twice is one job. */
  queueAlert: (alertId: string) => Promise<void>;
  /** Leads handled per scan; the next minute takes the rest. */
  scanBatch: number;
  logger: Logger;
}

export interface SpeedToLead {
  /** A new lead: its on-duty alert at once, when alerts are on (and were before the lead came in). */
  offerOnDutyAlert: (leadId: string) => Promise<void>;
  /** A repeat request kept on a lead: its alert to the lead's assignee, when alerts are on; then the event is handled. */
  offerRepeatAlert: (event: LeadEventRow) => Promise<void>;
  /**
   * The per-minute scan: escalations that fell due, on-duty alerts nobody offered, alerts whose job
   * was lost, and the digests of alerts folded over the hourly budget.
   */
  scanLeadAlerts: (at: Date) => Promise<void>;
  /** One attempt at an alert's job; throws when a retry may help. */
  workAlert: (alertId: string, isFinalAttempt: boolean) => Promise<void>;
}

export function createSpeedToLead(ctx: AlertContext, options: SpeedToLeadOptions): SpeedToLead {
  const { db } = ctx;
  const { queueAlert, scanBatch, logger } = options;

  async function offerAlert(leadId: string, step: LeadAlertStep, requestId: string | null = null): Promise<void> {
    const alert = await insertAlertOnce(db, leadId, step, requestId);
    if (alert) await queueAlert(alert.id);
  }

  return {
    async offerOnDutyAlert(leadId) {
      const { enabledAt } = await getSpeedToLeadSettings(db);
      if (!enabledAt) return;
      for (const id of await leadsOwedOnDutyAlert(db, enabledAt, ctx.now(), 1, leadId)) await offerAlert(id, 'on_duty');
    },

    async offerRepeatAlert(event) {
      const { enabledAt } = await getSpeedToLeadSettings(db);
      if (enabledAt && event.request_id) await offerAlert(event.lead_id, 'repeat', event.request_id);
      await markLeadEventHandled(db, event.id);
    },

    async scanLeadAlerts(at) {
      const { settings, enabledAt } = await getSpeedToLeadSettings(db);
      if (enabledAt) {
        for (const leadId of await leadsOwedOnDutyAlert(db, enabledAt, at, scanBatch))
          await offerAlert(leadId, 'on_duty');
        const systemUser = await ctx.systemUserId();
        for (const leadId of await leadsOwedEscalation(db, settings, enabledAt, at, systemUser, scanBatch))
          await offerAlert(leadId, 'escalation');
      }
      for (const { id } of await listStrandedAlertIds(db, new Date(Date.now() - 60_000))) await queueAlert(id);
      await sendDueDigests(ctx, at);
    },

    async workAlert(alertId, isFinalAttempt) {
      const alert = await claimAlert(db, alertId);
      if (!alert) return;
      try {
        await executeLeadAlert(ctx, alert, isFinalAttempt);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (isFinalAttempt) {
          await finishAlert(db, alert.id, 'failed', message, alert.recipient_id);
          logger.warn({ alertId: alert.id, err: error }, 'lead alert failed');
          return;
        }
        await markAlertRetrying(db, alert.id, message);
        throw error;
      }
    },
  };
}
