// E-mail compliance (docs/requirements.md#email-compliance): the company's postal address in
// settings; every automated e-mail carries it, a visible unsubscribe link, RFC 8058's one-click
// headers and the lead's reply address (read from the real SMTP server the engine delivers to); the
// link's GET asks, its POST unsubscribes at once without cookie or origin; an unsubscribed lead's
// next automated e-mail is skipped with the reason in the run and the outbox.
import { createHmac } from 'node:crypto';
import type { AutomationRun, OutboxMessage } from '@shine/shared/automation-rules';
import {
  companyDetailsSchema,
  companyDetailsViewSchema,
  DEFAULT_COMPANY_DETAILS_SETTINGS,
} from '@shine/shared/company-settings';
import type { Lead } from '@shine/shared/types';
import { simpleParser } from 'mailparser';
import supertest from 'supertest';
import { beforeEach, expect, it } from 'vitest';
import { resolveUnsubscribeSecret } from '../src/db/app-secrets.ts';
import { useDeliveringEngine, waitFor } from './support/automation-engine.ts';
import { createWelcomeEmailRule } from './support/welcome-rule.ts';
import { type Agent, describeApi, VALID_QUOTE } from './support/test-app.ts';

const MAILBOX = 'sales@shine.example';

describeApi('e-mail compliance: postal address, one-click unsubscribe, reply address', () => {
  const h = useDeliveringEngine({ replyMailbox: MAILBOX });
  const { t } = h;
  let agent: Agent;

  beforeEach(async () => {
    agent = await t.agent();
    await t.db('company_settings').where({ key: 'company' }).delete();
  });

  const settledRuns = (leadId: string, count: number) =>
    waitFor(async () => {
      const runs = (await agent.get(`/api/admin/leads/${leadId}/runs`).expect(200)).body as AutomationRun[];
      return (
        runs.length === count && runs.every((run) => !['queued', 'running', 'retrying'].includes(run.status)) && runs
      );
    });

  it('keeps the company’s name and postal address in settings, admins only, with bad input refused', async () => {
    expect((await agent.get('/api/admin/settings/company').expect(200)).body).toEqual(DEFAULT_COMPANY_DETAILS_SETTINGS);
    const details = { name: 'Shine Test Co', postalAddress: 'PO Box 1234\nDallas, TX 75201', reviewUrl: null };
    expect((await agent.put('/api/admin/settings/company').send(details).expect(200)).body).toEqual(details);
    expect(companyDetailsSchema.parse((await agent.get('/api/admin/settings/company').expect(200)).body)).toEqual(
      details,
    );

    const refused = await agent.put('/api/admin/settings/company').send({ name: 'Shine', postalAddress: '  ' });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([expect.objectContaining({ path: 'postalAddress' })]);
    expect((await agent.get('/api/admin/settings/company').expect(200)).body).toEqual(details);
    const audit = (await agent.get('/api/admin/audit?entity=settings').expect(200)).body as { items: unknown[] };
    expect(audit.items).toEqual([expect.objectContaining({ entityId: 'company', action: 'updated' })]);
  });

  it('keeps the review page as an https link: a PUT without it keeps it, an empty one removes it, audited', async () => {
    const review = 'https://g.page/r/shine-test/review';
    const base = { name: 'Shine Test Co', postalAddress: 'PO Box 1234\nDallas, TX 75201' };
    expect((await agent.put('/api/admin/settings/company').send(base).expect(200)).body).toEqual({
      ...base,
      reviewUrl: null,
    });
    const saved = await agent.put('/api/admin/settings/company').send({ ...base, reviewUrl: `  ${review} ` });
    expect(saved.status).toBe(200);
    expect(companyDetailsViewSchema.parse(saved.body)).toEqual({ ...base, reviewUrl: review });
    // A client that does not know the field cannot erase it.
    await agent
      .put('/api/admin/settings/company')
      .send({ ...base, postalAddress: 'PO Box 9' })
      .expect(200);
    expect((await agent.get('/api/admin/settings/company').expect(200)).body).toEqual({
      ...base,
      postalAddress: 'PO Box 9',
      reviewUrl: review,
    });

    // The third review (finding 5): IP literals, single-label and reserved names, credentials, and
    // controls or quotes the URL parser would drop or a template would have to escape are refused.
    for (const bad of [
      'http://example.com/review',
      'javascript:alert(1)',
      'reviews please',
      42,
      'https://127.0.0.1/review',
      'https://10.0.0.5/review',
      'https://2130706433/review',
      'https://[::1]/review',
      'https://intranet/review',
      'https://localhost/review',
      'https://shine.local/review',
      'https://reviews.internal/r',
      'https://user:secret@g.page/r/shine/review',
      'https://g.page/r/shine/review\nBcc: someone@example.org',
      'https://g.page/r/shine/review"onmouseover="alert(1)',
      "https://g.page/r/shine/review'x",
      'https://g.page/r/sh\tine/review',
    ]) {
      const refused = await agent.put('/api/admin/settings/company').send({ ...base, reviewUrl: bad });
      expect(refused.status).toBe(400);
      expect(refused.body.issues).toEqual([expect.objectContaining({ path: 'reviewUrl' })]);
    }
    expect((await agent.get('/api/admin/settings/company').expect(200)).body.reviewUrl).toBe(review);
    // Stored as the URL parser writes it: the host lower-cased, an international name in punycode.
    const normalised = await agent
      .put('/api/admin/settings/company')
      .send({ ...base, postalAddress: 'PO Box 9', reviewUrl: 'https://WWW.Yelp.com/biz/Lone-Star-Shine' })
      .expect(200);
    expect(normalised.body.reviewUrl).toBe('https://www.yelp.com/biz/Lone-Star-Shine');
    await agent
      .put('/api/admin/settings/company')
      .send({ ...base, postalAddress: 'PO Box 9', reviewUrl: 'https://bücher.de/review' })
      .expect(200);
    expect((await agent.get('/api/admin/settings/company').expect(200)).body.reviewUrl).toBe(
      'https://xn--bcher-kva.de/review',
    );
    await agent.put('/api/admin/settings/company').send({ ...base, postalAddress: 'PO Box 9', reviewUrl: review });

    await agent
      .put('/api/admin/settings/company')
      .send({ ...base, postalAddress: 'PO Box 9', reviewUrl: '' })
      .expect(200);
    expect((await agent.get('/api/admin/settings/company').expect(200)).body.reviewUrl).toBeNull();
    const audit = (await agent.get('/api/admin/audit?entity=settings').expect(200)).body as {
      items: Array<{ before: Record<string, unknown>; after: Record<string, unknown> }>;
    };
    expect(audit.items.map(({ before, after }) => ({ before, after }))).toEqual(
      expect.arrayContaining([
        { before: { reviewUrl: null }, after: { reviewUrl: review } },
        { before: { reviewUrl: review }, after: { reviewUrl: null } },
      ]),
    );
  });

  it('sends the postal address, a visible link, one-click headers and the reply address; the link unsubscribes', async () => {
    await agent
      .put('/api/admin/settings/company')
      .send({ name: 'Shine Test Co', postalAddress: '1200 Main Street\nDallas, TX 75202' })
      .expect(200);
    await createWelcomeEmailRule(agent);
    const leadId = (await agent.post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
    await settledRuns(leadId, 1);
    expect(h.smtp.received).toHaveLength(1);
    const mail = await simpleParser(h.smtp.received[0]?.raw ?? '');

    // The header lines as sent (unfolded), not mailparser's reading of them.
    const header = (key: string) =>
      mail.headerLines
        .find((line) => line.key === key)
        ?.line.replace(/\r?\n[ \t]+/g, ' ')
        .replace(/^[^:]+:\s*/, '');
    const listUnsubscribe = header('list-unsubscribe') ?? '';
    const link = /^<(https:\/\/shine\.example\/u\/[A-Za-z0-9_-]{43})>$/.exec(listUnsubscribe)?.[1];
    expect(link, listUnsubscribe).toBeDefined();
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain('Hi Ann!');
    expect(mail.text).toContain('Shine Test Co, 1200 Main Street, Dallas, TX 75202');
    expect(mail.text).toContain(`Unsubscribe from these e-mails: ${link}`);
    const replyTo = mail.replyTo?.value[0]?.address ?? '';
    expect(replyTo).toMatch(/^sales\+[a-z2-7]{20}@shine\.example$/);
    expect(replyTo).not.toContain(leadId);
    // What was sent is what the outbox shows.
    const [outbox] = (await agent.get(`/api/admin/leads/${leadId}/outbox`).expect(200)).body as OutboxMessage[];
    expect(outbox?.body).toContain(`Unsubscribe from these e-mails: ${link}`);

    const path = new URL(link as string).pathname;
    // Opaque: the link does not carry the lead's id, in any encoding.
    const tokenBytes = Buffer.from(path.slice('/u/'.length), 'base64url').toString('hex');
    expect(tokenBytes).not.toContain(leadId.replaceAll('-', '').slice(0, 8));
    expect(path).not.toContain(leadId);
    const page = await supertest(t.app).get(path).expect(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('Unsubscribe from Shine Test Co’s e-mails?');
    expect(page.text).toContain(`<form method="post" action="${path}">`);
    expect(page.text).not.toContain('<script');
    // Looking is not unsubscribing.
    expect(((await agent.get(`/api/admin/leads/${leadId}`).expect(200)).body as Lead).emailUnsubscribedAt).toBeNull();

    // RFC 8058: the provider's server posts, with no cookie and no Origin.
    const posted = await supertest(t.app).post(path).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(posted.text).toContain('You are unsubscribed');
    const lead = (await agent.get(`/api/admin/leads/${leadId}`).expect(200)).body as Lead;
    expect(lead.emailUnsubscribedAt).not.toBeNull();
    // A second click keeps the first time.
    await supertest(t.app).post(path).expect(200);
    expect(((await agent.get(`/api/admin/leads/${leadId}`).expect(200)).body as Lead).emailUnsubscribedAt).toBe(
      lead.emailUnsubscribedAt,
    );
  });

  it('a link sent before the tokens were opaque (the id in clear) still unsubscribes', async () => {
    const leadId = (await agent.post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
    const id = Buffer.from(leadId.replaceAll('-', ''), 'hex');
    const key = await resolveUnsubscribeSecret(t.db);
    const mac = createHmac('sha256', key).update('unsubscribe:').update(id).digest().subarray(0, 16);
    const earlier = `/u/${Buffer.concat([id, mac]).toString('base64url')}`;
    await supertest(t.app).get(earlier).expect(200);
    await supertest(t.app).post(earlier).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(
      ((await agent.get(`/api/admin/leads/${leadId}`).expect(200)).body as Lead).emailUnsubscribedAt,
    ).not.toBeNull();
  });

  it('answers 404 for a link it did not sign, and changes nothing', async () => {
    const forged = `/u/${'A'.repeat(43)}`;
    const page = await supertest(t.app).get(forged).expect(404);
    expect(page.text).toContain('This unsubscribe link is not valid');
    await supertest(t.app).post(forged).expect(404);
    await supertest(t.app).post('/u/not-a-token').expect(404);
  });

  it('skips the automated e-mail of an unsubscribed lead, with the reason in its run and the outbox', async () => {
    const rule = await createWelcomeEmailRule(agent);
    const first = (await agent.post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
    await settledRuns(first, 1);
    const link = /<(https:[^>]+)>/.exec(h.smtp.received[0]?.raw ?? '')?.[1] as string;
    await supertest(t.app).post(new URL(link).pathname).expect(200);
    h.smtp.received.length = 0;

    // The same lead again: a status change triggers a second rule of the same template.
    await agent.patch(`/api/admin/automations/${rule.id}`).send({ trigger: 'status_changed' }).expect(200);
    await agent.patch(`/api/admin/leads/${first}/status`).send({ status: 'Contacted' }).expect(200);
    const runs = await settledRuns(first, 2);
    const skipped = runs.find((run) => run.trigger === 'status_changed');
    expect(skipped).toMatchObject({ status: 'skipped' });
    expect(skipped?.outcome).toMatch(/unsubscribed/i);
    const messages = (await agent.get(`/api/admin/leads/${first}/outbox`).expect(200)).body as OutboxMessage[];
    expect(messages.find((m) => m.status === 'not_sent')?.reason).toMatch(/unsubscribed/i);
    expect(h.smtp.received).toHaveLength(0);
  });
});
