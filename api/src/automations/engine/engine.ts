// The automation engine: lead events and a per-minute scan become runs (one per rule, lead and
// occurrence, see runs.queries insertRunOnce), and runs become jobs on the PostgreSQL-backed queue,
// which any API process may work on. Lead events are rows of the outbox table lead_events, written
// with the change itself (lead-events/lead-events.service.ts); after the commit the engine hears of
// each (handleLeadEvent, wired by server.ts) and marks it handled once its runs exist. Four queues:
//   automation-event  a lead was created / changed status: match the rules, create runs
//   automation-scan   every minute (pg-boss cron, one job per minute for all processes): time
//                     triggers, and outbox events nobody handled (their report was lost)
//   automation-run    one run: deliver / create the task / change the status; retried with back-off
//   reaction          one reaction's delivery (api/src/reactions/): the e-mail that tells the customer
//                     of a committed change (quote sent, booking made, moved or cancelled), sent once
//   lead-alert        one speed-to-lead alert (speed-to-lead/): the person on duty of a new lead, the
//                     escalation contact of an unanswered one, or the assignee of a lead its person
//                     asked again for (a repeat_request event); offered at once for a new lead or a
//                     repeat, and by the scan for escalations that fell due and alerts nobody offered
// A message over the hourly send budget holds its run (execute-run.ts); the scan queues it again once
// the hour allows, as a new job (jobIdOf). This file makes the queue and its workers; the pieces are
// rule-runs.ts (events to runs), time-scan.ts (the scan), run-job.ts (one run's job),
// lead-event-listener.ts (what a committed event sets off) and speed-to-lead/ (the alerts).
import { createHash } from 'node:crypto';
import { DEFAULT_BUSINESS_TIMEZONE } from '@shine/shared/business-time';
import type { Knex } from 'knex';
import type { PgBoss, SendOptions } from 'pg-boss';
import { findOrCreateSystemUserId } from '../../auth/index.ts';
import type { AutomationsConfig } from '../../config.ts';
import type { DatabaseDriver } from '../../db/database.ts';
import type { LeadEventListener } from '../../lead-events/index.ts';
import type { Logger } from '../../logger.ts';
import { createSpeedToLead } from '../../speed-to-lead/index.ts';
import { createTransports, type Transports } from '../delivery/transports.ts';
import { findOrInsertAlertMessage, updateMessage } from '../runs.queries.ts';
import type { ReplyAddressOf } from './automated-email.ts';
import type { RunContext } from './execute-run.ts';
import { createLeadEventListener } from './lead-event-listener.ts';
import { createQueue } from './queue.ts';
import { createRuleRuns, type EventJob } from './rule-runs.ts';
import { workRun } from './run-job.ts';
import { createTimeScan } from './time-scan.ts';

const EVENT_QUEUE = 'automation-event';
const SCAN_QUEUE = 'automation-scan';
const RUN_QUEUE = 'automation-run';
const ALERT_QUEUE = 'lead-alert';
const REACTION_QUEUE = 'reaction';
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

/** The reactions (api/src/reactions/), as the engine works them: wired by server.ts. */
export interface EngineReactions {
  /** Whether a reaction handles events of the trigger. */
  handles: (trigger: string) => boolean;
  handleEvent: (eventId: string) => Promise<void>;
  work: (deliveryId: string, lastAttempt: boolean) => Promise<void>;
  scan: () => Promise<void>;
}

