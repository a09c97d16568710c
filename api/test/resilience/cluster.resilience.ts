// Scale-out on real parts (docs/deploy.md): three API processes behind HAProxy (deploy/haproxy.cfg)
// on one PostgreSQL. Under quote traffic one process is killed with SIGKILL and started again:
// no acknowledged quote is lost, only requests that process was already answering fail, every lead's
// automated e-mail goes out once (a re-send after a kill carries the same Message-ID), live events of
// every process reach a stream held by another, and sessions and rate limits are the cluster's, not
// one process's.
import { randomUUID } from 'node:crypto';
import type { Lead } from '@shine/shared/types';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer, waitFor } from '../support/automation-engine.ts';
import { type LiveClient, openLive } from '../support/live-client.ts';
import { type Cluster, createClusterDatabase, haproxyMissing, startCluster } from './support/cluster.ts';
import { reportMissingPart } from '../support/missing-parts.ts';
import { recordFigure } from './support/figures.ts';
import { buildQuote, listAllLeadIds, postQuote, runLoad, signIn } from './support/http.ts';

const CONCURRENCY = 6;
const LOGIN_LIMIT = 5;
const KILLED = 1;
const QUOTE_PAUSE_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const missing = haproxyMissing();
if (missing) {
  reportMissingPart({ part: 'HAProxy', skipped: 'the cluster test', install: 'sudo apt-get install haproxy' });
}

/** The Message-ID of a raw e-mail. */
const messageIdOf = (raw: string) => /^Message-ID:\s*(\S+)/im.exec(raw)?.[1];

