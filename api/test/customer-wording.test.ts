// What the product writes in words for staff and customers: rooms in the right number ("1 bathroom",
// never "1 bathrooms") and the days a customer picked when accepting a quote in the business's words
// ("Tue, Dec 1, 2026"), never the form's raw 2026-12-01.
import type { Activity } from '@shine/shared/types';
import supertest from 'supertest';
import { beforeEach, expect, it } from 'vitest';
import { sendNewQuote, tokenOf } from './support/quotes.ts';
import { type Agent, describeApi, useTestApp, VALID_QUOTE } from './support/test-app.ts';

const DAY = 86_400_000;

describeApi('dates and rooms in words', () => {
  const t = useTestApp();
  let agent: Agent;
  beforeEach(async () => {
    agent = await t.agent();
  });
  const timelineOf = async (leadId: string) =>
    (await agent.get(`/api/admin/activities/lead/${leadId}`).expect(200)).body as Activity[];

  it('writes one bedroom and one bathroom in the singular on a repeat request’s note', async () => {
    const small = { ...VALID_QUOTE, bedrooms: '1', bathrooms: '1' };
    const leadId = (await supertest(t.app).post('/api/leads').send(small).expect(201)).body.id as string;
    await supertest(t.app).post('/api/leads').send(small).expect(201);
    const notes = (await timelineOf(leadId)).map((activity) => activity.description ?? '').join('\n');
    expect(notes).toContain('Home: 1 bedroom, 1 bathroom\n');
    expect(notes).not.toMatch(/\b1 (bedrooms|bathrooms)\b/);
  });

  it('writes the preferred days of an accepted quote as dates in words on the timeline', async () => {
    const leadId = (await supertest(t.app).post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
    const sent = await sendNewQuote(agent, leadId);
    const first = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    const second = new Date(Date.now() + 12 * DAY).toISOString().slice(0, 10);
    await supertest(t.app)
      .post(`/api/quotes/${tokenOf(sent.url)}/accept`)
      .send({
        name: 'Ann Lee',
        preferredDates: [
          { date: first, window: 'morning' },
          { date: second, window: 'any' },
        ],
      })
      .expect(200);
    const inWords = (date: string) =>
      new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      });
    const note = (await timelineOf(leadId)).find((activity) => activity.subject.startsWith('Quote v1 accepted'));
    expect(note?.description).toContain(
      `Preferred first cleaning: ${inWords(first)} (Morning (8 AM – 11 AM)); ${inWords(second)} (Any time).`,
    );
    expect(note?.description).not.toContain(first);
    expect(inWords(first)).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  });
});