/** What the engine lends the reactions: its queue, its e-mail transport, the quiet period. */
export interface ReactionParts {
  queue: (deliveryId: string, startAfter: Date) => Promise<void>;
  email: Transports['email'];
  quietMs: number;
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
  /** What tells the customer of a committed change (server.ts: createReactions); none: nothing does. */
  reactions?: (parts: ReactionParts) => EngineReactions;
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
  const runContext: RunContext = {
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

  /** This process's worker of each queue (the id `boss.work` answers), once started. */
  const workerOf = new Map<string, string>();

  /**
   * Queues a job (committed when this resolves) and wakes this process's worker of its queue, so the
   * job starts now rather than at the worker's next poll (AUTOMATION_POLL_SECONDS): an on-duty alert
   * takes three hops (the lead's event, then its rule runs, then the alert), each of which would
   * otherwise wait up to a poll interval. Other processes' workers still find the job by polling.
   */
  async function enqueue(queue: string, data: object, options: SendOptions): Promise<void> {
    await boss.send(queue, data, options);
    const worker = workerOf.get(queue);
    if (worker) boss.notifyWorker(worker);
  }

  /**
   * A run's job has the run's id (and a release from a hold an id of its own, see jobIdOf), so a run
   * is queued at most once per release however often it is offered.
   */
  async function queueRun(runId: string, holds = 0): Promise<void> {
    await enqueue(RUN_QUEUE, { runId }, { id: jobIdOf(runId, holds), heartbeatSeconds: HEARTBEAT_SECONDS });
  }

  // Speed to lead's alerts are jobs of this queue too; their messages are rows of this outbox.
  const speedToLead = createSpeedToLead(
    {
      db,
      now,
      systemUserId: runContext.systemUserId,
      publicOrigin: options.publicOrigin,
      timeZone: options.timeZone ?? DEFAULT_BUSINESS_TIMEZONE,
      messages: { transports, findOrInsert: findOrInsertAlertMessage, update: updateMessage },
    },
    {
      // An alert's job has the alert's id: one job per alert however often it is offered.
      queueAlert: async (id) => {
        await enqueue(ALERT_QUEUE, { alertId: id }, { id, heartbeatSeconds: HEARTBEAT_SECONDS });
      },
      scanBatch: SCAN_BATCH,
      logger,
    },
  );
  const ruleRuns = createRuleRuns({ db, queueRun, offerRepeatAlert: speedToLead.offerRepeatAlert });
  const scanTimeTriggers = createTimeScan({ db, now, ruleRuns, speedToLead, queueRun, scanBatch: SCAN_BATCH });

  // What tells the customer of a change (api/src/reactions/): one job per delivery, its id the delivery's.
  const reactions: EngineReactions = options.reactions?.({
    email: transports.email,
    quietMs: config.customerChangeQuietSeconds * 1000,
    queue: async (deliveryId, startAfter) => {
      await enqueue(
        REACTION_QUEUE,
        { deliveryId },
        { id: deliveryId, startAfter, heartbeatSeconds: HEARTBEAT_SECONDS },
      );
    },
  }) ?? { handles: () => false, handleEvent: async () => {}, work: async () => {}, scan: async () => {} };

  const leadEvents = createLeadEventListener({
    db,
    logger,
    speedToLead,
    reactions,
    queueEvent: (eventId) =>
      enqueue(EVENT_QUEUE, { eventId } satisfies EventJob, { heartbeatSeconds: HEARTBEAT_SECONDS }),
  });

  async function isIdle(): Promise<boolean> {
    if (leadEvents.isBusy()) return false;
    for (const queue of [EVENT_QUEUE, SCAN_QUEUE, RUN_QUEUE, ALERT_QUEUE, REACTION_QUEUE]) {
      const jobs = await boss.findJobs(queue);
      if (jobs.some((job) => job.state === 'created' || job.state === 'retry' || job.state === 'active')) return false;
    }
    return !leadEvents.isBusy();
  }

  return {
    handleLeadEvent: leadEvents.handleLeadEvent,
    async scanTimeTriggers() {
      const created = await scanTimeTriggers();
      await reactions.scan();
      return created;
    },
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
      await boss.createQueue(REACTION_QUEUE, {
        retryLimit: config.retryLimit,
        retryDelay: config.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: RUN_EXPIRE_SECONDS,
      });
      workerOf.set(
        REACTION_QUEUE,
        // Several at once: one mail server slow to answer (30 s a phase) holds one send, not the rest.
        await boss.work<{ deliveryId: string }>(REACTION_QUEUE, { ...polling, localConcurrency: 4 }, async ([job]) => {
          if (job) await reactions.work(job.data.deliveryId, job.retryCount >= config.retryLimit);
        }),
      );
      workerOf.set(
        ALERT_QUEUE,
        await boss.work<{ alertId: string }>(ALERT_QUEUE, polling, async ([job]) => {
          if (job) await speedToLead.workAlert(job.data.alertId, job.retryCount >= config.retryLimit);
        }),
      );
      workerOf.set(
        EVENT_QUEUE,
        await boss.work<EventJob>(EVENT_QUEUE, polling, async ([job]) => {
          if (job) await ruleRuns.handleEventJob(job.data);
        }),
      );
      workerOf.set(
        RUN_QUEUE,
        await boss.work<{ runId: string }>(RUN_QUEUE, polling, async ([job]) => {
          if (job) await workRun(runContext, job.data.runId, job.retryCount >= config.retryLimit, logger);
        }),
      );
      workerOf.set(
        SCAN_QUEUE,
        await boss.work(SCAN_QUEUE, polling, async () => {
          await scanTimeTriggers();
          await reactions.scan();
        }),
      );
      if (schedule) await boss.schedule(SCAN_QUEUE, '* * * * *');
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 3_000, close: true });
      for (const transport of Object.values(transports)) transport?.close?.();
    },
  };
}
