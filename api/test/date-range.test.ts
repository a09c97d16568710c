// docs/security.md, review finding 5: a date PostgreSQL cannot store (year 0000) was a 500
// (SQLSTATE 22008). Every date a request carries is checked against 1900–2200 by the shared schema
// (a 400 with a message the form shows), and any data exception the database still raises (class
// 22) answers 400, never 500.
import { API_ERRORS } from '@shine/shared/messages';
import express from 'express';
import supertest from 'supertest';
import { beforeEach, expect, it } from 'vitest';
import { errorHandler } from '../src/http/error-handler.ts';
import { type Agent, describeApi, insertLead, useTestApp } from './support/test-app.ts';

describeApi('dates outside the supported years', () => {
  const t = useTestApp();
  let agent: Agent;
  let leadId: string;

  beforeEach(async () => {
    agent = await t.agent();
    leadId = await insertLead(t.db);
  });

  it.each([
    ['0000-01-01T00:00:00Z'],
    ['0000-01-01T00:00:00.000+00:00'],
    ['1899-12-31T23:59:59Z'],
    ['2201-01-01T00:00:00Z'],
    ['9999-12-31T23:59:59Z'],
  ])('PATCH nextFollowUpAt %s → 400 with the range in words', async (value) => {
    const response = await agent.patch(`/api/admin/leads/${leadId}`).send({ nextFollowUpAt: value });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Must be between the years 1900 and 2200');
    expect((await t.db('leads').where({ id: leadId }).first())?.next_follow_up_at).toBeNull();
  });

  it.each([['0000-01-01T00:00:00Z'], ['2201-01-01T00:00:00Z']])(
    'POST an activity scheduled at %s → 400',
    async (value) => {
      const response = await agent
        .post('/api/admin/activities')
        .send({ leadId, type: 'task', title: 'Call back', scheduledAt: value });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Scheduled time must be between the years 1900 and 2200');
    },
  );

  it('accepts the edges of the range', async () => {
    for (const value of ['1900-01-01T00:00:00.000Z', '2200-12-31T23:59:59.000Z']) {
      const response = await agent.patch(`/api/admin/leads/${leadId}`).send({ nextFollowUpAt: value });
      expect(response.status).toBe(200);
      expect(response.body.nextFollowUpAt).toBe(value);
    }
  });

  it('answers 400, not 500, for any data exception the database raises (SQLSTATE class 22)', async () => {
    // The real driver's errors (pg on PostgreSQL, PGlite's own) reach the real error handler.
    const app = express();
    const statements: Record<string, string> = {
      '22008': "select '0000-01-01 00:00:00+00'::timestamptz", // datetime_field_overflow
      '22007': "select 'not a date'::date", // invalid_datetime_format
      '22012': 'select 1 / 0', // division_by_zero
    };
    app.get('/:code', async (req, res) => {
      res.json(await t.db.raw(statements[req.params.code] as string));
    });
    app.use(errorHandler);
    for (const code of Object.keys(statements)) {
      const caught = await t.db.raw(statements[code] as string).catch((error: { code?: string }) => error);
      expect(caught.code).toBe(code);
      const response = await supertest(app).get(`/${code}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: API_ERRORS.invalidInput });
    }
  });
});
