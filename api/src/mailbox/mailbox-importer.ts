// Reads the company mailbox over IMAP (imapflow) and puts each reply on its lead. Started by
// server.ts when IMAP_URL is set, in every API process: IDLE tells of new mail where the server
// offers it (imapflow falls back to NOOP polling where it does not), and a poll every
// IMAP_POLL_SECONDS catches anything a dropped connection missed.
//
// Exactly once, also with several processes on one mailbox: a message is stored first (on its lead,
// unique per lead, mailbox and Message-ID; or held for staff, unique per mailbox and bytes), and only
// then leaves INBOX: marked \Seen and moved into the processed folder, or moved unread into Unmatched
// when held. A message that cannot be stored stays in INBOX for the next pass; a process that dies
// after the store and before the MOVE leaves it there too, and the next pass finds it stored (a
// duplicate) and moves it. Two processes racing store it once (the other is told "duplicate") and
// both MOVE: Dovecot's Maildir copies, then expunges, so both MOVEs can go through (the two-importer
// test sees it), and the process whose copy is the newer one deletes it. Messages an earlier version
// moved before storing and left unread in the processed folder are stored by the sweep of any
// process that has seen them unread for ABANDONED_AFTER_MS.
import { ImapFlow } from 'imapflow';
import type { Knex } from 'knex';
import type { MailboxConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { type ImportOutcome, prepareImport, storeImport } from './import-message.ts';
import { digestOf } from './parse-reply.ts';

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
  /** BUSINESS_TIMEZONE: who is on duty to hear of a reply nobody holds. */
  timeZone: string;
}

const INBOX = 'INBOX';
/** A live process stores what it claimed within seconds; unread this long in the processed folder, it was left. */
export const ABANDONED_AFTER_MS = 5 * 60_000;

function emptySummary(): ImportSummary {
  return { stored: 0, duplicates: 0, unmatched: 0, takenByOthers: 0, failed: 0 };
}

export function createMailboxImporter({ db, config, logger, now, timeZone }: MailboxImporterOptions): MailboxImporter {
  const log = logger.child({ component: 'mailbox' });
  /** Part of an inbound e-mail's key: the same Message-ID read from another mailbox is another message. */
  const mailboxKey = `${config.imap.user}@${config.imap.host}`.toLowerCase();
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
    const message = await imap.fetchOne(String(uid), { source: true }, { uid: true });
    if (message === false || !message.source) return undefined;
    // Its place in the thread is when we read it: never the sender's Date:, and not the server's
    // INTERNALDATE either (whole seconds: a reply would sort before a message sent in the same second).
    return prepareImport(db, message.source, now(), config.replyAddress);
  }

  function count(summary: ImportSummary, outcome: ImportOutcome): void {
    if (outcome.duplicate) summary.duplicates++;
    else if (outcome.kind === 'held') summary.unmatched++;
    else summary.stored++;
  }

  /** A message this pass moved: deleted when an older copy of the same bytes is in that folder. */
  interface MovedCopy {
    folder: string;
    uid: number;
    messageId: string;
    digest: string;
  }

  /**
   * INBOX: each message is stored (on its lead, or held) before it leaves INBOX, then moved: read to
   * the processed folder, or unread to Unmatched when held. A message that could not be stored stays
   * in INBOX, untouched, for the next pass.
   */
  async function importInbox(imap: ImapFlow, summary: ImportSummary): Promise<MovedCopy[]> {
    const copies: MovedCopy[] = [];
    const lock = await imap.getMailboxLock(INBOX);
    try {
      for (const uid of (await imap.search({ all: true }, { uid: true })) || []) {
        try {
          const prepared = await prepare(imap, uid);
          if (!prepared) {
            summary.takenByOthers++;
            continue;
          }
          const outcome = await storeImport(db, prepared, mailboxKey, timeZone);
          count(summary, outcome);
          const target = outcome.kind === 'held' ? config.unmatchedFolder : config.processedFolder;
          if (outcome.kind === 'stored') await imap.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          const moved = await imap.messageMove(String(uid), target, { uid: true });
          const movedUid = moved ? moved.uidMap?.get(uid) : undefined;
          if (movedUid === undefined) summary.takenByOthers++;
          else
            copies.push({
              folder: target,
              uid: movedUid,
              messageId: prepared.reply.externalId,
              digest: prepared.reply.digest,
            });
        } catch (err) {
          summary.failed++;
          log.error({ err: { message: (err as Error).message } }, 'a mailbox message could not be imported');
        }
      }
    } finally {
      lock.release();
    }
    return copies;
  }

  /**
   * Two processes' MOVEs of one message can both go through (Dovecot's Maildir copies, then
   * expunges): each process deletes its copy when an older one (a lower UID) of the same bytes is in
   * the folder. The newer copy is made after the older one, so its owner, looking after its own MOVE,
   * always sees both. Another message that merely claims the same Message-ID is never a reason to
   * delete; a message without a Message-ID keeps every copy.
   */
  async function dropSecondCopies(imap: ImapFlow, copies: MovedCopy[]): Promise<void> {
    for (const folder of new Set(copies.map((copy) => copy.folder))) {
      const lock = await imap.getMailboxLock(folder);
      try {
        for (const copy of copies.filter((c) => c.folder === folder && !c.messageId.startsWith('sha256:'))) {
          const same = (await imap.search({ header: { 'message-id': copy.messageId } }, { uid: true })) || [];
          for (const older of same.filter((uid) => uid < copy.uid)) {
            const message = await imap.fetchOne(String(older), { source: true }, { uid: true });
            if (message === false || !message.source || digestOf(message.source) !== copy.digest) continue;
            await imap.messageDelete(String(copy.uid), { uid: true });
            break;
          }
        }
      } finally {
        lock.release();
      }
    }
  }

  /** The processed folder: store what a process of an earlier version moved there and left unread. */
  async function sweepProcessed(imap: ImapFlow, summary: ImportSummary): Promise<void> {
    const lock = await imap.getMailboxLock(config.processedFolder);
    try {
      const unread = (await imap.search({ seen: false }, { uid: true })) || [];
      const at = now().getTime();
      unreadSince = new Map(unread.map((uid) => [uid, unreadSince.get(uid) ?? at]));
      const abandoned = unread.filter((uid) => at - (unreadSince.get(uid) ?? at) >= ABANDONED_AFTER_MS);
      for (const uid of abandoned) unreadSince.delete(uid);
      for (const uid of abandoned) {
        try {
          const prepared = await prepare(imap, uid);
          if (!prepared) continue;
          const outcome = await storeImport(db, prepared, mailboxKey, timeZone);
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
    const copies = await importInbox(imap, summary);
    await sweepProcessed(imap, summary);
    await dropSecondCopies(imap, copies);
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
