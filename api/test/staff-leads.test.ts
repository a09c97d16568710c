// A lead staff enter by hand (POST /api/admin/leads): the quote form's fields and messages, the source
// they choose, the form's estimate, and the form's repeat rule offered as a 409 (never merged
// silently) until staff add the request to the match or make a new lead anyway. The maker is audited
// and is not told of their own lead; the person on duty still is.
import { DEFAULT_SPEED_TO_LEAD_SETTINGS } from '@shine/shared/speed-to-lead';
import { VALIDATION } from '@shine/shared/messages';
import { estimateQuote, estimateValueOf } from '@shine/shared/pricing';
import { leadMatchConflictSchema, staffLeadResultSchema } from '@shine/shared/responses/leads';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { addStaff, resetTeam, STAFF_PASSWORD } from './support/team.ts';
import {
  type Agent,
  describeApi,
  insertLead,
  resetTables,
  signIn,
  useTestApp,
  VALID_QUOTE,
} from './support/test-app.ts';

const PHONED = {
  firstName: 'Maria',
  lastName: 'Gonzalez',
  email: 'maria.gonzalez@example.com',
  phone: '(214) 555-0142',
  zipcode: '75201',
  bedrooms: '3',
  bathrooms: '2',
  cleaningType: 'Deep',
  frequency: 'Weekly',
  notes: 'Gate code 1234',
} as const;

