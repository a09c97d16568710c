import { API_ERRORS, VALIDATION } from '@shine/shared/messages';
import supertest from 'supertest';
import { expect, it } from 'vitest';
import { countRows, describeApi, useTestApp, VALID_QUOTE } from './support/test-app.ts';

describeApi('POST /api/leads', () => {
  const t = useTestApp();
  const post = (body: unknown) =>
    supertest(t.app)
      .post('/api/leads')
      .send(body as object);

  it('creates the lead with the defaults of docs/requirements.md#lead and returns it', async () => {
    const response = await post({ ...VALID_QUOTE, firstName: '  Ann  ' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann.lee@example.com',
      bathrooms: '1.5',
      cleaningType: 'Deep',
      notes: 'Two dogs, friendly.',
      status: 'New',
      priority: 'Medium',
      source: 'Website Form',
      tags: [],
      // Deep, 2 bedrooms, 1.5 bathrooms, biweekly: $315–$385 per visit (see lead-intake.test.ts)
      estimatedValue: 352,
      assignedTo: null,
      lastContactedAt: null,
      nextFollowUpAt: null,
    });
    expect(response.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(response.body.createdAt).toISOString()).toBe(response.body.createdAt);
    const stored = await t.db('leads').where({ id: response.body.id }).first();
    expect(stored?.first_name).toBe('Ann');
  });

  it('stores absent or blank notes as null', async () => {
    const { notes: _omit, ...withoutNotes } = VALID_QUOTE;
    expect((await post(withoutNotes)).body.notes).toBeNull();
    const other = { ...VALID_QUOTE, email: 'someone.else@example.com', phone: '972-555-0111' };
    expect((await post({ ...other, notes: '   ' })).body.notes).toBeNull();
  });

  it.each([
    ['firstName', '', VALIDATION.firstName],
    ['lastName', '   ', VALIDATION.lastName],
    ['email', 'not-an-email', VALIDATION.email],
    ['phone', '1234', VALIDATION.phone],
    ['zipcode', '7520', VALIDATION.zipcode],
    ['bedrooms', '', VALIDATION.bedrooms],
    ['bathrooms', '9', VALIDATION.bathrooms],
    ['cleaningType', 'Sparkly', VALIDATION.cleaningType],
    ['frequency', 'Daily', VALIDATION.frequency],
  ])('refuses a bad %s with "%s" → %s', async (field, value, message) => {
    const response = await post({ ...VALID_QUOTE, [field]: value });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(response.body.issues).toEqual([{ path: field, message }]);
    expect(await countRows(t.db, 'leads')).toBe(0);
  });

  it('names the first missing field when the body is empty or absent', async () => {
    for (const response of [await post({}), await supertest(t.app).post('/api/leads')]) {
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(VALIDATION.firstName);
      expect(response.body.issues).toHaveLength(9);
    }
  });

  it('answers the honeypot with a normal-looking 201 and stores nothing', async () => {
    const response = await post({ ...VALID_QUOTE, website: 'http://spam.example' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ firstName: 'Ann', status: 'New', source: 'Website Form' });
    expect(response.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await countRows(t.db, 'leads')).toBe(0);
  });

  it('refuses malformed JSON (400), other content types (415) and bodies over 16 kB (413)', async () => {
    const malformed = await supertest(t.app)
      .post('/api/leads')
      .set('content-type', 'application/json')
      .send('{"firstName":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: API_ERRORS.malformedJson });

    const form = await supertest(t.app).post('/api/leads').type('form').send({ firstName: 'Ann' });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ message: API_ERRORS.unsupportedMediaType });

    const large = await post({ ...VALID_QUOTE, notes: 'x'.repeat(17 * 1024) });
    expect(large.status).toBe(413);
    expect(large.body).toEqual({ message: API_ERRORS.payloadTooLarge });
  });

  it('refuses a JSON array, scalar or null body as invalid input', async () => {
    for (const body of ['[1,2]', '"hi"', '42', 'null']) {
      const response = await supertest(t.app).post('/api/leads').set('content-type', 'application/json').send(body);
      expect(response.status, body).toBe(400);
      expect(response.body.message, body).toBeTruthy();
    }
    expect(await countRows(t.db, 'leads')).toBe(0);
  });
});

describeApi('POST /api/leads rate limit', () => {
  const t = useTestApp({ env: { RATE_LIMIT_LEADS_PER_MINUTE: '3' } });

  it('allows RATE_LIMIT_LEADS_PER_MINUTE quotes per client a minute, then 429 with the message', async () => {
    // Three different people (one person's repeats would be merged into one lead).
    for (let i = 0; i < 3; i++) {
      const quote = { ...VALID_QUOTE, email: `person${i}@example.com`, phone: `214-555-010${i}` };
      expect((await supertest(t.app).post('/api/leads').send(quote)).status).toBe(201);
    }
    const limited = await supertest(t.app).post('/api/leads').send(VALID_QUOTE);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: API_ERRORS.rateLimited });
    expect(limited.headers.ratelimit).toBeDefined();
    expect(await countRows(t.db, 'leads')).toBe(3);
  });

  it('keeps the counter in the database, shared by every process', async () => {
    await supertest(t.app).post('/api/leads').send(VALID_QUOTE);
    const row = await t.db('rate_limits').where('key', 'like', 'leads:%').first();
    expect(row?.hits).toBe(1);
    expect(new Date(row?.reset_at as Date).getTime()).toBeGreaterThan(Date.now());
  });
});
