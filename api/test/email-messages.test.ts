// Every kind of e-mail the product sends, read back from the real SMTP server it was sent to
// (docs/requirements.md#email-layout): each is multipart/alternative, an HTML part in the company's
// layout and a plain-text twin with the same links; the quote's HTML has its total and the button to
// its page; the automated and quote e-mails keep RFC 8058's unsubscribe headers.
import { DEFAULT_SPEED_TO_LEAD_SETTINGS } from '@shine/shared/speed-to-lead';
import { quoteSentSchema } from '@shine/shared/responses/quotes';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { drainEngines, type ReceivedMail, transportEnv, useDeliveringEngine } from './support/automation-engine.ts';
import { addStaff } from './support/team.ts';
import { buildTestApp, describeApi, signIn, type TestApp, VALID_QUOTE } from './support/test-app.ts';
import { createWelcomeEmailRule } from './support/welcome-rule.ts';

const ORIGIN = 'https://shine.example.com';

interface Message {
  raw: string;
  mail: ParsedMail;
}

/** A header line as sent (unfolded), not mailparser's reading of it; undefined when absent. */
function headerOf(mail: ParsedMail, key: string): string | undefined {
  return mail.headerLines
    .find((line) => line.key === key)
    ?.line.replace(/\r?\n[ \t]+/g, ' ')
    .replace(/^[^:]+:\s*/, '');
}

/** The link of List-Unsubscribe (<https://…>). */
function unsubscribeLinkOf(mail: ParsedMail): string | undefined {
  return /^<(https:[^>]+)>$/.exec(headerOf(mail, 'list-unsubscribe') ?? '')?.[1];
}

/** The links of the HTML part a reader can follow (not the inline logo's cid:). */
function linksOf(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((match) => (match[1] as string).replaceAll('&amp;', '&'));
}

async function parse(received: ReceivedMail): Promise<Message> {
  // keepCidLinks: the HTML as sent (mailparser would put the inline logo in as a data: URL).
  return { raw: received.raw, mail: await simpleParser(received.raw, { keepCidLinks: true }) };
}

/** What every message must be, whatever its kind. */
function expectHtmlAndTextTwins({ raw, mail }: Message): void {
  expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
  expect(mail.text, `${mail.subject}: a text part`).toBeTruthy();
  const html = mail.html || '';
  expect(html, `${mail.subject}: an HTML part`).toMatch(/<html[^>]* lang="en"/);
  expect(html).toContain(`<title>${mail.subject}</title>`);
  expect(html).not.toMatch(/<script|<link\b|@import|@font-face/i);
  // The logo is inline (cid:) and named by the message's own inline part; no image from elsewhere.
  expect([...html.matchAll(/<img[^>]*src="([^"]+)"/g)].map((match) => match[1])).toEqual([
    'cid:logo@lonestarshine.email',
  ]);
  expect(html).toMatch(/<img[^>]*alt="[^"]+ logo"/);
  expect(mail.attachments.find((file) => file.contentId === '<logo@lonestarshine.email>')).toBeDefined();
  // The same links in both parts.
  for (const link of linksOf(html)) expect(mail.text, `${mail.subject}: ${link} in the text part`).toContain(link);
}

