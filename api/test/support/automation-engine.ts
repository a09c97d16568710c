// The automation engine on a test file's database, with its job queue in a schema of its own, plus
// the real servers it delivers to: an in-process SMTP server (smtp-server) and a local HTTP server
// standing in for the Twilio-compatible SMS API.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type AutomationEngine, createAutomationEngine } from '../../src/automations/engine/engine.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { createDatabase, type Database } from '../../src/db/database.ts';
import type { LeadEventListener } from '../../src/lead-events/lead-events.service.ts';
import { createLogger } from '../../src/logger.ts';
import { replyAddressOfLead } from '../../src/mailbox/mailbox.service.ts';
import { createReactions } from '../../src/reactions/reactions.service.ts';
import {
  buildTestApp,
  createTestDatabase,
  driver,
  type TestApp,
  type TestAppContext,
  type TestAppOptions,
  type TestDatabase,
  testDatabaseUrl,
  useTestApp,
} from './test-app.ts';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** While set, every message is refused with this SMTP error (a provider that is down). */
  refuseWith: { message: string } | undefined;
  close: () => Promise<void>;
}

/** A real SMTP server on 127.0.0.1, on `port` (default: a free one). */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const state: TestSmtpServer = { url: '', received: [], refuseWith: undefined, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuseWith) {
          const error = Object.assign(new Error(state.refuseWith.message), { responseCode: 451 });
          callback(error);
          return;
        }
        state.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // A client that goes away mid-conversation (a process killed by the cluster test) resets its
  // connection: the server reports it as an error event, which is no failure of the test.
  server.on('error', () => {});
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

export interface ReceivedSms {
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

export interface TestSmsApi {
  url: string;
  received: ReceivedSms[];
  /** While set, every message is refused with this answer (Twilio's 400 for a landline, say). */
  refuseWith: { status: number; message: string } | undefined;
  close: () => Promise<void>;
}

/** Answers like Twilio's Messages resource: 201 with a sid. */
export async function startSmsApi(): Promise<TestSmsApi> {
  const received: ReceivedSms[] = [];
  const state: Pick<TestSmsApi, 'refuseWith'> = { refuseWith: undefined };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (state.refuseWith) {
        res.writeHead(state.refuseWith.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 21614, message: state.refuseWith.message }));
        return;
      }
      received.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        form: Object.fromEntries(new URLSearchParams(body)),
      });
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sid: `SM${received.length}`, status: 'queued' }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** The engine's configuration for delivering to the test's local SMTP server and SMS API. */
export function transportEnv(smtp: TestSmtpServer, sms: TestSmsApi): Record<string, string> {
  return {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Shine Test <robot@example.com>',
    SMS_API_URL: sms.url,
    SMS_ACCOUNT_SID: 'AC123',
    SMS_AUTH_TOKEN: 'secret-token',
    SMS_FROM: '+12145550000',
  };
}

/** pg-boss's schema for this test file: beside the file's own schema on PostgreSQL. */
export async function queueSchemaFor(db: Knex): Promise<string> {
  if (driver === 'pglite') return 'pgboss';
  const result = await db.raw('select current_schema() as schema');
  return `${(result.rows as Array<{ schema: string }>)[0]?.schema}_boss`;
}

export interface TestEngine {
  engine: AutomationEngine;
  config: Config;
  stop: () => Promise<void>;
}

export async function startTestEngine(
  db: Knex,
  options: { env?: Record<string, string>; now?: () => Date; replyMailbox?: string } = {},
): Promise<TestEngine> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTOMATIONS_SCHEMA: await queueSchemaFor(db),
    AUTOMATION_POLL_SECONDS: '0.5',
    AUTOMATION_RETRY_DELAY_SECONDS: '1',
    // The send budget is the subject of automation-send-budget.test.ts only: other files send several
    // messages to one address within the hour and are about something else.
    AUTOMATION_SENDS_PER_HOUR: '100000',
    AUTOMATION_SENDS_PER_RECIPIENT_PER_HOUR: '100000',
    // A customer's changes are e-mailed each on its own, at once; the fold is booking-email-fold.test.ts's.
    CUSTOMER_CHANGE_EMAIL_QUIET_SECONDS: '0',
    ...options.env,
  });
  const logger = createLogger(config);
  const now = options.now ?? (() => new Date());
  const publicOrigin = config.publicOrigin ?? 'https://shine.example';
  const replyAddressOf = (leadId: string) => replyAddressOfLead(db, options.replyMailbox, leadId);
  const engine = createAutomationEngine({
    db,
    driver,
    config: config.automations,
    logger,
    now,
    schedule: false,
    publicOrigin,
    replyAddressOf,
    timeZone: config.businessTimeZone,
    // As server.ts wires them.
    reactions: (parts) =>
      createReactions({ ...parts, db, now, logger, timeZone: config.businessTimeZone, publicOrigin, replyAddressOf }),
  });
  await engine.start();
  return { engine, config, stop: () => engine.stop() };
}

/** On PostgreSQL, a second pool on the same schema: what a second API process would have. */
export async function openSecondPool(db: Knex): Promise<{ db: Knex; close: () => Promise<void> }> {
  if (driver === 'pglite') return { db, close: async () => {} };
  const result = await db.raw('select current_schema() as schema');
  const schema = (result.rows as Array<{ schema: string }>)[0]?.schema as string;
  const second: Database = await createDatabase({
    databaseUrl: testDatabaseUrl,
    searchPath: [schema, 'public'],
    poolMax: 5,
  });
  return { db: second.knex, close: () => second.close() };
}

export async function dropQueueSchema(db: Knex): Promise<void> {
  if (driver === 'postgres') await db.raw(`drop schema if exists ${await queueSchemaFor(db)} cascade`);
}

