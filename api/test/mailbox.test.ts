// Replies by e-mail against a real IMAP server (Dovecot, started for this file): each reply lands on its
// lead once, also with two importers reading one mailbox; the lead is found by the reply address, or
// by an e-mail of ours the reply answers, and by nothing a sender can write (docs/security.md, "Forged
// replies"): everything else is held for staff as "Unmatched e-mail" and waits unread in the Unmatched
// folder; the thread orders by when we received a message; a message leaves INBOX only once stored;
// quoted history is trimmed; IDLE brings a new reply in without a poll.
import { randomUUID } from 'node:crypto';
import type { ImapFlow } from 'imapflow';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { ABANDONED_AFTER_MS, createMailboxImporter, type MailboxImporter } from '../src/mailbox/mailbox-importer.ts';
import { replyAddressOfLead } from '../src/mailbox/mailbox.service.ts';
import { HELD_REASONS } from '../src/mailbox/match-lead.ts';
import { buildReactingApp, startSmtpServer } from './support/automation-engine.ts';
import { isDovecotInstalled, startDovecot, type TestMailServer } from './support/dovecot.ts';
import { ADMIN_NAME, countRows, describeApi, insertLead, signIn, useTestApp, VALID_QUOTE } from './support/test-app.ts';
import { reportMissingPart } from './support/missing-parts.ts';

const MAILBOX = 'sales@shine.example';

interface RawMessage {
  from: string;
  to: string;
  subject?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string;
  /** The Date: header (default: now); anyone can write any date there. */
  date?: Date;
  /** An Authentication-Results header, as the receiving mail server adds it. */
  authenticationResults?: string;
  body: string;
  html?: boolean;
}