describeApi('e-mail: every kind is HTML in the layout with a plain-text twin', () => {
  const h = useDeliveringEngine({ replyMailbox: 'sales@shine.example', env: { PUBLIC_ORIGIN: ORIGIN } });
  const { t } = h;
  // The engine delivers the automated mail and the reactions (the quote); this API process
  // (configured like it) sends the rest.
  let api: TestApp;
  beforeAll(async () => {
    api = await buildTestApp(t.db, {
      env: { ...transportEnv(h.smtp, h.sms), PUBLIC_ORIGIN: ORIGIN, ALLOWED_HOSTS: '127.0.0.1' },
      onLeadEvent: h.relay.onLeadEvent,
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('sends the welcome template, the staff alert, the quote, a message by hand and a set-up link as multipart', async () => {
    const agent = await signIn(api.app);
    const ana = await addStaff(t.db, { email: 'ana.onduty@example.com', role: 'sales', name: 'Ana Onduty' });
    await agent
      .put('/api/admin/settings/lead-alerts')
      .send({
        ...DEFAULT_SPEED_TO_LEAD_SETTINGS,
        enabled: true,
        sms: false,
        onDuty: [ana, ana, ana, ana, ana, ana, ana],
        outsideBusinessHours: true,
        respectQuietHours: false,
      })
      .expect(200);
    await createWelcomeEmailRule(agent);
    const leadId = (await agent.post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
    await drainEngines(h.engine.engine);

    const draft = (await agent.post(`/api/admin/leads/${leadId}/quotes`).send({ welcomeDiscount: true }).expect(201))
      .body;
    const sent = quoteSentSchema.parse(
      (await agent.post(`/api/admin/quotes/${draft.id}/send`).send({ email: true }).expect(200)).body,
    );
    expect(sent.emailed).toBe(true);
    await agent
      .post(`/api/admin/leads/${leadId}/messages`)
      .send({ channel: 'email', subject: 'Your Tuesday visit', body: 'Hi Ann,\n\nTuesday at 10 works.\nSee you then.' })
      .expect(201);
    const added = await agent
      .post('/api/admin/users')
      .send({ email: 'mia@example.com', name: 'Mia Chen', role: 'sales' })
      .expect(201);
    expect(added.body.emailed).toBe(true);
    await drainEngines(h.engine.engine);

    const messages = await Promise.all(h.smtp.received.map(parse));
    const bySubject = (pattern: RegExp) => {
      const found = messages.find((message) => pattern.test(message.mail.subject ?? ''));
      expect(found, `a message whose subject matches ${pattern}`).toBeDefined();
      return found as Message;
    };
    const welcome = bySubject(/^Welcome, Ann!$/);
    const alert = bySubject(/^New lead: Ann Lee$/);
    const quote = bySubject(/^Your cleaning quote from .+: \$/);
    const manual = bySubject(/^Your Tuesday visit$/);
    const setup = bySubject(/^Set up your .+ CRM account$/);
    expect(messages).toHaveLength(5);
    for (const message of messages) expectHtmlAndTextTwins(message);

    // The quote: its total, what it covers, the promo, one button to its page, the PDF, the footer.
    const total = quote.mail.subject?.split(': ').pop() as string;
    const quoteHtml = quote.mail.html || '';
    expect(quoteHtml).toContain(total);
    expect(quoteHtml).toMatch(
      new RegExp(`<a[^>]*href="${sent.url.replaceAll('.', '\\.')}"[^>]*>[\\s\\S]*?Review and accept your quote`),
    );
    expect(quoteHtml).toContain('What your quote covers');
    expect(quoteHtml).toContain('First-visit offer: WELCOME40');
    expect(quote.mail.text).toContain(`Review and accept your quote: ${sent.url}`);
    expect(quote.mail.text).toContain(`Total: ${total}`);
    expect(quote.mail.attachments.map((file) => file.filename)).toContain('quote-v1.pdf');
    const unsubscribe = unsubscribeLinkOf(quote.mail) as string;
    expect(unsubscribe).toMatch(new RegExp(`^${ORIGIN}/u/`));
    expect(headerOf(quote.mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(linksOf(quoteHtml)).toContain(unsubscribe);
    expect(quoteHtml).toContain('1200 Main Street');

    // The automated template: the staff's words in the layout, the unsubscribe link in both parts.
    expect(welcome.mail.html).toContain('Hi Ann!');
    expect(headerOf(welcome.mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const welcomeUnsubscribe = unsubscribeLinkOf(welcome.mail);
    expect(welcomeUnsubscribe).toBeDefined();
    expect(linksOf(welcome.mail.html || '')).toContain(welcomeUnsubscribe);

    // Staff mail: the plainer variant, the CRM or set-up link as its button, no unsubscribe.
    expect(alert.mail.html).toContain('Open the lead');
    expect(linksOf(alert.mail.html || '').some((link) => link.includes(`lead=${leadId}`))).toBe(true);
    expect(setup.mail.html).toContain('Choose your password');
    expect(linksOf(setup.mail.html || '')).toContain(added.body.setupUrl);
    for (const staffMail of [alert, setup]) expect(headerOf(staffMail.mail, 'list-unsubscribe')).toBeUndefined();

    // By hand: the paragraphs staff wrote, line breaks kept, the company's address at the foot.
    expect(manual.mail.html).toMatch(/Tuesday at 10 works\.<br\/?>See you then\./);
    expect(manual.mail.text).toContain('Hi Ann,\n\nTuesday at 10 works.\nSee you then.');
    expect(headerOf(manual.mail, 'list-unsubscribe')).toBeUndefined();
  });
});
