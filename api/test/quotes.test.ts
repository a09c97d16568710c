// Quotes, staff's side: drafts from the instant estimate, edits, exact money, frozen sent versions,
// new versions superseding old ones, sending (lead Quoted, timeline, e-mail) and the PDF.
import { quoteListSchema, quoteSchema, quoteSentSchema } from '@shine/shared/responses/quotes';
import { simpleParser } from 'mailparser';
import supertest from 'supertest';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { useReactingApp } from './support/automation-engine.ts';
import { createLeadThroughForm, sendNewQuote, tokenOf } from './support/quotes.ts';
import { describeApi, signIn, useTestApp } from './support/test-app.ts';

/** The tests that are not about tax price without it (a first draft's rate is the payments setting's). */
const UNTAXED = { taxRate: '0' };

describeApi('quotes: drafts and versions (staff)', () => {
  const t = useTestApp();

  it('starts a draft from the lead’s instant estimate with WELCOME40 and the payments setting’s tax, in exact cents', async () => {
    const agent = await t.agent();
    const leadId = await createLeadThroughForm(t.app);
    const response = await agent.post(`/api/admin/leads/${leadId}/quotes`).expect(201);
    const quote = quoteSchema.parse(response.body);
    expect(quote).toMatchObject({ leadId, version: 1, status: 'draft', sentAt: null, validDays: 14, taxRate: '8.25' });
    expect(quote.lineItems).toEqual([
      {
        kind: 'cleaning',
        key: null,
        description: 'Deep cleaning, 2 bedrooms, 1.5 bathrooms (Biweekly)',
        quantity: 1,
        unitPrice: '414.00',
        amount: '414.00',
      },
    ]);
    expect(quote.discounts.map((d) => [d.kind, d.amount])).toEqual([
      ['recurring', '62.10'],
      ['welcome', '40.00'],
    ]);
    // 311.90 taxed at 8.25 %: 25.73175, rounded half up to 25.73.
    expect(quote).toMatchObject({ subtotal: '414.00', discountTotal: '102.10', tax: '25.73', total: '337.63' });
  });

  it('edits a draft: add-ons at the table’s price, a discount with its reason, tax rounded half up', async () => {
    const agent = await t.agent();
    const leadId = await createLeadThroughForm(t.app);
    const draft = (await agent.post(`/api/admin/leads/${leadId}/quotes`).send(UNTAXED).expect(201)).body;
    const edited = await agent
      .patch(`/api/admin/quotes/${draft.id}`)
      .send({
        addOns: [
          { key: 'oven', quantity: 1 },
          { key: 'interior_windows', quantity: 10 },
        ],
        customDiscount: { amount: '10', reason: 'Neighbour referral' },
        taxRate: '8.25',
        validDays: 7,
        message: 'Thanks for asking, Ann!',
      })
      .expect(200);
    const quote = quoteSchema.parse(edited.body);
    expect(quote.lineItems.map((item) => [item.description, item.quantity, item.unitPrice, item.amount])).toEqual([
      ['Deep cleaning, 2 bedrooms, 1.5 bathrooms (Biweekly)', 1, '414.00', '414.00'],
      ['Inside the oven', 1, '35.00', '35.00'],
      ['Interior windows', 10, '6.00', '60.00'],
    ]);
    // 509.00 − 62.10 − 40.00 − 10.00 = 396.90; 8.25 % of it is 32.74425 → 32.74.
    expect(quote).toMatchObject({ subtotal: '509.00', discountTotal: '112.10', tax: '32.74', total: '429.64' });
    expect(quote.customDiscount).toEqual({ amount: '10.00', reason: 'Neighbour referral' });
    expect(quote).toMatchObject({ validDays: 7, message: 'Thanks for asking, Ann!', taxRate: '8.25' });
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const agent = await t.agent();
    const leadId = await createLeadThroughForm(t.app);
    const draft = (await agent.post(`/api/admin/leads/${leadId}/quotes`).send(UNTAXED).expect(201)).body;
    for (const [body, message] of [
      [{}, 'Nothing to update'],
      [{ customDiscount: { amount: '12.345', reason: 'x' } }, 'Use an amount in dollars like 25 or 25.50'],
      [{ customDiscount: { amount: '5', reason: ' ' } }, 'Say why this discount is given'],
      [{ addOns: [{ key: 'pool', quantity: 1 }] }, 'Choose an add-on from the price table'],
      [{ taxRate: '101' }, 'Use a percentage from 0 to 100'],
    ] as const) {
      const response = await agent.patch(`/api/admin/quotes/${draft.id}`).send(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toContain(message);
    }
    const list = quoteListSchema.parse((await agent.get(`/api/admin/leads/${leadId}/quotes`).expect(200)).body);
    expect(list.items[0]).toEqual(draft);
  });

  it('keeps one draft per lead, freezes a sent quote, and supersedes it with the next version', async () => {
    const agent = await t.agent();
    const leadId = await createLeadThroughForm(t.app);
    const first = (await agent.post(`/api/admin/leads/${leadId}/quotes`).send(UNTAXED).expect(201)).body;
    const again = await agent.post(`/api/admin/leads/${leadId}/quotes`).expect(409);
    expect(again.body.message).toMatch(/already has a draft/);

    await agent.post(`/api/admin/quotes/${first.id}/send`).send({ email: false }).expect(200);
    const frozen = await agent.patch(`/api/admin/quotes/${first.id}`).send({ taxRate: '5' }).expect(409);
    expect(frozen.body.message).toMatch(/sent and can no longer be changed/);

    const second = (
      await agent
        .post(`/api/admin/leads/${leadId}/quotes`)
        .send({ customDiscount: { amount: '20', reason: 'Price match' } })
        .expect(201)
    ).body;
    expect(second).toMatchObject({ version: 2, status: 'draft', total: '291.90' });
    // The first stays valid for the customer until the second is sent.
    let list = quoteListSchema.parse((await agent.get(`/api/admin/leads/${leadId}/quotes`).expect(200)).body);
    expect(list.items.map((q) => [q.version, q.status])).toEqual([
      [2, 'draft'],
      [1, 'sent'],
    ]);
    await agent.post(`/api/admin/quotes/${second.id}/send`).send({ email: false }).expect(200);
    list = quoteListSchema.parse((await agent.get(`/api/admin/leads/${leadId}/quotes`).expect(200)).body);
    expect(list.items.map((q) => [q.version, q.status])).toEqual([
      [2, 'sent'],
      [1, 'superseded'],
    ]);
  });

  it('sending sets the lead Quoted (audited), notes it on the timeline and answers the link', async () => {
    const agent = await t.agent();
    const leadId = await createLeadThroughForm(t.app);
    t.clock.now = new Date('2025-12-01T15:00:00Z');
    const sent = quoteSentSchema.parse(await sendNewQuote(agent, leadId));
    expect(sent.emailed).toBe(false);
    expect(sent.url).toMatch(/\/q\/[A-Za-z0-9_-]{43}$/);
    expect(sent.quote).toMatchObject({
      status: 'sent',
      sentAt: '2025-12-01T15:00:00.000Z',
      validUntil: '2025-12-15T15:00:00.000Z',
    });
    const lead = (await agent.get(`/api/admin/leads/${leadId}`).expect(200)).body;
    expect(lead.status).toBe('Quoted');
    const timeline = (await agent.get(`/api/admin/activities/lead/${leadId}`).expect(200)).body;
    expect(timeline.map((a: { subject: string }) => a.subject)).toContain('Quote v1 sent: $311.90');
    const history = (await agent.get(`/api/admin/leads/${leadId}/history`).expect(200)).body;
    expect(JSON.stringify(history)).toContain('"status":"Quoted"');
    // Only the hash is stored.
    const row = await t.db('quotes').where({ id: sent.quote.id }).first();
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(tokenOf(sent.url));
  });

  it('sending a sent quote again gives a new link; the old one stops working', async () => {
    const agent = await t.agent();
    const leadId = await createLeadThroughForm(t.app);
    const first = await sendNewQuote(agent, leadId);
    const again = (await agent.post(`/api/admin/quotes/${first.quote.id}/send`).send({ email: false }).expect(200))
      .body;
    expect(again.url).not.toBe(first.url);
    await supertest(t.app).get(new URL(first.url).pathname).expect(404);
    await supertest(t.app).get(new URL(again.url).pathname).expect(200);
  });

  it('404 for an unknown lead or quote', async () => {
    const agent = await t.agent();
    const unknown = '00000000-0000-4000-8000-000000000000';
    await agent.get(`/api/admin/leads/${unknown}/quotes`).expect(404);
    await agent.post(`/api/admin/leads/${unknown}/quotes`).expect(404);
    await agent.patch(`/api/admin/quotes/${unknown}`).send({ taxRate: '1' }).expect(404);
    await agent.post(`/api/admin/quotes/${unknown}/send`).expect(404);
    await agent.get(`/api/admin/quotes/${unknown}/pdf`).expect(404);
  });

  it('the PDF holds the customer, the line items, the discounts and the total as text', async () => {
    const agent = await t.agent();
    const leadId = await createLeadThroughForm(t.app);
    const draft = (await agent.post(`/api/admin/leads/${leadId}/quotes`).send(UNTAXED).expect(201)).body;
    await agent
      .patch(`/api/admin/quotes/${draft.id}`)
      .send({ addOns: [{ key: 'carpet_steam', quantity: 3 }] })
      .expect(200);
    const response = await agent
      .get(`/api/admin/quotes/${draft.id}/pdf`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(response.body as Buffer));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('Quote for Ann Lee');
    expect(text).toContain('Deep cleaning, 2 bedrooms, 1.5 bathrooms (Biweekly)');
    expect(text).toContain('Carpet steam cleaning 3 $45.00 $135.00');
    expect(text).toContain('WELCOME40: $40 off the first cleaning -$40.00');
    expect(text).toContain('Total $446.90');
    expect(text).toContain('Tell us within 24 hours');
  });
});

/** The base64 body of the MIME part named `filename`, decoded (the mail as the SMTP server received it). */
function attachedPdf(raw: string, filename: string): Buffer {
  const part = raw.split(/\r\n--/).find((chunk) => chunk.includes(`filename=${filename}`));
  expect(part, `an attachment named ${filename}`).toBeDefined();
  expect(part).toContain('Content-Type: application/pdf');
  const body = (part ?? '').slice((part ?? '').indexOf('\r\n\r\n') + 4);
  return Buffer.from(body.replace(/\s+/g, ''), 'base64');
}

describeApi('quotes: sending by e-mail', () => {
  const reacting = useReactingApp({
    env: { PUBLIC_ORIGIN: 'https://shine.example.com', ALLOWED_HOSTS: '127.0.0.1' },
    // A refused e-mail is failed at once (no retries to wait out).
    engineEnv: { AUTOMATION_RETRY_LIMIT: '0' },
  });

  it('e-mails the customer the link, and answers it to copy', async () => {
    const agent = await signIn(reacting.app.app);
    const leadId = await createLeadThroughForm(reacting.app.app);
    const draft = (await agent.post(`/api/admin/leads/${leadId}/quotes`).send(UNTAXED).expect(201)).body;
    const sent = quoteSentSchema.parse((await agent.post(`/api/admin/quotes/${draft.id}/send`).expect(200)).body);
    expect(sent.emailed).toBe(true);
    expect(sent.url).toMatch(/^https:\/\/shine\.example\.com\/q\//);
    await reacting.app.settle();
    expect(reacting.smtp.received).toHaveLength(1);
    expect(reacting.smtp.received[0]?.to).toEqual(['ann.lee@example.com']);
    const raw = reacting.smtp.received[0]?.raw.replaceAll('=\r\n', '') ?? '';
    expect(raw).toContain(sent.url);
    expect(raw).toContain('$311.90');
    const pdf = attachedPdf(reacting.smtp.received[0]?.raw ?? '', 'quote-v1.pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain('$311.90');
    expect(text).toContain('Deep cleaning, 2 bedrooms, 1.5 bathrooms (Biweekly)');
  });

  it('a recurring quote states both prices in the HTML, the text and the PDF: the first cleaning and each one after it', async () => {
    const agent = await signIn(reacting.app.app);
    const leadId = await createLeadThroughForm(reacting.app.app, { email: 'rita@example.com', phone: '214-555-0778' });
    const draft = (await agent.post(`/api/admin/leads/${leadId}/quotes`).send(UNTAXED).expect(201)).body;
    const sent = quoteSentSchema.parse((await agent.post(`/api/admin/quotes/${draft.id}/send`).expect(200)).body);
    // Deep, 2 bedrooms, 1.5 bathrooms, Biweekly: $351.90 a visit, the first $311.90 with WELCOME40.
    expect(sent.quote).toMatchObject({ total: '311.90', recurring: { perVisitTotal: '351.90' } });
    await reacting.app.settle();
    const received = reacting.smtp.received.find((mail) => mail.to.includes('rita@example.com'));
    const mail = await simpleParser(received?.raw ?? '');
    const first = 'First cleaning: $311.90 (with WELCOME40)';
    const regular = 'Each cleaning after that: $351.90, every two weeks';
    expect(mail.text).toContain(first);
    expect(mail.text).toContain(regular);
    const html = String(mail.html);
    expect(html).toContain(first);
    expect(html).toContain(regular);
    const pdf = attachedPdf(received?.raw ?? '', 'quote-v1.pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain(first);
    expect(text).toContain(regular);
  });

  describe('when the mail server refuses', () => {
    it('still sends the quote, with the link to copy; the conversation shows the e-mail failed', async () => {
      const agent = await signIn(reacting.app.app);
      const leadId = await createLeadThroughForm(reacting.app.app, { email: 'bob@example.com', phone: '214-555-0777' });
      reacting.smtp.refuseWith = { message: 'mailbox unavailable' };
      try {
        const draft = (await agent.post(`/api/admin/leads/${leadId}/quotes`).send(UNTAXED).expect(201)).body;
        const sent = quoteSentSchema.parse((await agent.post(`/api/admin/quotes/${draft.id}/send`).expect(200)).body);
        // The answer does not wait for the mail server: the e-mail is on its way.
        expect(sent.emailed).toBe(true);
        expect(sent.quote.status).toBe('sent');
        await reacting.app.settle();
      } finally {
        reacting.smtp.refuseWith = undefined;
      }
      expect(reacting.smtp.received.filter((mail) => mail.to.includes('bob@example.com'))).toEqual([]);
      const thread = (await agent.get(`/api/admin/leads/${leadId}/messages`).expect(200)).body as {
        items: Array<{ channel: string; status: string; subject: string | null }>;
      };
      expect(thread.items.filter((item) => item.channel === 'email').map((item) => item.status)).toEqual(['failed']);
    });
  });
});