/** Polls until `check` returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`waitFor: condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A lead event listener for useTestApp() that reaches the engine a file starts later (the app is
 * built first): pass `onLeadEvent`, then `connect(engine)` once the engine runs; `connect(undefined)`
 * drops what is heard, as when a process stops right after its commit (only the outbox knows).
 */
export function createLeadEventsRelay(): {
  onLeadEvent: LeadEventListener;
  connect: (target: AutomationEngine | undefined) => void;
} {
  let target: AutomationEngine | undefined;
  return {
    onLeadEvent: (event) => target?.handleLeadEvent(event),
    connect: (next) => {
      target = next;
    },
  };
}

/**
 * Waits until every engine is idle (nothing being queued, no job waiting or running), then runs each
 * one's scan by hand (time triggers, lost events, held messages) and waits for what that queued:
 * after it, whatever the engines would ever do about the present state is done.
 */
export async function drainEngines(...engines: AutomationEngine[]): Promise<void> {
  const idle = async () => (await Promise.all(engines.map((engine) => engine.isIdle()))).every(Boolean);
  await waitFor(idle);
  for (const engine of engines) await engine.scanTimeTriggers();
  await waitFor(idle);
}

export interface DeliveringEngineContext {
  t: TestAppContext;
  relay: ReturnType<typeof createLeadEventsRelay>;
  /** The servers the engine delivers to and the engine itself: set from the file's first test on. */
  smtp: TestSmtpServer;
  sms: TestSmsApi;
  engine: TestEngine;
}

/**
 * A test file's app with the automation engine running on its database and delivering to a real SMTP
 * server and the SMS stand-in, on the app's clock (pinned when a test sets `t.clock.now`). Registers the
 * hooks that start them before the file's tests, empty the received messages before each, and stop and
 * remove everything after.
 */
export function useDeliveringEngine(
  options: { env?: Record<string, string>; replyMailbox?: string; appEnv?: Record<string, string> } = {},
): DeliveringEngineContext {
  const relay = createLeadEventsRelay();
  const t = useTestApp({ onLeadEvent: relay.onLeadEvent, ...(options.appEnv ? { env: options.appEnv } : {}) });
  const context = { t, relay } as DeliveringEngineContext;
  beforeAll(async () => {
    context.smtp = await startSmtpServer();
    context.sms = await startSmsApi();
    context.engine = await startTestEngine(t.db, {
      env: { ...transportEnv(context.smtp, context.sms), ...options.env },
      now: () => t.clock.now ?? new Date(),
      ...(options.replyMailbox ? { replyMailbox: options.replyMailbox } : {}),
    });
    relay.connect(context.engine.engine);
  });
  afterAll(async () => {
    relay.connect(undefined);
    await context.engine?.stop();
    await dropQueueSchema(t.db);
    await context.smtp?.close();
    await context.sms?.close();
  });
  beforeEach(() => {
    context.smtp.received.length = 0;
    context.smtp.refuseWith = undefined;
    context.sms.received.length = 0;
    context.sms.refuseWith = undefined;
  });
  return context;
}

export interface ReactingApp extends TestApp {
  engine: TestEngine;
  /**
   * Waits until everything the app's changes set off is done (the e-mails that tell the customer go
   * out just after an answer, from the queue): what a test awaits before it reads the mail server.
   */
  settle: () => Promise<void>;
}

/**
 * An app whose committed events reach an engine on its database, delivering e-mail to `smtp` on the
 * app's clock, as server.ts wires a process: the customer's booking and quote e-mails (reactions) go
 * out. Closing it stops the engine and removes its queue.
 */
export async function buildReactingApp(
  db: Knex,
  smtp: TestSmtpServer,
  options: TestAppOptions & { engineEnv?: Record<string, string>; replyMailbox?: string } = {},
): Promise<ReactingApp> {
  const relay = createLeadEventsRelay();
  const app = await buildTestApp(db, {
    ...options,
    env: { SMTP_URL: smtp.url, ...options.env },
    onLeadEvent: relay.onLeadEvent,
  });
  const engine = await startTestEngine(db, {
    env: {
      SMTP_URL: smtp.url,
      ...(options.env?.MAIL_FROM ? { MAIL_FROM: options.env.MAIL_FROM } : {}),
      ...(options.env?.PUBLIC_ORIGIN ? { PUBLIC_ORIGIN: options.env.PUBLIC_ORIGIN } : {}),
      ...options.engineEnv,
    },
    now: () => app.clock.now ?? new Date(),
    ...(options.replyMailbox ? { replyMailbox: options.replyMailbox } : {}),
  });
  relay.connect(engine.engine);
  return {
    ...app,
    engine,
    settle: () => drainEngines(engine.engine),
    close: async () => {
      relay.connect(undefined);
      await engine.stop();
      await dropQueueSchema(db);
      await app.close();
    },
  };
}

export interface ReactingAppContext {
  /** The mail server the engine delivers to; its received mail is the file's to empty. */
  smtp: TestSmtpServer;
  app: ReactingApp;
}

/**
 * A describe block's reacting app (buildReactingApp) on a database and a mail server of its own:
 * started before its tests, stopped and removed after them.
 */
export function useReactingApp(
  options: TestAppOptions & { engineEnv?: Record<string, string>; replyMailbox?: string } = {},
): ReactingAppContext {
  const context = {} as ReactingAppContext;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    context.smtp = await startSmtpServer();
    database = await createTestDatabase();
    context.app = await buildReactingApp(database.database.knex, context.smtp, options);
  });
  afterAll(async () => {
    await context.app?.close();
    await database?.drop();
    await context.smtp?.close();
  });
  return context;
}