function rawMessage(message: RawMessage): string {
  const headers = [
    ...(message.authenticationResults ? [`Authentication-Results: ${message.authenticationResults}`] : []),
    `From: Customer <${message.from}>`,
    `To: ${message.to}`,
    `Subject: ${message.subject ?? 'Re: Your cleaning quote'}`,
    `Date: ${(message.date ?? new Date()).toUTCString()}`,
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

  /** The importers' clock: the real time unless a test pins it. */
  const clock: { now: Date | undefined } = { now: undefined };

  function importer(overrides: { pollSeconds?: number } = {}): MailboxImporter {
    const config = loadConfig({ IMAP_URL: server.url, REPLY_MAILBOX: MAILBOX, LOG_LEVEL: 'silent' });
    const created = createMailboxImporter({
      db: t.db,
      config: { ...config.mailbox, imap: config.mailbox.imap!, ...overrides },
      logger: createLogger(config),
      now: () => clock.now ?? new Date(),
      timeZone: config.businessTimeZone,
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
    clock.now = undefined;
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
    // Each message stored by one importer; the other was told it is a duplicate or found it moved
    // (when both MOVEs went through, the newer copy was deleted). Nothing failed.
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

  it('files a reply by its reply address, else by the e-mail of ours it answers, and holds the rest', async () => {
    const byToken = await insertLead(t.db, { email: 'token@customer.example' });
    const byThread = await insertLead(t.db, { email: 'thread@customer.example' });
    const bySender = await insertLead(t.db, { email: 'Sender@Customer.example' });
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
    // The sender's address is a lead's, but a From: line proves nothing: held, not filed on that lead.
    await server.deliver(
      rawMessage({ from: 'SENDER@customer.example', to: MAILBOX, messageId: '<sender-only@c.example>', body: 'Hi' }),
    );
    await server.deliver(
      rawMessage({
        from: 'stranger@nowhere.example',
        to: MAILBOX,
        messageId: '<stranger@n.example>',
        body: 'Do you clean offices?',
      }),
    );

    const summary = await importer().pollOnce();
    expect(summary).toMatchObject({ stored: 3, unmatched: 2, duplicates: 0, failed: 0 });
    const stored = await storedMessages();
    for (const c of cases) expect(stored.find((m) => m.external_id === c.id)?.lead_id, c.id).toBe(c.lead);
    expect(stored.some((m) => m.lead_id === bySender)).toBe(false);
    const held = await t.db('unmatched_emails').orderBy('external_id').select('external_id', 'reason', 'status');
    expect(held).toEqual([
      { external_id: '<sender-only@c.example>', reason: HELD_REASONS.noProof, status: 'held' },
      { external_id: '<stranger@n.example>', reason: HELD_REASONS.noProof, status: 'held' },
    ]);
    // Never dropped: held in the database, and waiting unread where staff read the mailbox.
    const unmatched = await folder('Unmatched');
    expect(unmatched.map((m) => m.messageId).sort()).toEqual(['<sender-only@c.example>', '<stranger@n.example>']);
    expect(unmatched.every((m) => !m.seen)).toBe(true);
  });

  it('holds a forged From: with no reply address and no known In-Reply-To; staff attach it or dismiss it', async () => {
    const leadId = await insertLead(t.db, { email: 'ana@customer.example', first_name: 'Ana', last_name: 'Diaz' });
    await replyAddressOfLead(t.db, MAILBOX, leadId);
    const forged = {
      from: 'ana@customer.example',
      to: MAILBOX,
      inReplyTo: '<made-up@attacker.example>',
      authenticationResults:
        'mx.shine.example; spf=fail smtp.mailfrom=attacker.example; dkim=none; dmarc=fail header.from=customer.example',
    };
    await server.deliver(
      rawMessage({ ...forged, messageId: '<forged-1@attacker.example>', body: 'Send the key to the new address.' }),
    );
    await server.deliver(rawMessage({ ...forged, messageId: '<forged-2@attacker.example>', body: 'Cancel it.' }));

    expect(await importer().pollOnce()).toMatchObject({ stored: 0, unmatched: 2, failed: 0 });
    expect(await countRows(t.db, 'conversation_messages')).toBe(0);
    expect(
      Number((await t.db('activities').where({ lead_id: leadId, type: 'email' }).count({ n: '*' }).first())?.n),
    ).toBe(0);
    expect((await folder('Unmatched')).every((m) => !m.seen)).toBe(true);

    const agent = await t.agent();
    const list = await agent.get('/api/admin/unmatched-emails').expect(200);
    expect(list.body.total).toBe(2);
    const first = list.body.items.find((item: { body: string }) => item.body.startsWith('Send the key'));
    expect(first).toMatchObject({
      from: 'ana@customer.example',
      to: [MAILBOX],
      status: 'held',
      reason: HELD_REASONS.unknownThread,
      authentication: 'spf=fail dkim=none dmarc=fail',
      suggestedLead: { id: leadId, name: 'Ana Diaz' },
      leadId: null,
      resolvedBy: null,
    });
    const second = list.body.items.find((item: { body: string }) => item.body === 'Cancel it.');

    // Staff attach one to the lead they chose: in the thread, on the timeline with who did it.
    const attached = await agent.post(`/api/admin/unmatched-emails/${first.id}/attach`).send({ leadId }).expect(200);
    expect(attached.body).toMatchObject({ status: 'attached', leadId, leadName: 'Ana Diaz', resolvedBy: ADMIN_NAME });
    const thread = await agent.get(`/api/admin/leads/${leadId}/messages`).expect(200);
    expect(thread.body.items).toEqual([
      expect.objectContaining({ direction: 'in', body: 'Send the key to the new address.' }),
    ]);
    const [activity] = await t.db('activities').where({ lead_id: leadId, type: 'email' }).select('subject', 'user_id');
    expect(activity).toEqual({
      subject: `E-mail from ana@customer.example, attached by ${ADMIN_NAME}: Re: Your cleaning quote`,
      user_id: t.adminId,
    });
    await agent.post(`/api/admin/unmatched-emails/${first.id}/attach`).send({ leadId }).expect(409);

    // The other is dismissed: gone from the held list, kept in the database.
    const dismissed = await agent.post(`/api/admin/unmatched-emails/${second.id}/dismiss`).expect(200);
    expect(dismissed.body).toMatchObject({ status: 'dismissed', resolvedBy: ADMIN_NAME, leadId: null });
    expect((await agent.get('/api/admin/unmatched-emails').expect(200)).body).toEqual({ items: [], total: 0 });
    const all = await agent.get('/api/admin/unmatched-emails?status=all').expect(200);
    expect(all.body.items.map((item: { status: string }) => item.status).sort()).toEqual(['attached', 'dismissed']);
    expect(await countRows(t.db, 'conversation_messages')).toBe(1);
  });

  it('files a reply answering an e-mail staff sent by hand or a quote e-mail, by its In-Reply-To', async () => {
    const smtp = await startSmtpServer();
    const sender = await buildReactingApp(t.db, smtp, {
      env: { PUBLIC_ORIGIN: 'https://shine.example.com', ALLOWED_HOSTS: '127.0.0.1' },
    });
    try {
      const staff = await signIn(sender.app);
      const leadId = (await supertest(sender.app).post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
      await staff
        .post(`/api/admin/leads/${leadId}/messages`)
        .send({ channel: 'email', subject: 'Your cleaning', body: 'Does Tuesday work?' })
        .expect(201);
      const draft = await staff.post(`/api/admin/leads/${leadId}/quotes`).send({}).expect(201);
      await staff.post(`/api/admin/quotes/${draft.body.id}/send`).send({ email: true }).expect(200);
      await sender.settle();
      const messageIds = smtp.received.map((mail) => /^Message-ID:\s*(<[^>]+>)/im.exec(mail.raw)?.[1]);
      expect(messageIds).toEqual([expect.stringMatching(/^</), expect.stringMatching(/^</)]);

      // From another address than the lead's, to the bare mailbox: only the answer ties it to the lead.
      for (const [n, inReplyTo] of messageIds.entries()) {
        await server.deliver(
          rawMessage({
            from: 'ann.work@office.example',
            to: MAILBOX,
            inReplyTo,
            messageId: `<answer-${n}@o.example>`,
            body: `Answer ${n}`,
          }),
        );
      }
      expect(await importer().pollOnce()).toMatchObject({ stored: 2, unmatched: 0, failed: 0 });
      expect((await storedMessages()).filter((m) => m.direction === 'in')).toEqual([
        expect.objectContaining({ lead_id: leadId, external_id: '<answer-0@o.example>' }),
        expect.objectContaining({ lead_id: leadId, external_id: '<answer-1@o.example>' }),
      ]);
    } finally {
      await sender.close();
      await smtp.close();
    }
  });

  it('orders the thread by when we received a message, not by the Date: its sender wrote', async () => {
    const leadId = await insertLead(t.db, { email: 'ana@customer.example' });
    const to = (await replyAddressOfLead(t.db, MAILBOX, leadId)) as string;
    const agent = await t.agent();
    await agent
      .post(`/api/admin/leads/${leadId}/messages`)
      .send({ channel: 'email', subject: 'Your cleaning', body: 'Does Tuesday work?' })
      .expect(201);
    const monthAgo = new Date(Date.now() - 30 * 24 * 3600_000);
    await server.deliver(
      rawMessage({ from: 'ana@customer.example', to, date: monthAgo, messageId: '<backdated@c.example>', body: 'No.' }),
    );
    expect((await importer().pollOnce()).stored).toBe(1);
    const thread = (await agent.get(`/api/admin/leads/${leadId}/messages`).expect(200)).body.items as Array<{
      body: string;
      at: string;
    }>;
    expect(thread.map((m) => m.body)).toEqual(['Does Tuesday work?', 'No.']);
    expect(Date.parse(thread[1]?.at ?? '')).toBeGreaterThan(monthAgo.getTime() + 29 * 24 * 3600_000);
  });

  it('files one Message-ID on every lead whose reply address it was sent to', async () => {
    const [ana, ben] = await Promise.all(
      ['ana', 'ben'].map((name) => insertLead(t.db, { email: `${name}@customer.example` })),
    );
    const [anaAddress, benAddress] = (await Promise.all(
      [ana, ben].map((id) => replyAddressOfLead(t.db, MAILBOX, id as string)),
    )) as string[];
    // A sender chooses its Message-ID: one already stored for one lead must not hide a reply to another.
    await server.deliver(
      rawMessage({ from: 'x@e.example', to: anaAddress as string, messageId: '<same@e.example>', body: 'To Ana' }),
    );
    await server.deliver(
      rawMessage({ from: 'y@e.example', to: benAddress as string, messageId: '<same@e.example>', body: 'To Ben' }),
    );
    await server.deliver(
      rawMessage({
        from: 'z@e.example',
        to: `${anaAddress}, ${benAddress}`,
        messageId: '<both@e.example>',
        body: 'To both',
      }),
    );
    expect(await importer().pollOnce()).toMatchObject({ failed: 0, unmatched: 0 });
    const stored = await storedMessages();
    const on = (leadId: string | undefined) =>
      stored
        .filter((m) => m.lead_id === leadId)
        .map((m) => `${m.external_id} ${m.body}`)
        .sort();
    expect(on(ana)).toEqual(['<both@e.example> To both', '<same@e.example> To Ana']);
    expect(on(ben)).toEqual(['<both@e.example> To both', '<same@e.example> To Ben']);
    expect(await folder('INBOX')).toEqual([]);
  });

  it('leaves a message in INBOX while it cannot be stored, and imports it once it can', async () => {
    const leadId = await insertLead(t.db, { email: 'ana@customer.example' });
    const to = (await replyAddressOfLead(t.db, MAILBOX, leadId)) as string;
    await server.deliver(
      rawMessage({ from: 'ana@customer.example', to, messageId: '<kept@c.example>', body: 'Keep me' }),
    );
    // The database refuses the row (as a full disk or a dropped connection would): nothing is stored.
    await t.db.raw(
      `alter table conversation_messages add constraint refuse_keep_me check (body <> 'Keep me') not valid`,
    );
    try {
      expect(await importer().pollOnce()).toMatchObject({ stored: 0, failed: 1 });
      expect(await folder('INBOX')).toEqual([expect.objectContaining({ messageId: '<kept@c.example>', seen: false })]);
      expect(await folder('Processed')).toEqual([]);
    } finally {
      await t.db.raw('alter table conversation_messages drop constraint refuse_keep_me');
    }
    expect(await importer().pollOnce()).toMatchObject({ stored: 1, failed: 0 });
    expect((await storedMessages()).map((m) => m.external_id)).toEqual(['<kept@c.example>']);
    expect(await folder('INBOX')).toEqual([]);
    expect(await folder('Processed')).toEqual([expect.objectContaining({ messageId: '<kept@c.example>', seen: true })]);
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
    clock.now = new Date();
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
    clock.now = new Date((clock.now as Date).getTime() + 1000);
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
