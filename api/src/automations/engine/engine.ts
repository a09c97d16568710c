// The automation engine: lead events and a per-minute scan become runs (one per rule, lead and
// occurrence, see runs.queries insertRunOnce), and runs become jobs on the PostgreSQL-backed queue,
// which any API process may work on. Lead events are rows of the outbox table lead_events, written
// with the change itself (lead-events/lead-events.service.ts); after the commit the engine hears of
// each (handleLeadEvent, wired by server.ts) and marks it handled once its runs exist. Three queues:
//   automation-event  a lead was created / changed status: match the rules, create runs
//   automation-scan   every minute (pg-boss cron, one job per minute for all processes): time
//                     triggers, and outbox events nobody handled (their report was lost)
//   automation-run    one run: deliver / create the task / change the status; retried with back-off
//   lead-alert        one speed-to-lead alert (lead-alerts.ts): the person on duty of a new lead, the
//                     escalation contact of an unanswered one, or the assignee of a lead its person
//                     asked again for (a repeat_request event); offered at once for a new lead or a
//                     repeat, and by the scan for escalations that fell due and alerts nobody offered
// A message over the hourly send budget holds its run (execute-run.ts); the scan queues it again once
// the hour allows, as a new job (jobIdOf).
import { createHash } from 'node:crypto';
import { automationConditionsSchema } from '@shine/shared/automations';
import { matchesConditions } from '@shine/shared/automation-rules';
import { type AutomationTrigger, TIME_TRIGGERS } from '@shine/shared/enums';
import type { Knex } from 'knex';
import type { Job, PgBoss } from 'pg-boss';
import { findOrCreateSystemUserId } from '../../auth/system-user.service.ts';
import type { AutomationsConfig } from '../../config.ts';
import type { DatabaseDriver } from '../../db/database.ts';
import type { LeadEventRow } from '../../db/automation-tables.ts';
import type { AutomationRow } from '../../db/tables.ts';
import {
  findLeadEvent,
  type LeadEventListener,
  listUnhandledLeadEvents,
  listUnhandledRepeatRequests,
  markLeadEventHandled,
  markLeadEventsHandledUnless,
} from '../../lead-events/lead-events.service.ts';
import { listLeadCandidates } from '../../leads/lead-candidates.service.ts';
import { findLead } from '../../leads/leads.service.ts';
import { openSentQuotes } from '../../quotes/quotes.service.ts';
import { isFirstCompletedVisit, upcomingVisits } from '../../scheduling/scheduling.service.ts';
import type { Logger } from '../../logger.ts';
import { hasActiveAutomation, listActiveAutomationRows, ruleInForce } from '../automations.queries.ts';
import {
  claimAlert,
  finishAlert,
  insertAlertOnce,
  listStrandedAlertIds,
  markAlertRetrying,
} from '../lead-alerts.queries.ts';
import { getLeadAlertSettings } from '../../settings/settings.service.ts';
import type { LeadAlertStep } from '@shine/shared/lead-alerts';
import { createTransports, type Transports } from '../delivery/transports.ts';
import type { ReplyAddressOf } from './automated-email.ts';
import {
  claimRun,
  finishRun,
  insertRunOnce,
  listStrandedRunIds,
  markRunRetrying,
  releaseHeldRuns,
  runOfOccurrence,
} from '../runs.queries.ts';
import { executeRun, PermanentRunError } from './execute-run.ts';
import {
  type AlertContext,
  executeLeadAlert,
  leadsOwedEscalation,
  leadsOwedOnDutyAlert,
  sendDueDigests,
} from './lead-alerts.ts';
import { createQueue } from './queue.ts';

const EVENT_QUEUE = 'automation-event';
const SCAN_QUEUE = 'automation-scan';
const RUN_QUEUE = 'automation-run';
const ALERT_QUEUE = 'lead-alert';
/** A run job not finished in this time is taken to be lost with its process and tried again. */
const RUN_EXPIRE_SECONDS = 300;
/**
 * A job's process refreshes its heartbeat while it works on it; one silent this long died (SIGKILL,
 * power, OOM) and its job is handed to another process at the supervisor's next pass, instead of
 * waiting out RUN_EXPIRE_SECONDS. (pg-boss's minimum.)
 */