describe.skipIf(missing !== undefined)('three API processes behind HAProxy on one PostgreSQL', () => {
  let cluster: Cluster | undefined;
  let smtp: TestSmtpServer;
  let databaseUrl: string;
  let cookie: string;
  let stream: LiveClient | undefined;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    databaseUrl = await createClusterDatabase(`shine_cluster_${process.pid}`);
    cluster = await startCluster(databaseUrl, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Shine <robot@example.com>',
      AUTOMATION_POLL_SECONDS: '0.5',
      AUTOMATION_RETRY_DELAY_SECONDS: '1',
      // A job whose process was killed is handed on within its heartbeat (10 s) and one pass of this.
      AUTOMATION_MONITOR_SECONDS: '2',
      AUTOMATION_SENDS_PER_HOUR: '100000',
      RATE_LIMIT_LOGIN_PER_15_MINUTES: String(LOGIN_LIMIT),
    });
    cookie = await signIn(cluster.baseUrl);
  });
  afterAll(async () => {
    stream?.close();
    await cluster?.stop();
    await smtp?.close();
  });

  const admin = (path: string, init: RequestInit = {}) =>
    fetch(`${cluster?.baseUrl}${path}`, {
      ...init,
      headers: { cookie, origin: cluster?.baseUrl ?? '', 'content-type': 'application/json', ...init.headers },
    });

  it('a session works on every process, and signing out on one ends it on all', async () => {
    const other = await signIn((cluster as Cluster).baseUrl);
    const me = (session: string) =>
      fetch(`${cluster?.baseUrl}/api/admin/leads?pageSize=1`, { headers: { cookie: session } }).then(
        (response) => response.status,
      );
    // Round robin: consecutive requests reach different processes.
    expect(await Promise.all(Array.from({ length: 6 }, () => me(other)))).toEqual(Array(6).fill(200));
    const out = await fetch(`${cluster?.baseUrl}/api/admin/logout`, {
      method: 'POST',
      headers: { cookie: other, origin: cluster?.baseUrl ?? '' },
    });
    expect([200, 204]).toContain(out.status);
    expect(await Promise.all(Array.from({ length: 6 }, () => me(other)))).toEqual(Array(6).fill(401));
  });

  it('SIGKILL and restart of one process under quote traffic: nothing acknowledged is lost, nothing sent twice', {
    timeout: 300_000,
  }, async () => {
    const live = cluster as Cluster;
    // A rule on every new lead: one e-mail each, whichever process takes the job.
    const template = await admin('/api/admin/templates', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Cluster welcome',
        type: 'email',
        subject: 'Hi {{firstName}}',
        content: 'Welcome.',
      }),
    });
    expect(template.status, await template.clone().text()).toBe(201);
    const rule = await admin('/api/admin/automations', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Cluster welcome',
        trigger: 'lead_created',
        conditions: '{}',
        actions: JSON.stringify({ type: 'send_email', templateId: ((await template.json()) as { id: string }).id }),
        isActive: true,
      }),
    });
    expect(rule.status, await rule.clone().text()).toBe(201);

    // A stream held by the first process, which is never killed: it hears of every other's leads.
    const first = live.servers[0]?.baseUrl as string;
    // The session made through HAProxy is the cluster's: the first process knows it too.
    stream = await openLive(first, { cookie, origin: first });
    expect(stream.status).toBe(200);
    await stream.next('ready', 10_000);
    const heard = new Set<string>();
    const listening = (async () => {
      for (;;) {
        const event = await stream?.next('lead.created', 120_000).catch(() => undefined);
        if (!event) return;
        heard.add((event.data as { leadId: string }).leadId);
      }
    })();

    const tag = `cluster${Date.now()}`;
    // Each client pauses between quotes: the rule's e-mails must then be drained by the queue, whose
    // workers poll every AUTOMATION_POLL_SECONDS, so the traffic is kept to what it drains in a minute.
    const load = runLoad(CONCURRENCY, async (i) => {
      const outcome = await postQuote(live.baseUrl, buildQuote(tag, i), 20_000);
      await sleep(QUOTE_PAUSE_MS);
      return outcome;
    });
    await sleep(1500);
    const goneAt = await live.kill(KILLED);
    await sleep(1000);
    await live.restart(KILLED);
    const restartedAt = Date.now();
    // Long enough for HAProxy's health check (every 500 ms, up after 2) to send it traffic again.
    await sleep(2500);
    const outcomes = await load.stop();

    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => (o.body as Lead).id);
    const failed = outcomes.filter((o) => o.status !== 201);
    recordFigure('cluster', 'quotesAcknowledged', acknowledged.length);
    recordFigure('cluster', 'failedRequests', failed.length);
    expect(acknowledged.length).toBeGreaterThan(CONCURRENCY * 5);
    // Only what the killed process held: sent before it was gone, at most one per client loop. A
    // request sent afterwards found its port closed and HAProxy gave it to another process.
    expect(failed.length, JSON.stringify(failed.slice(0, 3))).toBeLessThanOrEqual(CONCURRENCY);
    for (const outcome of failed) {
      const after = `${outcome.sentAt - goneAt} ms after the kill: ${JSON.stringify(outcome)}`;
      expect(outcome.sentAt, after).toBeLessThanOrEqual(goneAt);
    }
    // Quotes went to the restarted process too.
    expect(outcomes.filter((o) => o.sentAt > restartedAt + 1500 && o.status === 201).length).toBeGreaterThan(0);

    const stored = await listAllLeadIds(live.baseUrl, cookie);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

    // Every stored lead's e-mail, once: jobs the killed process held are taken over by the others.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const storedOfTag = (await db.query('select id, email from leads where last_name = $1', [tag])).rows as Array<{
        id: string;
        email: string;
      }>;
      await waitFor(async () => {
        const { rows } = await db.query(
          `select count(*)::int as n from automation_runs where status in ('succeeded', 'failed') and lead_id = any($1)`,
          [storedOfTag.map((lead) => lead.id)],
        );
        return (rows[0] as { n: number }).n === storedOfTag.length;
      }, 150_000);
      const runs = await db.query(
        `select lead_id, count(*)::int as n, bool_and(status = 'succeeded') as ok from automation_runs
          where lead_id = any($1) group by lead_id`,
        [storedOfTag.map((lead) => lead.id)],
      );
      expect(runs.rows.filter((row: { n: number; ok: boolean }) => row.n !== 1 || !row.ok)).toEqual([]);
      const mailTo = new Map<string, Set<string>>();
      for (const mail of smtp.received) {
        for (const to of mail.to) mailTo.set(to, (mailTo.get(to) ?? new Set()).add(messageIdOf(mail.raw) ?? ''));
      }
      const notOnce = storedOfTag.filter((lead) => mailTo.get(lead.email)?.size !== 1);
      expect(notOnce.map((lead) => [lead.email, [...(mailTo.get(lead.email) ?? [])]])).toEqual([]);
      const resent = storedOfTag.filter(
        (lead) => smtp.received.filter((mail) => mail.to.includes(lead.email)).length > 1,
      ).length;
      recordFigure('cluster', 'emailsResentSameMessageId', resent);
    } finally {
      await db.end();
    }

    // The stream on the first process heard of every acknowledged lead, whichever process made it.
    await waitFor(async () => acknowledged.every((id) => heard.has(id)), 10_000);
    stream.close();
    await listening;
  });

  it('the sign-in limit counts attempts on every process together', async () => {
    // Failed attempts count: the one after LOGIN_LIMIT of them is refused, although round robin
    // spread them over three processes (each alone would have seen at most two). Last in this file:
    // after it, this client cannot sign in for 15 minutes.
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMIT; i++) {
      const response = await fetch(`${cluster?.baseUrl}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: cluster?.baseUrl ?? '' },
        body: JSON.stringify({ username: `nobody-${randomUUID()}@example.com`, password: 'wrong-password-here' }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(LOGIN_LIMIT).fill(401), 429]);
  });
});
