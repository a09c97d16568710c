// Replies by e-mail (docs/requirements.md#email-replies) against a real IMAP server (Dovecot,
// started for this file): each reply lands on its lead once, also with two importers reading one
// mailbox; the lead is found by the reply address, then the thread, then the sender; quoted history
// is trimmed; what names no lead waits unread in the Unmatched folder; IDLE brings a new reply in
// without a poll.
import { randomUUID } from 'node:crypto';
import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { ABANDONED_AFTER_MS, createMailboxImporter, type MailboxImporter } from '../src/mailbox/mailbox-importer.ts';
import { replyAddressOfLead } from '../src/mailbox/mailbox.service.ts';
import { isDovecotInstalled, startDovecot, type TestMailServer } from './support/dovecot.ts';
import { countRows, describeApi, insertLead, useTestApp } from './support/test-app.ts';
import { reportMissingPart } from './support/missing-parts.ts';

const MAILBOX = 'sales@shine.example';

interface RawMessage {
  from: string;
  to: string;
  subject?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string;
  body: string;
  html?: boolean;
}

function rawMessage(message: RawMessage): string {
  const headers = [
    `From: Customer <${message.from}>`,
    `To: ${message.to}`,
    `Subject: ${message.subject ?? 'Re: Your cleaning quote'}`,
    `Date: Mon, 23 Nov 2026 15:00:00 +0000`,
    `Message-ID: ${message.messageId ?? `<${randomUUID()}@customer.example>`}`,
    ...(message.inReplyTo ? [`In-Reply-To: ${message.inReplyTo}`] : []),
    ...(message.references ? [`References: ${message.references}`] : []),
    'MIME-Version: 1.0',
    `Content-Type: text/${message.html ? 'html' : 'plain'}; charset=utf-8`,
  ];
  return `${headers.join('\r\n')}\r\n\r\n${message.body.replace(/\n/g, '\r\n')}\r\n`;
}

const dovecotInstalled = isDovecotInstalled();
if (!dovecotInstalled) {
  reportMissingPart({
    part: 'Dovecot (the IMAP server the mailbox tests read replies from)',
    skipped: 'the mailbox tests',
    install: 'sudo apt-get install dovecot-imapd',
  });
}
const describeMailbox = dovecotInstalled ? describeApi : describe.skip;