const HEARTBEAT_SECONDS = 10;
/** Leads handled per rule and scan; the next minute takes the rest. */
const SCAN_BATCH = 500;
/** lead_created happens once per lead: its one occurrence. */
const CREATED_OCCURRENCE = 'created';
/** A `firstVisit` rule's one occurrence per lead: however many visits follow, it runs once. */
const FIRST_VISIT_OCCURRENCE = 'first-visit';
/** How far back the scan looks for outbox events nobody handled (a rule's message a day late is news no more). */
export const UNHANDLED_EVENT_WINDOW_MS = 24 * 3_600_000;

/**
 * The job id of a run: the run's id, and after the n-th release from a hold a uuid derived from the
 * id and n. Deterministic, so queueing the same release twice (the scan and a stranded-run retry)
 * is still one job — the queue ignores a job id it already has — and a finished job's id is never
 * reused for a later release.
 */
export function jobIdOf(runId: string, holds: number): string {
  if (holds === 0) return runId;
  const hex = createHash('sha256').update(`${runId}#${holds}`).digest('hex');
  // Shaped as an RFC 9562 uuid (version 8, "custom"; variant bits 10), which the queue's uuid column accepts.
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The job of the event queue: an outbox row (lead_events) to hand to the rules. */
interface EventJob {
  eventId: string;
}

/**
 * Every status change is an occurrence of its own; lead_created happens once per lead; a quote's
 * event is written once per quote (its first opening, its answer), so the event is the occurrence.
 */
function occurrenceKeyOf(event: LeadEventRow): string {
  if (event.trigger === 'lead_created') return CREATED_OCCURRENCE;
  if (event.trigger === 'status_changed') return `${event.from_status}→${event.to_status}#${event.id}`;
  return `${event.trigger}#${event.id}`;
}

export interface AutomationEngineOptions {
  db: Knex;
  driver: DatabaseDriver;
  config: AutomationsConfig;
  logger: Logger;
  now: () => Date;
  /** Run the per-minute scan on a cron schedule (off in tests, which call scanTimeTriggers). */
  schedule?: boolean;
  /** Instead of the transports the configuration describes (tests point them at local servers). */
  transports?: Transports;
  /** Where the CRM is (PUBLIC_ORIGIN): the link in a staff alert, the unsubscribe link of e-mail to leads. */
  publicOrigin: string;
  /** The reply address of a lead's e-mail (server.ts hands in the mailbox's; none: no Reply-To). */
  replyAddressOf?: ReplyAddressOf;
  /** BUSINESS_TIMEZONE: the visit's time in a message. */
  timeZone?: string;
}

export interface AutomationEngine {
  /** Hears of a committed lead event (server.ts: listenToLeadEvents); never throws, never waits. */
  handleLeadEvent: LeadEventListener;
  start: () => Promise<void>;
  /** Stops taking jobs and waits (a few seconds at most) for the ones in progress. */
  stop: () => Promise<void>;
  /** Creates and queues the runs the time-based triggers owe as of now(); answers how many. */
  scanTimeTriggers: () => Promise<number>;
  /**
   * Whether nothing is under way: no lead event being queued, no job waiting, retrying or running.
   * What a test waits for before it asserts that something did not happen.
   */
  isIdle: () => Promise<boolean>;
}

function parseConditions(rule: AutomationRow) {
  const parsed = automationConditionsSchema.safeParse(rule.conditions ?? {});
  return parsed.success ? parsed.data : undefined;
}

export function createAutomationEngine(options: AutomationEngineOptions): AutomationEngine {
  const { db, config, logger, now } = options;
  const schedule = options.schedule ?? true;
  const boss: PgBoss = createQueue({
    db,
    driver: options.driver,
    schema: config.queueSchema,
    supervise: schedule,
    monitorSeconds: config.monitorSeconds,
  });
  const transports = options.transports ?? createTransports(config);
  boss.on('error', (err) => logger.error({ err }, 'automation queue error'));

  let systemUserId: Promise<string> | undefined;
  const context: AlertContext = {
    publicOrigin: options.publicOrigin,
    ...(options.replyAddressOf ? { replyAddressOf: options.replyAddressOf } : {}),
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    db,
    transports,
    budget: { total: config.sendsPerHour, perRecipient: config.sendsPerRecipientPerHour },
    now,
    systemUserId: () => {
      systemUserId ??= findOrCreateSystemUserId(db).catch((error: unknown) => {
        systemUserId = undefined;
        throw error;
      });
      return systemUserId;
    },
  };

  /**
   * A run's job has the run's id (and a release from a hold an id of its own, see jobIdOf), so a run
   * is queued at most once per release however often it is offered.
   */
  async function queueRun(runId: string, holds = 0): Promise<void> {
    await boss.send(RUN_QUEUE, { runId }, { id: jobIdOf(runId, holds), heartbeatSeconds: HEARTBEAT_SECONDS });
  }

  async function createRun(rule: AutomationRow, leadId: string, trigger: AutomationTrigger, occurrenceKey: string) {
    const run = await insertRunOnce(db, {
      automationId: rule.id,
      automationName: rule.name,
      leadId,
      trigger,
      occurrenceKey,
      action: rule.actions,
    });
    if (run) await queueRun(run.id);
    return run !== undefined;
  }

  /**
   * Hands one outbox event to the rules that were in force when it happened (a rule created, edited
   * or switched on later does not reach back), then marks it handled. Safe to repeat: runs are
   * unique per rule, lead and occurrence. Answers how many runs it created.
   */
  async function handleEvent(event: LeadEventRow): Promise<number> {
    if (event.trigger === 'repeat_request') {
      await offerRepeatAlert(event);
      return 0;
    }
    let created = 0;
    const rules = (await listActiveAutomationRows(db, event.trigger)).filter(
      (rule) => rule.updated_at.getTime() <= event.occurred_at.getTime(),
    );
    const lead = rules.length > 0 ? await findLead(db, event.lead_id) : undefined;
    if (lead) {
      const change =
        event.trigger === 'status_changed' && event.from_status && event.to_status
          ? { from: event.from_status, to: event.to_status }
          : undefined;
      for (const rule of rules) {
        const conditions = parseConditions(rule);
        if (!conditions || !matchesConditions(conditions, lead, change)) continue;
        let occurrenceKey = occurrenceKeyOf(event);
        if (conditions.firstVisit) {
          // A completed visit after an earlier one is not the first (a rule switched on mid-series
          // does not ask a long-standing customer); the fixed occurrence makes it once per lead.
          if (event.trigger !== 'visit_completed' || !(await isFirstCompletedVisit(db, lead.id))) continue;
          occurrenceKey = FIRST_VISIT_OCCURRENCE;
        }
        if (await createRun(rule, lead.id, event.trigger, occurrenceKey)) created += 1;
      }
    }
    await markLeadEventHandled(db, event.id);
    return created;
  }

  async function handleEventJob({ eventId }: EventJob): Promise<void> {
    const event = eventId ? await findLeadEvent(db, eventId) : undefined;
    if (event && !event.handled_at) await handleEvent(event);
  }

  async function scanTimeTriggers(): Promise<number> {
    const at = now();
    let created = 0;
    for (const trigger of TIME_TRIGGERS) {
      for (const rule of await listActiveAutomationRows(db, trigger)) {
        const conditions = parseConditions(rule);
        // `firstVisit` describes a completed visit: on a time trigger it matches nothing.
        if (!conditions || conditions.firstVisit) continue;
        const selection = {
          trigger,
          conditions,
          now: at,
          exclude: runOfOccurrence(db, rule.id),
          openQuotes: trigger === 'quote_not_answered' ? openSentQuotes(db, at) : undefined,
          upcomingVisits: trigger === 'visit_upcoming' ? upcomingVisits(db, at) : undefined,
        };
        for (const { lead, occurrenceKey } of await listLeadCandidates(db, selection, SCAN_BATCH)) {
          if (await createRun(rule, lead.id, trigger, occurrenceKey)) created += 1;
        }
      }
    }
    // Outbox events whose report was lost (the process stopped after the commit, or the queue failed).
    const since = new Date(at.getTime() - UNHANDLED_EVENT_WINDOW_MS);
    // Repeat requests first: no rule listens to them, so the next statement would mark them handled.
    for (const event of await listUnhandledRepeatRequests(db, since, SCAN_BATCH)) await offerRepeatAlert(event);
    // Those no rule was in force for (reported while no rule listened, so never queued) are marked
    // handled: no rule can apply to them any more, since a rule saved from now on is younger.
    for (const event of await listUnhandledLeadEvents(db, since, SCAN_BATCH, ruleInForce(db))) {
      created += await handleEvent(event);
    }
    await markLeadEventsHandledUnless(db, since, ruleInForce(db));
    // Held messages whose hour has passed: their runs are queued again (and held again if the budget
    // is still spent).
    for (const { id, holds } of await releaseHeldRuns(db, at, SCAN_BATCH)) await queueRun(id, holds);
    // A run whose job was never queued (its process stopped between the two statements) is queued now.
    for (const { id, holds } of await listStrandedRunIds(db, new Date(Date.now() - 60_000))) await queueRun(id, holds);
    await scanLeadAlerts(at);
    return created;
  }

  /** An alert's job has the alert's id: one job per alert however often it is offered. */
  async function offerAlert(leadId: string, step: LeadAlertStep, requestId: string | null = null): Promise<void> {
    const alert = await insertAlertOnce(db, leadId, step, requestId);
    if (alert) await queueAlert(alert.id);
  }

  async function queueAlert(id: string): Promise<void> {
    await boss.send(ALERT_QUEUE, { alertId: id }, { id, heartbeatSeconds: HEARTBEAT_SECONDS });
  }

  /**
   * Speed to lead: escalations that fell due, on-duty alerts nobody offered, alerts whose job was lost,
   * and the digests of alerts folded over the hourly budget.
   */
  async function scanLeadAlerts(at: Date): Promise<void> {
    const { settings, enabledAt } = await getLeadAlertSettings(db);
    if (enabledAt) {
      for (const leadId of await leadsOwedOnDutyAlert(db, enabledAt, at, SCAN_BATCH))
        await offerAlert(leadId, 'on_duty');
      const systemUser = await context.systemUserId();
      for (const leadId of await leadsOwedEscalation(db, settings, enabledAt, at, systemUser, SCAN_BATCH))
        await offerAlert(leadId, 'escalation');
    }
    for (const { id } of await listStrandedAlertIds(db, new Date(Date.now() - 60_000))) await queueAlert(id);
    await sendDueDigests(context, at);
  }

  /** A new lead: its on-duty alert at once, when alerts are on (and were before the lead came in). */
  async function offerOnDutyAlert(leadId: string): Promise<void> {
    const { enabledAt } = await getLeadAlertSettings(db);
    if (!enabledAt) return;
    for (const id of await leadsOwedOnDutyAlert(db, enabledAt, now(), 1, leadId)) await offerAlert(id, 'on_duty');
  }

  /** A repeat request kept on a lead: its alert to the lead's assignee, when alerts are on; then the event is handled. */
  async function offerRepeatAlert(event: LeadEventRow): Promise<void> {
    const { enabledAt } = await getLeadAlertSettings(db);
    if (enabledAt && event.request_id) await offerAlert(event.lead_id, 'repeat', event.request_id);
    await markLeadEventHandled(db, event.id);
  }

  async function handleRepeatEvent(eventId: string): Promise<void> {
    const event = await findLeadEvent(db, eventId);
    if (event && !event.handled_at) await offerRepeatAlert(event);
  }

  async function handleAlert(job: Job<{ alertId: string }>): Promise<void> {
    const alert = await claimAlert(db, job.data.alertId);
    if (!alert) return;
    const isFinalAttempt = job.retryCount >= config.retryLimit;
    try {
      await executeLeadAlert(context, alert, isFinalAttempt);
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
  }

  async function handleRun(job: Job<{ runId: string }>): Promise<void> {
    const run = await claimRun(db, job.data.runId);
    if (!run) return;
    const isFinalAttempt = job.retryCount >= config.retryLimit;
    try {
      await executeRun(context, run, isFinalAttempt);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof PermanentRunError || isFinalAttempt) {
        await finishRun(db, run.id, 'failed', { error: message });
        logger.warn({ runId: run.id, err: error }, 'automation run failed');
        return;
      }
      await markRunRetrying(db, run.id, message);
      throw error;
    }
  }

  // Events being queued right now (isIdle waits for them).
  const queueing = new Set<Promise<unknown>>();
  // No rule listens: nothing to queue (a durable job is several writes per lead). The event stays
  // unhandled in the outbox; a rule saved later is younger than the event and never applies to it.
  const handleLeadEvent: LeadEventListener = ({ id: eventId, trigger, leadId }) => {
    if (trigger === 'repeat_request') {
      const offered = handleRepeatEvent(eventId)
        .catch((err: unknown) => logger.error({ err, eventId }, 'repeat alert not offered; the scan will take it up'))
        .finally(() => queueing.delete(offered));
      queueing.add(offered);
      return;
    }
    if (trigger === 'lead_created') {
      const offered = offerOnDutyAlert(leadId)
        .catch((err: unknown) => logger.error({ err, eventId }, 'lead alert not offered; the scan will take it up'))
        .finally(() => queueing.delete(offered));
      queueing.add(offered);
    }
    const queued = hasActiveAutomation(db, trigger)
      .then((listening) =>
        listening
          ? boss.send(EVENT_QUEUE, { eventId } satisfies EventJob, { heartbeatSeconds: HEARTBEAT_SECONDS })
          : null,
      )
      .catch((err: unknown) => logger.error({ err, eventId }, 'automation event not queued; the scan will take it up'))
      .finally(() => queueing.delete(queued));
    queueing.add(queued);
  };

  async function isIdle(): Promise<boolean> {
    if (queueing.size > 0) return false;
    for (const queue of [EVENT_QUEUE, SCAN_QUEUE, RUN_QUEUE, ALERT_QUEUE]) {
      const jobs = await boss.findJobs(queue);
      if (jobs.some((job) => job.state === 'created' || job.state === 'retry' || job.state === 'active')) return false;
    }
    return queueing.size === 0;
  }

  return {
    handleLeadEvent,
    scanTimeTriggers,
    isIdle,
    async start() {
      await boss.start();
      // One job per fetch, and a fetch right after a job while more are waiting: without the burst, a
      // worker takes one job per poll interval, and a hundred quotes' welcome e-mails would leave a
      // process at one every AUTOMATION_POLL_SECONDS (found by the cluster test's drain).
      const polling = { pollingIntervalSeconds: config.pollSeconds, batchSize: 1, burstWhenReadyExceeds: 1 };
      await boss.createQueue(EVENT_QUEUE, { retryLimit: 5, retryDelay: 5, retryBackoff: true });
      await boss.createQueue(SCAN_QUEUE, { retryLimit: 0, expireInSeconds: 120 });
      await boss.createQueue(RUN_QUEUE, {
        retryLimit: config.retryLimit,
        retryDelay: config.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: RUN_EXPIRE_SECONDS,
      });
      await boss.createQueue(ALERT_QUEUE, {
        retryLimit: config.retryLimit,
        retryDelay: config.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: RUN_EXPIRE_SECONDS,
      });
      await boss.work<{ alertId: string }>(ALERT_QUEUE, polling, async ([job]) => {
        if (job) await handleAlert(job);
      });
      await boss.work<EventJob>(EVENT_QUEUE, polling, async ([job]) => {
        if (job) await handleEventJob(job.data);
      });
      await boss.work<{ runId: string }>(RUN_QUEUE, polling, async ([job]) => {
        if (job) await handleRun(job);
      });
      await boss.work(SCAN_QUEUE, polling, async () => {
        await scanTimeTriggers();
      });
      if (schedule) await boss.schedule(SCAN_QUEUE, '* * * * *');
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 3_000, close: true });
      for (const transport of Object.values(transports)) transport?.close?.();
    },
  };
}
