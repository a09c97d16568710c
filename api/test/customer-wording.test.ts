// What the product writes in words for staff and customers: rooms in the right number ("1 bathroom",
// never "1 bathrooms").
import type { Activity } from '@shine/shared/types';
import supertest from 'supertest';
import { beforeEach, expect, it } from 'vitest';
import { type Agent, describeApi, useTestApp, VALID_QUOTE } from './support/test-app.ts';

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
});