describeMailbox('mailbox: replies by e-mail over IMAP', () => {
  const t = useTestApp();
  let server: TestMailServer;
  let inspector: ImapFlow;
  const importers: MailboxImporter[] = [];

  const clock = { now: new Date('2026-11-23T16:00:00Z') };

  function importer(overrides: { pollSeconds?: number } = {}): MailboxImporter {
    const config = loadConfig({ IMAP_URL: server.url, REPLY_MAILBOX: MAILBOX, LOG_LEVEL: 'silent' });
    const created = createMailboxImporter({
      db: t.db,
      config: { ...config.mailbox, imap: config.mailbox.imap!, ...overrides },
      logger: createLogger(config),
      now: () => clock.now,
    });
    importers.push(created);
    return created;
  }

  async function folder(path: string): Promise<Array<{ uid: number; seen: boolean; messageId: string }>> {
    const lock = await inspector.getMailboxLock(path);
    try {
      // Already selected: the count is news only after a command.
      await inspector.noop();
      if (!inspector.mailbox || inspector.mailbox.exists === 0) return [];
      const messages = await inspector.fetchAll('1:*', { flags: true, envelope: true });
      return messages.map((m) => ({
        uid: m.uid,
        seen: m.flags?.has('\\Seen') ?? false,
        messageId: m.envelope?.messageId ?? '',
      }));
    } finally {
      lock.release();
    }
  }

  async function storedMessages() {
    return t
      .db('conversation_messages')
      .orderBy('created_at')
      .select('lead_id', 'body', 'subject', 'sender', 'external_id', 'channel', 'direction');
  }

  beforeAll(async () => {
    server = await startDovecot();
    inspector = await server.client();
  });

  afterAll(async () => {
    await Promise.all(importers.map((i) => i.stop()));
    await inspector?.logout().catch(() => undefined);
    server?.stop();
  });

  beforeEach(async () => {
    await Promise.all(importers.splice(0).map((i) => i.stop()));
    for (const path of ['INBOX', 'Processed', 'Unmatched']) {
      const exists = (await inspector.list()).some((box) => box.path === path);
      if (!exists) continue;
      const lock = await inspector.getMailboxLock(path);
      try {
        await inspector.messageDelete('1:*');
      } finally {
        lock.release();
      }
    }
  });

  it('imports each reply exactly once with two importers reading one mailbox at once', async () => {
    const leads = await Promise.all(
      ['ana', 'ben', 'cy'].map((name) => insertLead(t.db, { email: `${name}@customer.example` })),
    );
    const sent: string[] = [];
    for (const [i, leadId] of leads.entries()) {
      const to = (await replyAddressOfLead(t.db, MAILBOX, leadId)) as string;
      for (const n of [1, 2, 3, 4]) {
        const messageId = `<reply-${i}-${n}@customer.example>`;
        sent.push(messageId);
        await server.deliver(rawMessage({ from: `x${i}@elsewhere.example`, to, messageId, body: `Reply ${n}` }));
      }
    }
    const [a, b] = [importer(), importer()];
    const summaries = await Promise.all([a.pollOnce(), b.pollOnce(), a.pollOnce(), b.pollOnce()]);

    const stored = await storedMessages();
    expect(stored.map((m) => m.external_id).sort()).toEqual([...sent].sort());
    // Each message stored by one importer; the other found it moved (or, when both MOVEs went
    // through, was told it is a duplicate and deleted its copy). Nothing failed.
    const total = (field: keyof (typeof summaries)[number]) => summaries.reduce((sum, s) => sum + s[field], 0);
    expect(total('stored')).toBe(sent.length);
    expect(total('failed') + total('unmatched')).toBe(0);
    expect(await folder('INBOX')).toEqual([]);
    const processed = await folder('Processed');
    expect(processed.map((m) => m.messageId).sort()).toEqual([...sent].sort());
    expect(processed.every((m) => m.seen)).toBe(true);

    // Read again: nothing new.
    const again = await Promise.all([a.pollOnce(), b.pollOnce()]);
    expect(again.every((s) => s.stored === 0 && s.duplicates === 0)).toBe(true);
    expect(await countRows(t.db, 'conversation_messages')).toBe(sent.length);
  });

  it('finds the lead by the reply address first, then the thread, then the sender', async () => {
    const byToken = await insertLead(t.db, { email: 'token@customer.example' });
    const byThread = await insertLead(t.db, { email: 'thread@customer.example' });
    const closedSender = await insertLead(t.db, {
      email: 'sender@customer.example',
      status: 'Lost',
      created_at: new Date('2026-11-20T00:00:00Z'),
    });
    const openSender = await insertLead(t.db, {
      email: 'Sender@Customer.example',
      created_at: new Date('2026-11-01T00:00:00Z'),
    });
    const [outbox] = await t
      .db('automation_messages')
      .insert({ lead_id: byThread, channel: 'email', recipient: 'thread@customer.example', body: 'Hi', status: 'sent' })
      .returning('id');
    const ourMessageId = `<${(outbox as { id: string }).id}@lonestarshine.example.com>`;
    const tokenAddress = (await replyAddressOfLead(t.db, MAILBOX, byToken)) as string;

    const cases = [
      { id: '<all-three@c.example>', to: tokenAddress, inReplyTo: ourMessageId, lead: byToken, from: 'sender' },
      { id: '<thread-and-sender@c.example>', to: MAILBOX, inReplyTo: ourMessageId, lead: byThread, from: 'sender' },
      {
        id: '<unknown-token@c.example>',
        to: `sales+${'z'.repeat(20)}@shine.example`,
        references: `<other@c.example> ${ourMessageId}`,
        lead: byThread,
        from: 'nobody',
      },
      { id: '<sender-only@c.example>', to: MAILBOX, lead: openSender, from: 'SENDER' },
    ];
    for (const c of cases) {
      await server.deliver(
        rawMessage({
          from: `${c.from}@customer.example`,
          to: c.to,
          messageId: c.id,
          inReplyTo: c.inReplyTo,
          references: c.references,
          body: `case ${c.id}`,
        }),
      );
    }
    await server.deliver(
      rawMessage({
        from: 'stranger@nowhere.example',
        to: MAILBOX,
        messageId: '<stranger@n.example>',
        body: 'Do you clean offices?',
      }),
    );

    const summary = await importer().pollOnce();
    expect(summary).toMatchObject({ stored: 4, unmatched: 1, duplicates: 0, failed: 0 });
    const stored = await storedMessages();
    for (const c of cases) expect(stored.find((m) => m.external_id === c.id)?.lead_id, c.id).toBe(c.lead);
    expect(stored.some((m) => m.lead_id === closedSender)).toBe(false);
    // Never dropped: the stranger's message waits unread where staff read the mailbox.
    expect(await folder('Unmatched')).toEqual([
      expect.objectContaining({ messageId: '<stranger@n.example>', seen: false }),
    ]);
  });

  it('stores the customer’s words without the quoted history, from plain text or HTML', async () => {
    const leadId = await insertLead(t.db, { email: 'ana@customer.example' });
    const to = (await replyAddressOfLead(t.db, MAILBOX, leadId)) as string;
    await server.deliver(
      rawMessage({
        from: 'ana@customer.example',
        to,
        messageId: '<plain@c.example>',
        body: 'Tuesday works.\n\nOn Mon, Nov 23, 2026 at 9:00 AM Shine <hello@shine.example> wrote:\n> Hello Ana,\n> your quote',
      }),
    );
    await server.deliver(
      rawMessage({
        from: 'ana@customer.example',
        to,
        messageId: '<html@c.example>',
        html: true,
        body: '<div>Can you come <b>earlier</b>?</div><blockquote>On Monday, Shine wrote:<br>Hello Ana</blockquote>',
      }),
    );
    await importer().pollOnce();
    const stored = await storedMessages();
    expect(stored.find((m) => m.external_id === '<plain@c.example>')).toMatchObject({
      body: 'Tuesday works.',
      subject: 'Re: Your cleaning quote',
      sender: 'ana@customer.example',
      channel: 'email',
      direction: 'in',
    });
    const html = stored.find((m) => m.external_id === '<html@c.example>');
    expect(html?.body).toContain('Can you come earlier?');
    expect(html?.body).not.toContain('Hello Ana');
  });

  it('imports a message a dead importer left unread in the processed folder, once it has waited there', async () => {
    const leadId = await insertLead(t.db, { email: 'ana@customer.example' });
    const to = (await replyAddressOfLead(t.db, MAILBOX, leadId)) as string;
    const reader = importer();
    await reader.pollOnce(); // makes the folders
    // Claimed (moved) by a process that died before storing it.
    await inspector.append(
      'Processed',
      rawMessage({ from: 'ana@customer.example', to, messageId: '<orphan@c.example>', body: 'Still there?' }),
      [],
    );
    // Unread for a moment is another process's work in progress: left alone.
    expect((await reader.pollOnce()).stored).toBe(0);
    clock.now = new Date(clock.now.getTime() + ABANDONED_AFTER_MS - 1000);
    expect((await reader.pollOnce()).stored).toBe(0);
    clock.now = new Date(clock.now.getTime() + 1000);
    expect((await reader.pollOnce()).stored).toBe(1);
    expect((await storedMessages()).map((m) => m.external_id)).toEqual(['<orphan@c.example>']);
    expect(await folder('Processed')).toEqual([expect.objectContaining({ seen: true })]);
  });

  it('hears a new reply through IDLE without waiting for the next poll', async () => {
    const leadId = await insertLead(t.db, { email: 'ana@customer.example' });
    const to = (await replyAddressOfLead(t.db, MAILBOX, leadId)) as string;
    const reader = importer({ pollSeconds: 3600 });
    await reader.start();
    // Delivered while the importer rests on INBOX: the server tells it (IDLE, or the EXISTS it
    // sends with the next command), and nothing else would make it read within the hour.
    await server.deliver(
      rawMessage({ from: 'ana@customer.example', to, messageId: '<idle@c.example>', body: 'Hello there' }),
    );
    await vi.waitFor(async () => expect(await countRows(t.db, 'conversation_messages')).toBe(1), {
      timeout: 10_000,
      interval: 100,
    });
    await reader.stop();
  });
});
