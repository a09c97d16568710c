// The customer's e-mails are reactions to committed changes (api/src/reactions/), never part of an
// answer: with a mail server that accepts connections and never says a word, staff's quote send and
// the customer's booking answer at once. The process is then killed (SIGKILL) while its jobs wait on
// that server; the mail server comes back and the process is started again: the quote e-mail and the
// booking confirmation each arrive exactly once, within two minutes of the restart. On PGlite (the
// process's own data directory) and on PostgreSQL.
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { quoteSentSchema } from '@shine/shared/responses/quotes';
import { slotListSchema } from '@shine/shared/bookings';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer, waitFor } from '../support/automation-engine.ts';
import { createClusterDatabase } from './support/cluster.ts';
import { buildQuote, postQuote, send, signIn } from './support/http.ts';
import { makeTempDir } from './support/run-resources.ts';
import { type ServerProcess, startServer, stopServer } from './support/server-process.ts';

const ANSWER_LIMIT_MS = 2_000;
const DELIVERY_LIMIT_MS = 120_000;

/** A "mail server" that takes connections and never answers: an SMTP client waits for its greeting. */
async function startSilentServer(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const databases = [
  { name: 'PGlite', env: async () => ({ DATA_DIR: makeTempDir('reactions') }) },
  {
    name: 'PostgreSQL',
    env: async () => ({ DATABASE_URL: await createClusterDatabase(`shine_reactions_${process.pid}`) }),
  },
];

describe.each(databases)('reactions on $name: a mail server that never answers, a killed process', ({ env }) => {
  let server: ServerProcess | undefined;
  let smtp: TestSmtpServer | undefined;
  afterAll(async () => {
    await stopServer(server);
    await smtp?.close();
  });

  it('answers at once, then after SIGKILL and restart sends the quote and the confirmation exactly once', {
    timeout: 240_000,
  }, async () => {
    const silent = await startSilentServer();
    const processEnv = {
      ...(await env()),
      SMTP_URL: `smtp://127.0.0.1:${silent.port}`,
      MAIL_FROM: 'Shine <robot@example.com>',
      AUTOMATION_POLL_SECONDS: '0.5',
      AUTOMATION_RETRY_DELAY_SECONDS: '1',
      // A job whose process was killed is handed on within its heartbeat (10 s) and one pass of this.
      AUTOMATION_MONITOR_SECONDS: '2',
      RATE_LIMIT_QUOTE_LINKS_PER_MINUTE: '100000',
    };
    server = await startServer({ env: processEnv });
    const base = server.baseUrl;
    const cookie = await signIn(base);
    const admin = { cookie, origin: base, 'content-type': 'application/json' };

    const quote = { ...buildQuote('reactions', 1), email: `reactions-${Date.now()}@example.com` };
    const created = await postQuote(base, quote);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const leadId = (created.body as { id: string }).id;
    const draft = await send(`${base}/api/admin/leads/${leadId}/quotes`, {
      method: 'POST',
      headers: admin,
      body: '{}',
    });
    expect(draft.status).toBe(201);

    const sending = await send(`${base}/api/admin/quotes/${(draft.body as { id: string }).id}/send`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ email: true }),
    });
    expect(sending.status, JSON.stringify(sending.body)).toBe(200);
    expect(sending.ms).toBeLessThan(ANSWER_LIMIT_MS);
    const sent = quoteSentSchema.parse(sending.body);
    expect(sent.emailed).toBe(true);
    const token = new URL(sent.url).pathname.split('/').pop() as string;

    const json = { 'content-type': 'application/json' };
    const accepted = await send(`${base}/api/quotes/${token}/accept`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Ann Lee' }),
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const slots = slotListSchema.parse((await send(`${base}/api/quotes/${token}/slots`)).body);
    const booking = await send(`${base}/api/quotes/${token}/booking`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        start: slots.slots[0]?.start,
        address: { line1: '4521 Elm Street', city: 'Plano', zip: '75024' },
      }),
    });
    expect(booking.status, JSON.stringify(booking.body)).toBe(201);
    expect(booking.ms).toBeLessThan(ANSWER_LIMIT_MS);

    // Both e-mails are on their way to the silent server (its connections are their sends) when the
    // process dies.
    await waitFor(async () => silent.connections() >= 2, 30_000);
    server.child.kill('SIGKILL');
    await server.exited;
    await silent.close();
    smtp = await startSmtpServer(silent.port);
    server = await startServer({ env: processEnv, port: server.port });
    const restartedAt = Date.now();

    const mailOf = () => (smtp as TestSmtpServer).received.filter((mail) => mail.to.includes(quote.email));
    const subjects = () => mailOf().map((mail) => /^Subject:\s*(.*)$/im.exec(mail.raw)?.[1] ?? '');
    await waitFor(
      async () =>
        subjects().some((subject) => subject.startsWith('Your cleaning quote')) &&
        subjects().some((subject) => subject.startsWith('Your cleaning is booked')),
      DELIVERY_LIMIT_MS,
    );
    expect(Date.now() - restartedAt).toBeLessThan(DELIVERY_LIMIT_MS);
    // Settled: the conversation shows both sent, and nothing more is on its way.
    const restartedCookie = await signIn(server.baseUrl);
    await waitFor(async () => {
      const thread = await send(`${server?.baseUrl}/api/admin/leads/${leadId}/messages`, {
        headers: { cookie: restartedCookie },
      });
      const items = (thread.body as { items: Array<{ channel: string; status: string }> }).items;
      const emails = items.filter((item) => item.channel === 'email');
      return emails.length === 2 && emails.every((item) => item.status === 'sent');
    }, 30_000);
    const messageIds = mailOf().map((mail) => /^Message-ID:\s*(\S+)/im.exec(mail.raw)?.[1]);
    expect(subjects().filter((subject) => subject.startsWith('Your cleaning quote'))).toHaveLength(1);
    expect(subjects().filter((subject) => subject.startsWith('Your cleaning is booked'))).toHaveLength(1);
    expect(new Set(messageIds).size).toBe(2);
  });
});
