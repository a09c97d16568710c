// Process entry: configuration, database, migrations, the first admin, then listen on PORT.
// SIGTERM/SIGINT: stop accepting, let in-flight requests finish (10 s at most), stop the automation
// queue and the mailbox reader, close the database.
// Connections still open when the time is up are cut, so the process always exits in time.
import { sweepDueCardCharges } from './payments/card-charges.service.ts';
import { createStripeClient } from './payments/stripe-client.ts';
import { createServer, type ServerOptions } from 'node:http';
import { createApp } from './app.ts';
import { createManualDelivery } from './automations/manual-delivery.service.ts';
import { sendStrandedCallTexts } from './calls/voice-calls.service.ts';
import { createAutomationEngine } from './automations/engine/engine.ts';
import { addLateCharges } from './payments/late-charges.service.ts';
import { extendRecurringSeries } from './scheduling/scheduling-reads.service.ts';
import { ensureFirstAdmin } from './auth/first-admin.ts';
import { ConfigError, configWarnings, loadConfig, loadEnvFiles } from './config.ts';
import { resolveSessionSecrets } from './db/app-secrets.ts';
import { createDatabase } from './db/database.ts';
import { migrateLatest } from './db/migrate.ts';
import { endLiveStreams } from './live/live.service.ts';
import { listenToLeadEvents } from './lead-events/lead-events.service.ts';
import { purgeHeldSubmissions } from './leads/held-submissions.service.ts';
import { createLogger } from './logger.ts';
import { createMailboxImporter } from './mailbox/mailbox-importer.ts';
import { linkOriginOf } from './http/public-origin.ts';
import { replyAddressOfLead } from './mailbox/mailbox.service.ts';
import { createReactions } from './reactions/reactions.service.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;
/** How often held submissions past HELD_RETENTION_DAYS are purged (idempotent in every process). */
const HELD_PURGE_INTERVAL_MS = 3_600_000;
/** How often recurring series are extended ahead (idempotent in every process). */
const SERIES_EXTEND_INTERVAL_MS = 3_600_000;
/** How often invoices more than 30 days past due get their month's late charge (once a month, by the database). */
const LATE_CHARGE_INTERVAL_MS = 3_600_000;
/** How often the texts back to missed calls that a stopped process left pending are sent (claimed, once). */
const CALL_TEXT_SWEEP_INTERVAL_MS = 60_000;
const CARD_CHARGE_SWEEP_INTERVAL_MS = 60_000;
/** After the signal, how long new connections are still served (each answered with Connection: close). */
const ACCEPT_GRACE_MS = 1_000;
const HEADERS_TIMEOUT_MS = 10_000;
/** How often Node looks for requests past their timeouts (its default, 30 s, would double them). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

async function main(): Promise<void> {
  loadEnvFiles();
  const config = loadConfig();
  const logger = createLogger(config);
  for (const warning of configWarnings(config)) logger.warn(warning);
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
    logger,
  });
  const db = database.knex;
  logger.info(
    { driver: database.driver, ...(database.driver === 'pglite' ? { dataDir: config.dataDir } : {}) },
    'database opened',
  );

  const ran = await migrateLatest(db);
  if (ran.length > 0) logger.info({ migrations: ran }, 'migrations applied');
  const firstAdmin = await ensureFirstAdmin(db, config);
  if (firstAdmin?.generatedPassword) printGeneratedPassword(firstAdmin.username, firstAdmin.generatedPassword);
  else if (firstAdmin) logger.info({ username: firstAdmin.username }, 'first admin created');

  const sessionSecrets = await resolveSessionSecrets(db, config.sessionSecrets);
  const now = () => new Date();
  // The automation engine's job queue lives in the same database; every process works on it.
  const engine = config.automations.enabled
    ? createAutomationEngine({
        db,
        driver: database.driver,
        config: config.automations,
        logger,
        now,
        // Development may leave PUBLIC_ORIGIN unset: links then point at this process (never at a Host header).
        publicOrigin: linkOriginOf(config),
        replyAddressOf: (leadId) => replyAddressOfLead(db, config.mailbox.replyAddress, leadId),
        timeZone: config.businessTimeZone,
        reactions: (parts) =>
          createReactions({
            ...parts,
            db,
            now,
            logger,
            timeZone: config.businessTimeZone,
            publicOrigin: linkOriginOf(config),
            replyAddressOf: (leadId) => replyAddressOfLead(db, config.mailbox.replyAddress, leadId),
          }),
      })
    : undefined;
  await engine?.start();
  // Every committed lead event reaches the engine: its rules, alerts and reactions (the outbox keeps it either way).
  const stopListening = engine ? listenToLeadEvents(db, engine.handleLeadEvent) : undefined;
  // Customers' replies by e-mail (IMAP_URL): read in every process; each message is imported once.
  const { imap } = config.mailbox;
  const mailbox = imap
    ? createMailboxImporter({ db, config: { ...config.mailbox, imap }, logger, now, timeZone: config.businessTimeZone })
    : undefined;
  // Not awaited: an unreachable mail server must not hold up the API (the importer retries each poll).
  void mailbox?.start();
  const { app, close: closeApp } = createApp({ config, db, logger, sessionSecrets, now });

  const purgeHeld = () =>
    purgeHeldSubmissions(db, now(), config.heldRetentionDays)
      .then((purged) => {
        if (purged > 0) logger.info({ purged }, 'held submissions past their retention purged');
      })
      .catch((err: unknown) => logger.error({ err }, 'purging held submissions failed'));
  void purgeHeld();
  const purgeTimer = setInterval(purgeHeld, HELD_PURGE_INTERVAL_MS);
  purgeTimer.unref();
  // Recurring series stay materialised SERIES_HORIZON_DAYS ahead (each booking under its row lock).
  const extendSeries = () =>
    extendRecurringSeries(db, config.businessTimeZone, now())
      .then((extended) => {
        if (extended > 0) logger.info({ extended }, 'recurring series extended');
      })
      .catch((err: unknown) => logger.error({ err }, 'extending recurring series failed'));
  void extendSeries();
  const seriesTimer = setInterval(extendSeries, SERIES_EXTEND_INTERVAL_MS);
  seriesTimer.unref();
  const chargeLate = () =>
    addLateCharges(db, now(), config.businessTimeZone)
      .then((charged) => {
        if (charged > 0) logger.info({ charged }, 'late charges added to invoices past due');
      })
      .catch((err: unknown) => logger.error({ err }, 'adding late charges failed'));
  void chargeLate();
  const lateChargeTimer = setInterval(chargeLate, LATE_CHARGE_INTERVAL_MS);
  lateChargeTimer.unref();
  const callTextDelivery = createManualDelivery(config.automations);
  const sweepCallTexts = () =>
    sendStrandedCallTexts({ db, sendSms: callTextDelivery.sms }, now())
      .then((swept) => {
        if (swept > 0) logger.info({ swept }, 'texts back to missed calls left pending were taken up');
      })
      .catch((err: unknown) => logger.error({ err }, 'sending the pending texts back to missed calls failed'));
  const callTextTimer = setInterval(sweepCallTexts, CALL_TEXT_SWEEP_INTERVAL_MS);
  callTextTimer.unref();
  // Card charges due that no process has made (it stopped after the commit): every process sweeps; the
  // Idempotency-Key and the payments' unique PaymentIntent make a charge taken twice one charge.
  const stripe = createStripeClient(config);
  const sweepCardCharges = () => {
    if (!stripe) return;
    sweepDueCardCharges(db, stripe, now(), config.businessTimeZone, logger).catch((err: unknown) =>
      logger.error({ err }, 'sweeping the card charges due failed'),
    );
  };
  const cardChargeTimer = setInterval(sweepCardCharges, CARD_CHARGE_SWEEP_INTERVAL_MS);
  cardChargeTimer.unref();

  let draining = false;
  // A request's headers and body must arrive within REQUEST_TIMEOUT_SECONDS (408 otherwise), the
  // headers alone within 10 s; Node checks every second, so a stalled upload is cut on time.
  const server = createServer(serverTimeouts(config.requestTimeoutMs), (req, res) => {
    // While draining, requests on connections that are already open (including ones whose bytes were
    // still queued when the signal came) are served, and each connection closes after its answer.
    if (draining) res.setHeader('Connection', 'close');
    app(req, res);
  });
  server.keepAliveTimeout = config.keepAliveTimeoutMs;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port }, `listening on http://localhost:${port}`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    draining = true;
    logger.info({ signal }, 'shutting down: draining in-flight requests');
    const forceTimer = setTimeout(() => {
      logger.warn('drain timed out; closing remaining connections');
      server.closeAllConnections();
    }, SHUTDOWN_TIMEOUT_MS - 1_500);
    forceTimer.unref();
    // Live streams never finish by themselves: end them (their clients reconnect to another process).
    void endLiveStreams(db);
    // Keep accepting for a moment: connections the kernel has accepted, and requests whose bytes are
    // queued while the event loop is busy (PGlite runs on it), would otherwise be reset by close(),
    // which also drops every connection it sees as idle.
    setTimeout(() => {
      void endLiveStreams(db); // any opened during the grace period
      server.close(async () => {
        clearTimeout(forceTimer);
        clearInterval(purgeTimer);
        clearInterval(seriesTimer);
        clearInterval(callTextTimer);
        clearInterval(lateChargeTimer);
        clearInterval(cardChargeTimer);
        callTextDelivery.close();
        closeApp();
        stopListening?.();
        try {
          // Jobs in progress finish (or are left to another process's retry) before the database goes.
          await engine?.stop().catch((err: unknown) => logger.error({ err }, 'stopping the automation queue failed'));
          await mailbox?.stop().catch((err: unknown) => logger.error({ err }, 'stopping the mailbox reader failed'));
          await database.close();
          logger.info('stopped');
          process.exit(0);
        } catch (err) {
          logger.error({ err }, 'closing the database failed');
          process.exit(1);
        }
      });
    }, ACCEPT_GRACE_MS);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** Timeouts against slow uploads (docs/security.md, review finding 7). */
function serverTimeouts(requestTimeoutMs: number): ServerOptions {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
    connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
  };
}

function printGeneratedPassword(username: string, password: string): void {
  const lines = [
    'No admin user existed, so one was created. Sign in at /admin with:',
    `  Email:    ${username}`,
    `  Password: ${password}`,
    'This password is shown only once. Change it with: pnpm admin:password',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  process.stdout.write(`\n${rule}\n${lines.map((line) => `| ${line.padEnd(width)} |`).join('\n')}\n${rule}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('The server could not start:', error);
  process.exit(1);
});