describeApi('a lead entered by hand: POST /api/admin/leads', () => {
  const t = useTestApp();
  let admin: Agent;
  let rep: Agent;
  let repId: string;
  let otherId: string;

  beforeAll(async () => {
    await resetTeam(t.db);
    repId = await addStaff(t.db, { email: 'rep@phoned.example', role: 'sales', name: 'Rita Rep' });
    otherId = await addStaff(t.db, { email: 'other@phoned.example', role: 'sales', name: 'Omar Other' });
    rep = await signIn(t.app, { username: 'rep@phoned.example', password: STAFF_PASSWORD });
  });
  afterAll(async () => {
    await resetTables(t.db);
    await resetTeam(t.db);
  });
  beforeEach(async () => {
    admin = await t.agent();
    await t.db('company_settings').where({ key: 'lead-alerts' }).delete();
  });

  const putOnDuty = (userId: string) =>
    admin
      .put('/api/admin/settings/lead-alerts')
      .send({ ...DEFAULT_SPEED_TO_LEAD_SETTINGS, onDuty: Array(7).fill(userId) })
      .expect(200);
  const newLeadNotices = async (userId: string) =>
    (await t.db('notifications').where({ user_id: userId, kind: 'new_lead' })).length;

  it('makes a lead with the form’s estimate, source Phone Call by default, audited with its maker', async () => {
    const response = await rep.post('/api/admin/leads').send(PHONED);
    expect(response.status, response.text).toBe(201);
    const { lead } = staffLeadResultSchema.parse(response.body);
    expect(lead).toMatchObject({ firstName: 'Maria', lastName: 'Gonzalez', source: 'Phone Call', status: 'New' });
    expect(lead.estimatedValue).toBe(estimateValueOf(estimateQuote(PHONED)));
    const [audit] = await t.db('audit_log').where({ entity_id: lead.id, action: 'created' });
    expect(audit).toMatchObject({ actor_id: repId, entity: 'lead' });
    const [request] = await t.db('lead_requests').where({ lead_id: lead.id });
    expect(request).toMatchObject({ source: 'Phone Call', notes: 'Gate code 1234' });
  });

  it('takes another known source, and refuses one not on the list', async () => {
    const yelp = await rep.post('/api/admin/leads').send({ ...PHONED, source: 'Yelp' });
    expect(yelp.status, yelp.text).toBe(201);
    expect(yelp.body.lead.source).toBe('Yelp');
    const made = await rep
      .post('/api/admin/leads')
      .send({ ...PHONED, email: 'x@example.com', source: 'Carrier pigeon' });
    expect(made.status).toBe(400);
    expect(made.body.issues).toContainEqual({ path: 'source', message: 'Choose where the lead came from' });
  });

  it('answers the form’s validation messages, and judges no spam rule', async () => {
    const response = await rep.post('/api/admin/leads').send({ ...PHONED, email: 'not-an-email', firstName: ' ' });
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: VALIDATION.firstName },
        { path: 'email', message: VALIDATION.email },
      ]),
    );
    // A link in the notes would be held on the public form: staff typed it, so it is a lead.
    const links = 'see http://a.example http://b.example http://c.example';
    const kept = await rep.post('/api/admin/leads').send({ ...PHONED, notes: links, website: 'filled', elapsedMs: 1 });
    expect(kept.status, kept.text).toBe(201);
    expect(await t.db('held_submissions')).toHaveLength(0);
  });

  it('offers the same person’s lead (409) and writes nothing until staff choose', async () => {
    const maria = await insertLead(t.db, {
      first_name: 'Maria',
      last_name: 'Gonzalez',
      email: 'MARIA.GONZALEZ@example.com',
      phone: '214-555-0000',
      status: 'Quoted',
    });
    const before = await t.db('leads').count({ n: '*' }).first();
    const response = await rep.post('/api/admin/leads').send(PHONED);
    expect(response.status, response.text).toBe(409);
    expect(leadMatchConflictSchema.parse(response.body)).toEqual({
      message: 'Maria Gonzalez already has a lead (Quoted)',
      matches: [{ id: maria, name: 'Maria Gonzalez', status: 'Quoted' }],
    });
    expect(await t.db('leads').count({ n: '*' }).first()).toEqual(before);
    expect(await t.db('lead_requests').where({ lead_id: maria })).toHaveLength(0);
  });

  it('matches on the phone with the full name too, not on the phone alone', async () => {
    await insertLead(t.db, {
      first_name: 'maria',
      last_name: 'gonzalez',
      email: 'other@example.com',
      phone: '2145550142',
    });
    expect((await rep.post('/api/admin/leads').send(PHONED)).status).toBe(409);
    const sister = await rep
      .post('/api/admin/leads')
      .send({ ...PHONED, firstName: 'Lucia', email: 'lucia@example.com' });
    expect(sister.status, sister.text).toBe(201);
  });

  it('adds the request to the chosen lead as a repeat, audited with the maker', async () => {
    const maria = await insertLead(t.db, {
      first_name: 'Maria',
      last_name: 'Gonzalez',
      email: 'maria.gonzalez@example.com',
      status: 'Contacted',
      assigned_to: otherId,
    });
    const response = await rep.post('/api/admin/leads').send({ ...PHONED, addToLead: maria });
    expect(response.status, response.text).toBe(200);
    expect(response.body.lead.id).toBe(maria);
    expect(await t.db('leads').where({ email: PHONED.email })).toHaveLength(1);
    expect(await t.db('lead_requests').where({ lead_id: maria })).toHaveLength(1);
    const [audit] = await t.db('audit_log').where({ entity_id: maria, action: 'repeat_merged' });
    expect(audit?.actor_id).toBe(repId);
    // The assignee hears of the repeat request; the maker does not.
    expect(await t.db('notifications').where({ user_id: otherId, kind: 'repeat_request' })).toHaveLength(1);
    expect(await t.db('notifications').where({ user_id: repId })).toHaveLength(0);
  });

  it('refuses to add to a lead that is not a match, or is closed', async () => {
    const stranger = await insertLead(t.db, { email: 'someone.else@example.com', phone: '972-555-0999' });
    const notMatch = await rep.post('/api/admin/leads').send({ ...PHONED, addToLead: stranger });
    expect(notMatch.status).toBe(400);
    expect(notMatch.body.issues).toEqual([
      { path: 'addToLead', message: 'That lead is not one of this person’s leads' },
    ]);
    const won = await insertLead(t.db, {
      first_name: 'Maria',
      last_name: 'Gonzalez',
      email: PHONED.email,
      status: 'Won',
    });
    const closed = await rep.post('/api/admin/leads').send({ ...PHONED, addToLead: won });
    expect(closed.status).toBe(400);
    expect(closed.body.message).toBe('That lead is Won: create a new lead instead');
  });

  it('makes a new lead anyway: linked as same phone to an open match, following a closed one', async () => {
    const open = await insertLead(t.db, { first_name: 'Maria', last_name: 'Gonzalez', phone: PHONED.phone });
    const anyway = await rep.post('/api/admin/leads').send({ ...PHONED, createAnyway: true });
    expect(anyway.status, anyway.text).toBe(201);
    const links = await t.db('same_phone_links').where({ lead_id: anyway.body.lead.id });
    expect(links.map((link) => link.other_lead_id)).toEqual([open]);

    await t.db('leads').delete();
    const won = await insertLead(t.db, {
      first_name: 'Maria',
      last_name: 'Gonzalez',
      email: PHONED.email,
      status: 'Won',
    });
    const returning = await rep.post('/api/admin/leads').send({ ...PHONED, createAnyway: true });
    expect(returning.status, returning.text).toBe(201);
    expect(returning.body.lead.previousLeadId).toBe(won);
  });

  it('tells the person on duty of a colleague’s lead, never its own maker', async () => {
    await putOnDuty(repId);
    expect((await rep.post('/api/admin/leads').send(PHONED)).status).toBe(201);
    expect(await newLeadNotices(repId)).toBe(0);

    await putOnDuty(otherId);
    expect((await rep.post('/api/admin/leads').send({ ...VALID_QUOTE, email: 'b@example.com' })).status).toBe(201);
    expect(await newLeadNotices(otherId)).toBe(1);
    expect(await newLeadNotices(repId)).toBe(0);
  });

  it('is for signed-in staff only', async () => {
    const response = await supertest(t.app).post('/api/admin/leads').send(PHONED);
    expect(response.status).toBe(401);
  });
});
