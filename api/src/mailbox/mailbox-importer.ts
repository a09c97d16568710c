// Reads the company mailbox over IMAP (imapflow) and puts each reply on its lead. Started by
// server.ts when IMAP_URL is set, in every API process: IDLE tells of new mail where the server
// offers it (imapflow falls back to NOOP polling where it does not), and a poll every
// IMAP_POLL_SECONDS catches anything a dropped connection missed.
//
// Exactly once, also with several processes on one mailbox: a message is claimed by an IMAP MOVE out
// of INBOX into the processed folder, then stored (the conversation store is unique per Message-ID),
// then marked \Seen there. A MOVE that finds the message gone was another process's claim. The MOVE
// is not exclusive everywhere: Dovecot's Maildir copies, then expunges, so two processes racing can
// both "move" one message (the two-importer test sees it). The store then says the second copy is a
// duplicate, and that process deletes its copy: one row, one copy in the processed folder. A process that dies between the MOVE and the \Seen leaves the message
// unread in the processed folder: the sweep of any process that has seen it unread for
// ABANDONED_AFTER_MS stores it then (a duplicate of a stored row is recognised and only marked read).
import { ImapFlow } from 'imapflow';
import type { Knex } from 'knex';
import type { MailboxConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { type ImportOutcome, prepareImport, storeImport } from './import-message.ts';

export interface ImportSummary {
  stored: number;
  /** Already stored: a second copy (two processes' MOVEs, a message delivered twice) or a sweep's find. */
  duplicates: number;
  unmatched: number;
  /** Moved by another process between our look and our MOVE. */
  takenByOthers: number;
  failed: number;
}

export interface MailboxImporter {
  /** Connects, imports what waits, then follows the mailbox until stop(); never throws for IMAP trouble. */
  start: () => Promise<void>;
  stop: () => Promise<void>;
  /** One pass over INBOX and the processed folder's sweep (tests call it directly). */
  pollOnce: () => Promise<ImportSummary>;
}

export interface MailboxImporterOptions {
  db: Knex;
  config: MailboxConfig & { imap: NonNullable<MailboxConfig['imap']> };
  logger: Logger;
  now: () => Date;
}

const INBOX = 'INBOX';
/** A live process stores what it claimed within seconds; unread this long in the processed folder, it was left. */
export const ABANDONED_AFTER_MS = 5 * 60_000;

function emptySummary(): ImportSummary {
  return { stored: 0, duplicates: 0, unmatched: 0, takenByOthers: 0, failed: 0 };
}

export function createMailboxImporter({ db, config, logger, now }: MailboxImporterOptions): MailboxImporter {
  const log = logger.child({ component: 'mailbox' });
  let client: ImapFlow | undefined;
  let foldersReady = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let pollAgain = false;
  /** Passes of this process take turns on its one connection. */
  let passes: Promise<unknown> = Promise.resolve();
  /** Unread messages of the processed folder, with when a sweep first saw them unread. */
  let unreadSince = new Map<number, number>();

  async function connection(): Promise<ImapFlow> {
    if (client?.usable) return client;
    const imap = new ImapFlow({
      host: config.imap.host,
      port: config.imap.port,
      secure: config.imap.secure,
      auth: { user: config.imap.user, pass: config.imap.password },
      logger: false,
      // IDLE soon after each pass (imapflow's default waits 15 s): a reply shows within a second or two.
      autoIdleDelay: 1000,
    });
    imap.on('error', (err: Error) => log.warn({ err: { message: err.message } }, 'mailbox connection error'));
    imap.on('exists', (data: { path: string; count: number; prevCount: number }) => {
      if (data.path === INBOX && data.count > data.prevCount) schedule();
    });
    imap.on('close', () => {
      if (client === imap) client = undefined;
    });
    await imap.connect();
    client = imap;
    return imap;
  }

  async function ensureFolders(imap: ImapFlow): Promise<void> {
    if (foldersReady) return;
    await imap.mailboxCreate(config.processedFolder);
    await imap.mailboxCreate(config.unmatchedFolder);
    foldersReady = true;
  }

  async function prepare(imap: ImapFlow, uid: number) {
    const message = await imap.fetchOne(String(uid), { source: true, internalDate: true }, { uid: true });
    if (message === false || !message.source) return undefined;
    const arrived = message.internalDate instanceof Date ? message.internalDate : now();
    return prepareImport(db, message.source, arrived, config.replyAddress);
  }

  function count(summary: ImportSummary, outcome: ImportOutcome): void {
    if (outcome.kind === 'unmatched') summary.unmatched++;
    else if (outcome.duplicate) summary.duplicates++;
    else summary.stored++;
  }

  /** What a pass leaves to do in the processed folder: mark the stored read, delete second copies. */
  interface Claimed {
    stored: number[];
    duplicates: number[];
  }

  /** INBOX: claim each message by moving it, then store it; unread in the processed folder until stored. */
  async function importInbox(imap: ImapFlow, summary: ImportSummary): Promise<Claimed> {
    const claimed: Claimed = { stored: [], duplicates: [] };
    const lock = await imap.getMailboxLock(INBOX);
    try {
      for (const uid of (await imap.search({ all: true }, { uid: true })) || []) {
        try {
          const prepared = await prepare(imap, uid);
          if (!prepared) {
            summary.takenByOthers++;
            continue;
          }
          const target = prepared.match ? config.processedFolder : config.unmatchedFolder;
          const moved = await imap.messageMove(String(uid), target, { uid: true });
          const claimedUid = moved ? moved.uidMap?.get(uid) : undefined;
          if (claimedUid === undefined) {
            summary.takenByOthers++;
            continue;
          }
          const outcome = await storeImport(db, prepared);
          count(summary, outcome);
          if (outcome.kind === 'stored') claimed[outcome.duplicate ? 'duplicates' : 'stored'].push(claimedUid);
        } catch (err) {
          summary.failed++;
          log.error({ err: { message: (err as Error).message } }, 'a mailbox message could not be imported');
        }
      }
    } finally {
      lock.release();
    }
    return claimed;
  }

  /** The processed folder: mark what was stored read; store what a dead process left unread. */
  async function sweepProcessed(imap: ImapFlow, claimed: Claimed, summary: ImportSummary): Promise<void> {
    const lock = await imap.getMailboxLock(config.processedFolder);
    try {
      if (claimed.stored.length > 0) await imap.messageFlagsAdd(claimed.stored.join(','), ['\\Seen'], { uid: true });
      if (claimed.duplicates.length > 0) await imap.messageDelete(claimed.duplicates.join(','), { uid: true });
      const unread = ((await imap.search({ seen: false }, { uid: true })) || []).filter(
        (uid) => !claimed.stored.includes(uid) && !claimed.duplicates.includes(uid),
      );
      const at = now().getTime();
      unreadSince = new Map(unread.map((uid) => [uid, unreadSince.get(uid) ?? at]));
      const abandoned = unread.filter((uid) => at - (unreadSince.get(uid) ?? at) >= ABANDONED_AFTER_MS);
      for (const uid of abandoned) unreadSince.delete(uid);
      for (const uid of abandoned) {
        try {
          const prepared = await prepare(imap, uid);
          if (!prepared) continue;
          const outcome = await storeImport(db, prepared);
          count(summary, outcome);
          if (outcome.kind === 'stored') await imap.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          else await imap.messageMove(String(uid), config.unmatchedFolder, { uid: true });
        } catch (err) {
          summary.failed++;
          log.error({ err: { message: (err as Error).message } }, 'a mailbox message could not be imported');
        }
      }
    } finally {
      lock.release();
    }
  }

  function pollOnce(): Promise<ImportSummary> {
    const pass = passes.then(readMailbox, readMailbox);
    passes = pass.catch(() => undefined);
    return pass;
  }

  async function readMailbox(): Promise<ImportSummary> {
    const summary = emptySummary();
    const imap = await connection();
    await ensureFolders(imap);
    const claimed = await importInbox(imap, summary);
    await sweepProcessed(imap, claimed, summary);
    // Back on INBOX, where IDLE (imapflow starts it when the connection rests) hears of new mail.
    await imap.mailboxOpen(INBOX);
    if (summary.stored + summary.duplicates + summary.unmatched + summary.failed > 0) log.info(summary, 'mailbox read');
    return summary;
  }

  /** One pass at a time per process; news during a pass asks for one more. */
  function schedule(): void {
    if (stopped) return;
    if (running) {
      pollAgain = true;
      return;
    }
    running = (async () => {
      do {
        pollAgain = false;
        await pollOnce().catch((err: unknown) =>
          log.warn({ err: { message: (err as Error).message } }, 'the mailbox could not be read; trying again'),
        );
      } while (pollAgain && !stopped);
    })().finally(() => {
      running = undefined;
    });
  }

  return {
    pollOnce,
    async start() {
      stopped = false;
      schedule();
      timer = setInterval(schedule, config.pollSeconds * 1000);
      timer.unref();
      await running;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      const imap = client;
      client = undefined;
      if (imap) await imap.logout().catch(() => imap.close());
    },
  };
}
