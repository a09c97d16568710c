// Lead intake: the estimate recomputed on the server, attribution, repeat requests kept without
// overwriting anyone, held submissions (released, deleted, purged), phone search by digits, speed-to-lead.
import { formatBusinessDate, zonedTimeToInstant } from '@shine/shared/business-time';
import { matchesLeadSearch } from '@shine/shared/lead-search';
import { SENT_FAST_TAG } from '@shine/shared/intake';
import { API_ERRORS } from '@shine/shared/messages';
import { notificationListSchema } from '@shine/shared/responses/notifications';
import { DEFAULT_SPEED_TO_LEAD_SETTINGS } from '@shine/shared/speed-to-lead';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { beforeEach, expect, it } from 'vitest';
import { networkOf, purgeHeldSubmissions } from '../src/leads/held-submissions.service.ts';
import { addStaff, resetTeam, STAFF_PASSWORD } from './support/team.ts';
import { countRows, describeApi, insertLead, signIn, useTestApp, VALID_QUOTE } from './support/test-app.ts';

/** A wall-clock time in the business zone (America/Chicago by default). */
const chicago = (y: number, m: number, d: number, h: number, min = 0) =>
  new Date(zonedTimeToInstant('America/Chicago', y, m, d, h) + min * 60_000);

describeApi('lead intake: estimate and attribution', () => {
  const t = useTestApp();
  const post = (body: object) => supertest(t.app).post('/api/leads').send(body);

  it('recomputes the estimate on the server, stores its midpoint as the value and the breakdown on the lead', async () => {
    // Deep 349 + 1 extra bedroom 45 + 1 extra half bathroom 20 = 414; biweekly −15% (62) = 352; ±10% → $315–$385.
    // The value is the $352 the breakdown adds up to (the range's centre, 350, is not what the line says).
    const response = await post({ ...VALID_QUOTE, estimatedValue: 9, estimate: { kind: 'estimate', low: 1 } });
    expect(response.status).toBe(201);
    expect(response.body.estimatedValue).toBe(352);
    expect(response.body.estimate).toEqual({
      kind: 'estimate',
      low: 315,
      high: 385,
      midpoint: 352,
      firstVisitLow: 275,
      firstVisitHigh: 345,
      breakdown: {
        base: 349,
        bedroomsAdded: 45,
        bathroomsAdded: 20,
        subtotal: 414,
        discountPercent: 15,
        discount: 62,
        perVisit: 352,
      },
    });
    const stored = await t.db('leads').where({ id: response.body.id }).first();
    expect(stored?.estimated_value).toBe('352.00');
    expect(stored?.estimate_breakdown).toMatchObject({ midpoint: 352 });

    const stats = await (await t.agent()).get('/api/admin/stats');
    expect(stats.body.potentialRevenue).toBe(352);
  });

  it('leaves the value empty when the table asks for a walkthrough', async () => {
    const response = await post({ ...VALID_QUOTE, cleaningType: 'Move In/Out', bedrooms: '5+' });
    expect(response.body.estimatedValue).toBeNull();
    expect(response.body.estimate).toMatchObject({ kind: 'walkthrough' });
  });

  it('stores the visit attribution and takes the campaign source as the lead source', async () => {
    const response = await post({
      ...VALID_QUOTE,
      attribution: {
        utmSource: 'google',
        utmMedium: 'cpc',
        utmCampaign: 'spring-deep-clean',
        referrerHost: 'www.google.com',
        landingPage: '/services',
      },
    });
    expect(response.body).toMatchObject({
      // A known source under its canonical name; the campaign's own spelling stays in utmSource.
      source: 'Google',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring-deep-clean',
      referrerHost: 'www.google.com',
      landingPage: '/services',
    });
    const other = await post({ ...VALID_QUOTE, email: 'b@example.com', phone: '817-555-0177', attribution: {} });
    expect(other.body).toMatchObject({ source: 'Website Form', utmSource: null, landingPage: null });

    const stats = await (await t.agent()).get('/api/admin/stats');
    expect(stats.body.bySource).toEqual({ Google: 1, 'Website Form': 1 });
  });

  it('refuses attribution that is not an object of texts, and stores nothing', async () => {
    const response = await post({ ...VALID_QUOTE, attribution: { utmSource: 42 } });
    expect(response.status).toBe(400);
    expect(response.body.issues[0].path).toBe('attribution.utmSource');
    expect(await countRows(t.db, 'leads')).toBe(0);
  });
});

describeApi('lead intake: repeat requests', () => {
  const created: string[] = [];
  const t = useTestApp({ onLeadEvent: (event) => event.trigger === 'lead_created' && created.push(event.leadId) });
  const post = (body: object) => supertest(t.app).post('/api/leads').send(body);
  beforeEach(() => {
    created.length = 0;
  });

  it('keeps a repeat by e-mail (any case) on the open lead: identity and service kept, notes appended, request noted', async () => {
    t.clock.now = chicago(2026, 11, 24, 20); // Tuesday evening in Dallas, already Wednesday in UTC
    const first = await post(VALID_QUOTE);
    t.clock.now = chicago(2026, 11, 24, 21);
    const again = await post({
      ...VALID_QUOTE,
      email: 'ANN.LEE@Example.com',
      bedrooms: '4',
      notes: 'Also the garage, please.',
      attribution: { utmSource: 'facebook' },
    });
    expect(again.status).toBe(201);
    // The visitor's answer looks like any other, and shows nothing of the existing lead.
    expect(again.body.id).not.toBe(first.body.id);
    expect(again.body).toMatchObject({
      firstName: 'Ann',
      bedrooms: '4',
      repeatCount: 0,
      notes: 'Also the garage, please.',
    });

    expect(await countRows(t.db, 'leads')).toBe(1);
    expect(created).toEqual([first.body.id]);
    const agent = await t.agent();
    const lead = (await agent.get(`/api/admin/leads/${first.body.id}`)).body;
    expect(lead).toMatchObject({
      email: 'ann.lee@example.com', // who the person is never changes by a request
      bedrooms: '2', // nor the home and service: the request asks, staff decide
      estimatedValue: first.body.estimatedValue,
      estimate: first.body.estimate,
      // Nothing the person wrote is lost: the new notes follow the old, dated as the business says it.
      notes: 'Two dogs, friendly.\n\nNov 24, 2026 (repeat request): Also the garage, please.',
      source: 'Website Form', // first touch
      repeatCount: 1,
      status: 'New',
    });
    // An e-mail in other letters is the same e-mail; the bedrooms differ, so staff are asked.
    expect(lead.detailsDifferRequestId).toBe(lead.requests[1].id);
    expect(lead.lastRepeatAt).not.toBeNull();
    // Both requests, oldest first, each as it was sent.
    expect(lead.requests).toHaveLength(2);
    expect(lead.requests[0]).toMatchObject({
      email: 'ann.lee@example.com',
      bedrooms: '2',
      notes: 'Two dogs, friendly.',
    });
    expect(lead.requests[1]).toMatchObject({
      email: 'ANN.LEE@Example.com',
      bedrooms: '4',
      notes: 'Also the garage, please.',
      utmSource: 'facebook',
      source: 'Facebook',
      releasedFromRule: null,
    });
    // The request keeps its own estimate: 4 bedrooms instead of 2 (+2 × 45 before the discount).
    expect(lead.requests[1].estimate.midpoint).toBeGreaterThan(lead.estimate.midpoint);
    expect(formatBusinessDate(t.clock.now)).toBe('Nov 24, 2026');

    const activities = (await agent.get(`/api/admin/activities/lead/${first.body.id}`)).body;
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({ type: 'note', subject: 'Repeat request', status: 'completed' });
    expect(activities[0].description).toContain('matched on e-mail');
    expect(activities[0].description).toContain('Home: 4 bedrooms, 1.5 bathrooms');
    expect(activities[0].description).toContain('Notes: Also the garage, please.');
    expect(activities[0].description).toContain('utm_source=facebook');
    expect(activities[0].description).toContain("Details differ from the lead's: bedrooms (the lead keeps its own");
    // The system's note is not a staff contact.
    expect(lead.firstContactedAt).toBeNull();
  });

  it('takes a request that shares only the phone as another person’s new lead, linked both ways', async () => {
    const first = await post(VALID_QUOTE); // Ann Lee, 214-555-0100
    // Someone else of the household: the same phone, written differently, another name and e-mail.
    const second = await post({
      ...VALID_QUOTE,
      firstName: 'Kb',
      lastName: 'Onlyuser',
      email: 'kb@other.example',
      phone: '(214) 555 0100',
      zipcode: '76109',
      cleaningType: 'Move In/Out',
      frequency: 'One Time',
      notes: 'Gate code 4411.',
    });
    expect(second.status).toBe(201);
    // The answer shows nothing of the other lead.
    expect(second.body.samePhoneLeads).toEqual([]);
    expect(await countRows(t.db, 'leads')).toBe(2);
    // A new lead of its own: its lead_created event runs the normal intake (alert, assignment, rules).
    expect(created).toEqual([first.body.id, second.body.id]);
    const agent = await t.agent();
    const ann = (await agent.get(`/api/admin/leads/${first.body.id}`)).body;
    const kb = (await agent.get(`/api/admin/leads/${second.body.id}`)).body;
    // Ann's lead is untouched: her details, her notes, one request, no repeat.
    expect(ann).toMatchObject({
      firstName: 'Ann',
      email: 'ann.lee@example.com',
      zipcode: '75201',
      cleaningType: 'Deep',
      notes: 'Two dogs, friendly.',
      repeatCount: 0,
      detailsDifferRequestId: null,
      samePhoneLeads: [{ id: second.body.id, name: 'Kb Onlyuser' }],
    });
    expect(ann.requests).toHaveLength(1);
    expect(kb).toMatchObject({
      firstName: 'Kb',
      zipcode: '76109',
      cleaningType: 'Move In/Out',
      notes: 'Gate code 4411.',
      repeatCount: 0,
      previousLeadId: null,
      samePhoneLeads: [{ id: first.body.id, name: 'Ann Lee' }],
    });
    expect(kb.contactDueAt).not.toBeNull();
    expect((await agent.get(`/api/admin/activities/lead/${first.body.id}`)).body).toEqual([]);

    // The list shows the link on both rows.
    const listed = (await agent.get('/api/admin/leads')).body.items;
    expect(listed.map((l: { samePhoneLeads: unknown }) => l.samePhoneLeads)).toEqual([
      [{ id: first.body.id, name: 'Ann Lee' }],
      [{ id: second.body.id, name: 'Kb Onlyuser' }],
    ]);
  });

  /** Jorge Ramirez's quote, and his sister Lucia's from the same phone five seconds later, with her own e-mail. */
  const JORGE = {
    firstName: 'Jorge',
    lastName: 'Ramirez',
    email: 'jorge.ramirez@example.com',
    phone: '(817) 555-0199',
    zipcode: '76132',
    bedrooms: '4',
    bathrooms: '3',
    cleaningType: 'Basic',
    frequency: 'Weekly',
  } as const;
  const LUCIA = {
    ...JORGE,
    firstName: 'Lucia',
    email: 'lucia.ramirez@example.com',
    zipcode: '76133',
    bedrooms: '1',
    bathrooms: '1',
    cleaningType: 'Move In/Out',
    frequency: 'One Time',
    notes: 'For my own new apartment, I am his sister.',
  } as const;

  it('takes two relatives of one phone, with their own e-mails, as two leads linked "same phone"; the first is unchanged', async () => {
    t.clock.now = chicago(2026, 11, 30, 14, 35);
    const jorge = (await post(JORGE)).body;
    t.clock.now = new Date(t.clock.now.getTime() + 5_000);
    const lucia = (await post(LUCIA)).body;

    expect(await countRows(t.db, 'leads')).toBe(2);
    expect(lucia.id).not.toBe(jorge.id);
    // A new lead of her own: lead_created runs the normal intake (on-duty alert, assignment, rules).
    expect(created).toEqual([jorge.id, lucia.id]);
    const agent = await t.agent();
    const jorgeNow = (await agent.get(`/api/admin/leads/${jorge.id}`)).body;
    expect(jorgeNow).toMatchObject({
      firstName: 'Jorge',
      email: 'jorge.ramirez@example.com',
      zipcode: '76132',
      bedrooms: '4',
      bathrooms: '3',
      cleaningType: 'Basic',
      frequency: 'Weekly',
      estimatedValue: jorge.estimatedValue,
      estimate: jorge.estimate,
      notes: null,
      repeatCount: 0,
      detailsDifferRequestId: null,
      samePhoneLeads: [{ id: lucia.id, name: 'Lucia Ramirez' }],
    });
    expect(jorgeNow.requests).toHaveLength(1);
    expect((await agent.get(`/api/admin/activities/lead/${jorge.id}`)).body).toEqual([]);
    expect((await agent.get(`/api/admin/leads/${jorge.id}/history`)).body.items).toEqual([]);
    const luciaNow = (await agent.get(`/api/admin/leads/${lucia.id}`)).body;
    expect(luciaNow).toMatchObject({
      firstName: 'Lucia',
      lastName: 'Ramirez',
      email: 'lucia.ramirez@example.com',
      zipcode: '76133',
      bedrooms: '1',
      bathrooms: '1',
      cleaningType: 'Move In/Out',
      frequency: 'One Time',
      notes: 'For my own new apartment, I am his sister.',
      repeatCount: 0,
      samePhoneLeads: [{ id: jorge.id, name: 'Jorge Ramirez' }],
    });
    expect(luciaNow.contactDueAt).not.toBeNull();
  });

  it('takes the same phone with the same first and last name (letter case and spacing aside) as a repeat', async () => {
    const jorge = (await post(JORGE)).body;
    await post({
      ...JORGE,
      firstName: ' jorge ',
      lastName: 'RAMIREZ',
      email: 'j.r@work.example',
      phone: '817.555.0199',
    });
    expect(await countRows(t.db, 'leads')).toBe(1);
    expect(created).toEqual([jorge.id]);
    const agent = await t.agent();
    const lead = (await agent.get(`/api/admin/leads/${jorge.id}`)).body;
    expect(lead).toMatchObject({ firstName: 'Jorge', email: 'jorge.ramirez@example.com', repeatCount: 1 });
    expect(lead.requests.map((r: { email: string }) => r.email)).toEqual([JORGE.email, 'j.r@work.example']);
    // Another e-mail (the phone is the same, punctuation aside): staff decide which to keep.
    expect(lead.detailsDifferRequestId).toBe(lead.requests[1].id);
    const [note] = (await agent.get(`/api/admin/activities/lead/${jorge.id}`)).body;
    expect(note.description).toContain('matched on phone and name');
    expect(note.description).toContain("Details differ from the lead's: e-mail (the lead keeps its own");
  });

  it('keeps the service of a lead a true repeat asks to change; staff apply it, audited field by field', async () => {
    t.clock.now = chicago(2026, 11, 30, 14, 35);
    const jorge = (await post(JORGE)).body;
    t.clock.now = chicago(2026, 11, 30, 15);
    // Jorge again, by his own e-mail, for another home and service.
    await post({ ...LUCIA, firstName: 'Jorge', email: 'Jorge.Ramirez@example.com', notes: undefined });
    expect(await countRows(t.db, 'leads')).toBe(1);
    const agent = await t.agent();
    const lead = (await agent.get(`/api/admin/leads/${jorge.id}`)).body;
    expect(lead).toMatchObject({
      zipcode: '76132',
      bedrooms: '4',
      bathrooms: '3',
      cleaningType: 'Basic',
      frequency: 'Weekly',
      estimatedValue: jorge.estimatedValue,
      estimate: jorge.estimate,
      repeatCount: 1,
    });
    const request = lead.requests[1];
    expect(request).toMatchObject({ zipcode: '76133', cleaningType: 'Move In/Out', frequency: 'One Time' });
    expect(lead.detailsDifferRequestId).toBe(request.id);
    const merged = (await agent.get(`/api/admin/leads/${jorge.id}/history`)).body.items;
    expect(merged.map((row: { action: string }) => row.action)).toEqual(['repeat_merged']);

    const applied = await agent.post(`/api/admin/leads/${jorge.id}/requests/${request.id}/apply`).expect(200);
    expect(applied.body).toMatchObject({
      firstName: 'Jorge',
      email: 'Jorge.Ramirez@example.com',
      zipcode: '76133',
      bedrooms: '1',
      bathrooms: '1',
      cleaningType: 'Move In/Out',
      frequency: 'One Time',
      estimate: request.estimate,
      estimatedValue: request.estimate.kind === 'estimate' ? request.estimate.breakdown.perVisit : null,
      detailsDifferRequestId: null,
    });
    const [row] = (await agent.get(`/api/admin/leads/${jorge.id}/history`)).body.items;
    expect(row).toMatchObject({
      action: 'details_applied',
      actor: { id: t.adminId },
      before: {
        email: 'jorge.ramirez@example.com',
        zipcode: '76132',
        bedrooms: '4',
        bathrooms: '3',
        cleaningType: 'Basic',
        frequency: 'Weekly',
        estimatedValue: jorge.estimatedValue,
      },
      after: {
        requestId: request.id,
        email: 'Jorge.Ramirez@example.com',
        zipcode: '76133',
        bedrooms: '1',
        bathrooms: '1',
        cleaningType: 'Move In/Out',
        frequency: 'One Time',
        estimatedValue: applied.body.estimatedValue,
      },
    });
    expect(Object.keys(row.before)).not.toContain('firstName');
    const timeline = (await agent.get(`/api/admin/activities/lead/${jorge.id}`)).body;
    const note = timeline.find((a: { subject: string }) => a.subject === 'Lead details updated');
    expect(note.description).toContain('Zip code: 76132 → 76133');
    expect(note.description).toContain('Cleaning type: Basic → Move In/Out');
  });

  it('applies a request’s details with one call, recorded on the timeline by the staff member', async () => {
    const first = await post(VALID_QUOTE);
    await post({ ...VALID_QUOTE, email: 'ann@work.example', phone: '(214) 555 0100' });
    const agent = await t.agent();
    const before = (await agent.get(`/api/admin/leads/${first.body.id}`)).body;
    const requestId = before.requests[1].id;
    expect(before.detailsDifferRequestId).toBe(requestId);

    const applied = await agent.post(`/api/admin/leads/${first.body.id}/requests/${requestId}/apply`).expect(200);
    expect(applied.body).toMatchObject({
      email: 'ann@work.example',
      phone: '(214) 555 0100',
      firstName: 'Ann',
      detailsDifferRequestId: null,
    });
    expect(applied.body.requests).toHaveLength(2);
    const timeline = (await agent.get(`/api/admin/activities/lead/${first.body.id}`)).body;
    const note = timeline.find((a: { subject: string }) => a.subject === 'Lead details updated');
    expect(note.userId).toBe(t.adminId);
    expect(note.description).toContain('E-mail: ann.lee@example.com → ann@work.example');
    expect(note.description).toContain('Phone: 214-555-0100 → (214) 555 0100');
    // Applying details is not contacting the customer: the speed-to-lead clock still runs.
    expect(applied.body.firstContactedAt).toBeNull();
  });

  it('keeps the current details when staff say so, and notes what the request gave', async () => {
    const first = await post(VALID_QUOTE);
    await post({ ...VALID_QUOTE, firstName: 'Annie' });
    const agent = await t.agent();
    const { requests } = (await agent.get(`/api/admin/leads/${first.body.id}`)).body;
    const kept = await agent.post(`/api/admin/leads/${first.body.id}/requests/${requests[1].id}/dismiss`).expect(200);
    expect(kept.body).toMatchObject({ firstName: 'Ann', detailsDifferRequestId: null });
    const timeline = (await agent.get(`/api/admin/activities/lead/${first.body.id}`)).body;
    const note = timeline.find((a: { subject: string }) => a.subject === 'Lead details kept');
    expect(note.description).toContain('First name: Annie (the lead keeps Ann)');
  });

  it('refuses a request of another lead, and unknown ids, changing nothing', async () => {
    const a = await post(VALID_QUOTE);
    const b = await post({ ...VALID_QUOTE, email: 'b@example.com', phone: '817-555-0177' });
    const agent = await t.agent();
    const otherRequest = (await agent.get(`/api/admin/leads/${b.body.id}`)).body.requests[0].id;
    const wrong = await agent.post(`/api/admin/leads/${a.body.id}/requests/${otherRequest}/apply`);
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe(API_ERRORS.leadRequestNotFound);
    expect((await agent.get(`/api/admin/leads/${a.body.id}`)).body.email).toBe('ann.lee@example.com');
    const unknown = await agent.post(`/api/admin/leads/${randomUUID()}/requests/${otherRequest}/apply`);
    expect(unknown.status).toBe(404);
    expect((await agent.post(`/api/admin/leads/${a.body.id}/requests/not-an-id/apply`)).status).toBe(400);
  });

  it('splits a request taken as a repeat into a lead of its own ("This is a different person"), audited on both', async () => {
    t.clock.now = chicago(2026, 11, 30, 14, 35);
    const jorge = (await post({ ...JORGE, notes: 'Gate code 1234.' })).body;
    // Lucia writes from the family's e-mail: taken as Jorge's repeat.
    t.clock.now = chicago(2026, 11, 30, 14, 36);
    await post({ ...LUCIA, email: JORGE.email, smsConsent: true });
    const agent = await t.agent();
    const before = (await agent.get(`/api/admin/leads/${jorge.id}`)).body;
    expect(before).toMatchObject({ repeatCount: 1, notes: expect.stringContaining('I am his sister') });
    expect(before.smsConsent).not.toBeNull();
    const request = before.requests[1];

    t.clock.now = chicago(2026, 11, 30, 15);
    const split = await agent.post(`/api/admin/leads/${jorge.id}/requests/${request.id}/split`);
    expect(split.status, split.text).toBe(201);
    const lucia = split.body;
    expect(lucia.id).not.toBe(jorge.id);
    expect(lucia).toMatchObject({
      firstName: 'Lucia',
      lastName: 'Ramirez',
      email: JORGE.email,
      phone: JORGE.phone,
      zipcode: '76133',
      bedrooms: '1',
      bathrooms: '1',
      cleaningType: 'Move In/Out',
      frequency: 'One Time',
      notes: 'For my own new apartment, I am his sister.',
      estimate: request.estimate,
      estimatedValue: request.estimate.kind === 'estimate' ? request.estimate.breakdown.perVisit : null,
      smsConsent: request.smsConsent,
      status: 'New',
      repeatCount: 0,
      previousLeadId: null,
      createdAt: chicago(2026, 11, 30, 15).toISOString(),
      samePhoneLeads: [{ id: jorge.id, name: 'Jorge Ramirez' }],
    });
    expect(lucia.contactDueAt).not.toBeNull();
    // The request moved, as it was sent.
    expect(lucia.requests).toEqual([request]);
    // A new lead's path: its lead_created event (on-duty alert, assignment, rules).
    expect(created).toEqual([jorge.id, lucia.id]);
    expect(await countRows(t.db, 'leads')).toBe(2);

    const after = (await agent.get(`/api/admin/leads/${jorge.id}`)).body;
    expect(after).toMatchObject({
      firstName: 'Jorge',
      zipcode: '76132',
      notes: 'Gate code 1234.',
      repeatCount: 0,
      lastRepeatAt: null,
      lastRequestAt: jorge.createdAt,
      detailsDifferRequestId: null,
      smsConsent: null, // only Lucia's request agreed to texts
      samePhoneLeads: [{ id: lucia.id, name: 'Lucia Ramirez' }],
    });
    expect(after.requests).toEqual([before.requests[0]]);

    const [splitRow] = (await agent.get(`/api/admin/leads/${jorge.id}/history`)).body.items;
    expect(splitRow).toMatchObject({
      action: 'request_split',
      actor: { id: t.adminId },
      before: { repeatCount: 1, notes: before.notes, smsConsent: before.smsConsent },
      after: { requestId: request.id, splitInto: lucia.id, repeatCount: 0, notes: 'Gate code 1234.', smsConsent: null },
    });
    const [fromRow] = (await agent.get(`/api/admin/leads/${lucia.id}/history`)).body.items;
    expect(fromRow).toMatchObject({
      action: 'split_from',
      actor: { id: t.adminId },
      after: { requestId: request.id, splitFrom: jorge.id },
    });
    const subjects = async (id: string) =>
      (await agent.get(`/api/admin/activities/lead/${id}`)).body.map((a: { subject: string }) => a.subject);
    expect(await subjects(jorge.id)).toEqual(['Request split off', 'Repeat request']);
    expect(await subjects(lucia.id)).toEqual(['Split from another lead']);
    // The notes are the system's, not a staff contact: both clocks still run.
    expect(lucia.firstContactedAt).toBeNull();
    expect(after.firstContactedAt).toBeNull();
  });

  it('refuses to split a lead’s first request (409), another lead’s request or an unknown one (404), changing nothing', async () => {
    const jorge = (await post(JORGE)).body;
    await post({ ...LUCIA, email: JORGE.email });
    const other = (await post({ ...VALID_QUOTE })).body;
    const agent = await t.agent();
    const { requests } = (await agent.get(`/api/admin/leads/${jorge.id}`)).body;
    const otherRequest = (await agent.get(`/api/admin/leads/${other.id}`)).body.requests[0].id;

    const first = await agent.post(`/api/admin/leads/${jorge.id}/requests/${requests[0].id}/split`);
    expect(first.status).toBe(409);
    expect(first.body.message).toBe(API_ERRORS.firstRequestNotSplit);
    const wrong = await agent.post(`/api/admin/leads/${jorge.id}/requests/${otherRequest}/split`);
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe(API_ERRORS.leadRequestNotFound);
    const unknown = await agent.post(`/api/admin/leads/${randomUUID()}/requests/${requests[1].id}/split`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(API_ERRORS.leadNotFound);
    expect((await agent.post(`/api/admin/leads/${jorge.id}/requests/not-an-id/split`)).status).toBe(400);
    expect(await countRows(t.db, 'leads')).toBe(2);
    const unchanged = (await agent.get(`/api/admin/leads/${jorge.id}`)).body;
    expect(unchanged).toMatchObject({ repeatCount: 1, requests });
    expect(
      (await agent.get(`/api/admin/leads/${jorge.id}/history`)).body.items.map((r: { action: string }) => r.action),
    ).toEqual(['repeat_merged']);

    // Split once: the request is no longer this lead's.
    await agent.post(`/api/admin/leads/${jorge.id}/requests/${requests[1].id}/split`).expect(201);
    const again = await agent.post(`/api/admin/leads/${jorge.id}/requests/${requests[1].id}/split`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(API_ERRORS.leadRequestNotFound);
    expect(await countRows(t.db, 'leads')).toBe(3);
    expect(await t.db('lead_requests').where({ lead_id: jorge.id }).select('id')).toEqual([{ id: requests[0].id }]);
  });

  it('resurfaces the lead: latest request first in the default order, requestsToday beside leadsToday', async () => {
    t.clock.now = chicago(2026, 11, 16, 9); // Monday
    const ann = (await post(VALID_QUOTE)).body;
    t.clock.now = chicago(2026, 11, 17, 9); // Tuesday
    const bob = (await post({ ...VALID_QUOTE, firstName: 'Bob', email: 'bob@example.com', phone: '817-555-0101' }))
      .body;
    t.clock.now = chicago(2026, 11, 18, 10); // Wednesday: Ann asks again
    await post({ ...VALID_QUOTE, bedrooms: '3' });
    const agent = await t.agent();
    const list = (await agent.get('/api/admin/leads')).body;
    expect(list.items.map((l: { id: string }) => l.id)).toEqual([ann.id, bob.id]);
    expect(list.items[0].lastRequestAt).toBe(chicago(2026, 11, 18, 10).toISOString());
    expect(list.items[0].createdAt).toBe(chicago(2026, 11, 16, 9).toISOString());
    // By creation, the repeat does not move it.
    const byCreation = (await agent.get('/api/admin/leads?sort=createdAt')).body;
    expect(byCreation.items.map((l: { id: string }) => l.id)).toEqual([bob.id, ann.id]);

    const metrics = (await agent.get('/api/admin/metrics')).body;
    expect(metrics).toMatchObject({ leadsToday: 0, requestsToday: 1 });
    t.clock.now = chicago(2026, 11, 18, 11);
    await post({ ...VALID_QUOTE, firstName: 'Cy', email: 'cy@example.com', phone: '972-555-0102' });
    expect((await agent.get('/api/admin/metrics')).body).toMatchObject({ leadsToday: 1, requestsToday: 2 });
  });

  it('keeps the speed-to-lead clock of a lead nobody contacted, and restarts nothing of one already contacted', async () => {
    t.clock.now = chicago(2026, 11, 18, 9);
    const fresh = (await post(VALID_QUOTE)).body;
    const called = (await post({ ...VALID_QUOTE, email: 'c@example.com', phone: '817-555-0103' })).body;
    const agent = await t.agent();
    t.clock.now = chicago(2026, 11, 18, 9, 5);
    await agent
      .post('/api/admin/activities')
      .send({ leadId: called.id, type: 'call', title: 'Called', status: 'completed' })
      .expect(201);
    t.clock.now = chicago(2026, 11, 18, 9, 30);
    await post(VALID_QUOTE);
    await post({ ...VALID_QUOTE, email: 'c@example.com', phone: '817-555-0103' });
    const freshNow = (await agent.get(`/api/admin/leads/${fresh.id}`)).body;
    expect(freshNow.contactDueAt).toBe(fresh.contactDueAt);
    expect(freshNow.createdAt).toBe(fresh.createdAt);
    expect(freshNow.repeatCount).toBe(1);
    const calledNow = (await agent.get(`/api/admin/leads/${called.id}`)).body;
    expect(calledNow).toMatchObject({
      speedToLeadMinutes: 5,
      firstContactedAt: chicago(2026, 11, 18, 9, 5).toISOString(),
    });
    expect(calledNow.status).toBe('New');
  });

  it('keeps a value staff have changed when a request’s service is applied', async () => {
    const first = await post(VALID_QUOTE);
    const agent = await t.agent();
    await agent.patch(`/api/admin/leads/${first.body.id}`).send({ estimatedValue: 500 }).expect(200);
    await post({ ...VALID_QUOTE, bedrooms: '4' });
    const { requests } = (await agent.get(`/api/admin/leads/${first.body.id}`)).body;
    const applied = (await agent.post(`/api/admin/leads/${first.body.id}/requests/${requests[1].id}/apply`).expect(200))
      .body;
    expect(applied).toMatchObject({ bedrooms: '4', estimatedValue: 500, estimate: requests[1].estimate });
  });

  it.each(['Won', 'Lost'])('makes a new lead linked to a %s one', async (status) => {
    const old = await insertLead(t.db, { email: VALID_QUOTE.email, phone: '972-555-0999', status });
    const response = await post(VALID_QUOTE);
    expect(await countRows(t.db, 'leads')).toBe(2);
    expect(created).toEqual([response.body.id]);
    // The answer does not reveal the old lead; the CRM does.
    expect(response.body.previousLeadId).toBeNull();
    const lead = (await (await t.agent()).get(`/api/admin/leads/${response.body.id}`)).body;
    expect(lead).toMatchObject({ previousLeadId: old, repeatCount: 0 });
  });

  it('prefers an open lead to a closed one of the same person', async () => {
    await insertLead(t.db, { email: VALID_QUOTE.email, status: 'Won' });
    const open = await insertLead(t.db, {
      first_name: 'Ann',
      last_name: 'Lee',
      phone: VALID_QUOTE.phone,
      status: 'Quoted',
    });
    await post(VALID_QUOTE);
    expect(await countRows(t.db, 'leads')).toBe(2);
    expect((await t.db('leads').where({ id: open }).first())?.repeat_count).toBe(1);
  });

  it('follows the same person’s closed lead and links the other person’s open one of the same phone', async () => {
    const won = await insertLead(t.db, { email: VALID_QUOTE.email, phone: '972-555-0999', status: 'Won' });
    const kevin = await insertLead(t.db, { first_name: 'Kevin', last_name: 'Reyes', phone: VALID_QUOTE.phone });
    const response = await post(VALID_QUOTE);
    expect(await countRows(t.db, 'leads')).toBe(3);
    const lead = (await (await t.agent()).get(`/api/admin/leads/${response.body.id}`)).body;
    expect(lead).toMatchObject({ previousLeadId: won, samePhoneLeads: [{ id: kevin, name: 'Kevin Reyes' }] });
    expect((await t.db('leads').where({ id: kevin }).first())?.repeat_count).toBe(0);
  });

  it('does not match phones with too few digits to be a number', async () => {
    await post({ ...VALID_QUOTE, phone: '12-34-5' });
    await post({ ...VALID_QUOTE, email: 'other@example.com', phone: '12345' });
    expect(await countRows(t.db, 'leads')).toBe(2);
  });

  it('makes one lead when the same request arrives twice at once', async () => {
    await Promise.all([post(VALID_QUOTE), post(VALID_QUOTE), post(VALID_QUOTE)]);
    expect(await countRows(t.db, 'leads')).toBe(1);
    expect((await t.db('leads').first())?.repeat_count).toBe(2);
  });
});

describeApi('lead intake: held submissions', () => {
  const created: string[] = [];
  const t = useTestApp({
    env: { RATE_LIMIT_LEADS_PER_MINUTE: '5' },
    onLeadEvent: (event) => event.trigger === 'lead_created' && created.push(event.leadId),
  });
  const post = (body: object) => supertest(t.app).post('/api/leads').set('User-Agent', 'Test browser 1.0').send(body);
  beforeEach(() => {
    created.length = 0;
  });

  const intake = async () => (await (await t.agent()).get('/api/admin/intake')).body;
  const held = async (query = '') => (await (await t.agent()).get(`/api/admin/held-submissions${query}`)).body;

  it.each([
    ['honeypot', { website: 'http://spam.example' }, 'The hidden field that people never see was filled in.'],
    ['machine_content', { firstName: '<a href="http://x.example">cheap</a>' }, 'The name holds a web link.'],
    // Sent too fast as well: held for the link, the rule that judged it.
    ['machine_content', { firstName: 'www.cheap.example', elapsedMs: 200 }, 'The name holds a web link.'],
    [
      'machine_content',
      { notes: 'http://a.example http://b.example https://c.example' },
      'The notes hold 3 web links.',
    ],
  ])(
    'holds %s for review: the visitor gets the usual 201, nothing becomes a lead, nothing is lost',
    async (rule, change, reason) => {
      const response = await post({ ...VALID_QUOTE, ...change });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ lastName: 'Lee', status: 'New', estimatedValue: 352, repeatCount: 0 });
      expect(response.body.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await countRows(t.db, 'leads')).toBe(0);
      expect(await countRows(t.db, 'activities')).toBe(0);
      expect(created).toEqual([]);

      const page = await held();
      expect(page.total).toBe(1);
      expect(page.items[0]).toMatchObject({
        rule,
        reason,
        userAgent: 'Test browser 1.0',
        payload: { ...VALID_QUOTE, ...change },
      });
      // An admin sees the sender's network, not the address (the third review, finding 8).
      expect(page.items[0].clientIp).toMatch(/^(127\.0\.0\.0\/24|::\/48)$/);
      const report = await intake();
      expect(report.rejections.byRule[rule]).toBe(1);
      expect(report.held).toEqual({
        waiting: 1,
        byRule: { honeypot: 0, too_fast: 0, machine_content: 0, [rule]: 1 },
      });
    },
  );

  it('never holds a request for its timing alone: one sent too fast with nothing else amiss is a lead, flagged', async () => {
    // A returning customer's browser filled the form in and sent it within half a second.
    const response = await post({ ...VALID_QUOTE, elapsedMs: 400 });
    expect(response.status).toBe(201);
    expect(await countRows(t.db, 'held_submissions')).toBe(0);
    expect(created).toEqual([response.body.id]);
    const agent = await t.agent();
    const lead = (await agent.get(`/api/admin/leads/${response.body.id}`).expect(200)).body;
    expect(lead).toMatchObject({ firstName: 'Ann', status: 'New', tags: [SENT_FAST_TAG] });
    const timeline = (await agent.get(`/api/admin/activities/lead/${lead.id}`).expect(200)).body as Array<{
      subject: string;
      description: string;
    }>;
    expect(timeline).toContainEqual(
      expect.objectContaining({
        subject: 'Request sent fast: not held',
        description: expect.stringContaining('Sent 0.4 s after the form was first touched'),
      }),
    );
    // Taken in, so not counted as caught, and nothing waits in Held.
    const report = await intake();
    expect(report.rejections.total).toBe(0);
    expect(report.held.waiting).toBe(0);
    // The same person again, as fast: kept on the lead (a repeat), said on its timeline.
    await post({ ...VALID_QUOTE, elapsedMs: 300 }).expect(201);
    expect(await countRows(t.db, 'leads')).toBe(1);
    const again = (await agent.get(`/api/admin/activities/lead/${lead.id}`).expect(200)).body as Array<{
      subject: string;
    }>;
    expect(again.map((activity) => activity.subject)).toContain('Repeat request sent fast: not held');
  });

  it('tells the person on duty of a held request in the bell, not by SMS or e-mail, one unread line for a burst', async () => {
    await resetTeam(t.db);
    const onDuty = await addStaff(t.db, { email: 'duty@held.example', role: 'sales', name: 'Dee Duty' });
    await addStaff(t.db, { email: 'off@held.example', role: 'sales', name: 'Otto Off' });
    await t.db('users').where({ id: onDuty }).update({ phone: '(214) 555-0101' });
    const admin = await t.agent();
    await admin
      .put('/api/admin/settings/lead-alerts')
      .send({ ...DEFAULT_SPEED_TO_LEAD_SETTINGS, enabled: true, onDuty: Array(7).fill(onDuty) })
      .expect(200);
    try {
      const dee = await signIn(t.app, { username: 'duty@held.example', password: STAFF_PASSWORD });
      const otto = await signIn(t.app, { username: 'off@held.example', password: STAFF_PASSWORD });
      const bell = async (agent: typeof dee) =>
        notificationListSchema.parse((await agent.get('/api/admin/notifications').expect(200)).body);

      await post({ ...VALID_QUOTE, website: 'http://spam.example' }).expect(201);
      const first = await bell(dee);
      expect(first.unread).toBe(1);
      expect(first.items).toEqual([
        expect.objectContaining({
          kind: 'request_held',
          leadId: null,
          text: 'Request held for review: Ann Lee (Hidden field filled)',
          readAt: null,
        }),
      ]);
      // In the bell only: no text or e-mail went out to anyone, and nobody else was told.
      expect(await countRows(t.db, 'automation_messages')).toBe(0);
      expect((await bell(otto)).items).toEqual([]);
      expect((await bell(admin)).items.filter((item) => item.kind === 'request_held')).toEqual([]);

      // A second before she read the first: the same line, rewritten, on top.
      await post({ ...VALID_QUOTE, firstName: 'Spam', lastName: 'Bot', notes: '<b>cheap</b>' }).expect(201);
      const burst = await bell(dee);
      expect(burst.unread).toBe(1);
      expect(burst.items).toHaveLength(1);
      expect(burst.items[0]).toMatchObject({
        id: first.items[0]?.id,
        text: '2 requests held for review, the newest from Spam Bot (Machine-made text)',
      });
      // Read: the next held request is a new line.
      await dee.post('/api/admin/notifications/read').send({ all: true }).expect(200);
      await post({ ...VALID_QUOTE, website: 'again' }).expect(201);
      const later = await bell(dee);
      expect(later.unread).toBe(1);
      expect(later.items[0]).toMatchObject({ kind: 'request_held', text: expect.stringMatching(/^3 requests held/) });
      expect(later.items).toHaveLength(2);
    } finally {
      await t.db('company_settings').delete();
      await resetTeam(t.db);
    }
  });

  it('takes in a person who took a second or more, and API clients that send no fill time', async () => {
    expect((await post({ ...VALID_QUOTE, elapsedMs: 1_000 })).status).toBe(201);
    expect((await post({ ...VALID_QUOTE, email: 'x@example.com', phone: '469-555-0142' })).status).toBe(201);
    expect(await countRows(t.db, 'leads')).toBe(2);
    expect((await intake()).rejections.total).toBe(0);
    expect((await held()).total).toBe(0);
  });

  it('refuses a fill time that is not a number of milliseconds, and stores nothing', async () => {
    const response = await post({ ...VALID_QUOTE, elapsedMs: -5 });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('elapsedMs must be a number of milliseconds');
    expect(await countRows(t.db, 'held_submissions')).toBe(0);
  });

  it('counts quotes refused by the rate limit, which answers 429 with a clear message', async () => {
    for (let i = 0; i < 5; i++) await post({ ...VALID_QUOTE, email: `p${i}@example.com`, phone: `214-555-02${i}0` });
    const limited = await post({ ...VALID_QUOTE, email: 'late@example.com' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: API_ERRORS.rateLimited });
    expect((await intake()).rejections.byRule.rate_limited).toBe(1);
  });

  it('lists held submissions newest first, paged', async () => {
    for (let i = 0; i < 3; i++) {
      t.clock.now = new Date(Date.UTC(2026, 10, 18, 15, i));
      await post({ ...VALID_QUOTE, email: `h${i}@example.com`, website: 'bot' });
    }
    const first = await held('?pageSize=2');
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.items.map((h: { payload: { email: string } }) => h.payload.email)).toEqual([
      'h2@example.com',
      'h1@example.com',
    ]);
    const second = await held('?pageSize=2&page=2');
    expect(second.items.map((h: { payload: { email: string } }) => h.payload.email)).toEqual(['h0@example.com']);
    expect((await (await t.agent()).get('/api/admin/held-submissions?pageSize=500')).status).toBe(400);
  });

  it('releases one as a lead from its original time: estimate, lead_created, speed-to-lead clock', async () => {
    t.clock.now = chicago(2026, 11, 18, 9); // Wednesday 9 AM
    await post({ ...VALID_QUOTE, website: 'bot', attribution: { utmSource: 'google' } });
    const [item] = (await held()).items;
    t.clock.now = chicago(2026, 11, 18, 11);
    const agent = await t.agent();
    const released = await agent.post(`/api/admin/held-submissions/${item.id}/release`);
    expect(released.status).toBe(201);
    expect(released.body).toMatchObject({
      firstName: 'Ann',
      estimatedValue: 352,
      source: 'Google',
      createdAt: chicago(2026, 11, 18, 9).toISOString(),
      contactDueAt: chicago(2026, 11, 18, 9, 15).toISOString(),
    });
    expect(created).toEqual([released.body.id]);
    expect((await held()).total).toBe(0);
    const lead = (await agent.get(`/api/admin/leads/${released.body.id}`)).body;
    expect(lead.requests).toHaveLength(1);
    expect(lead.requests[0]).toMatchObject({
      releasedFromRule: 'honeypot',
      receivedAt: chicago(2026, 11, 18, 9).toISOString(),
    });
    // Already released: nothing more to release or delete.
    const again = await agent.post(`/api/admin/held-submissions/${item.id}/release`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(API_ERRORS.heldNotFound);
    expect(await countRows(t.db, 'leads')).toBe(1);
  });

  it('releases one that repeats an open lead into that lead, without touching who the person is', async () => {
    const lead = (await post(VALID_QUOTE)).body;
    await post({ ...VALID_QUOTE, firstName: 'Bot', website: 'x' });
    const [item] = (await held()).items;
    const agent = await t.agent();
    const released = await agent.post(`/api/admin/held-submissions/${item.id}/release`).expect(201);
    expect(released.body).toMatchObject({ id: lead.id, firstName: 'Ann', repeatCount: 1 });
    expect(created).toEqual([lead.id]);
    const detail = (await agent.get(`/api/admin/leads/${lead.id}`)).body;
    expect(detail.requests[1]).toMatchObject({ firstName: 'Bot', releasedFromRule: 'honeypot' });
    expect(detail.detailsDifferRequestId).toBe(detail.requests[1].id);
  });

  it('makes one lead when two staff release the same submission at once', async () => {
    await post({ ...VALID_QUOTE, website: 'bot' });
    const [item] = (await held()).items;
    const agent = await t.agent();
    const answers = await Promise.all([
      agent.post(`/api/admin/held-submissions/${item.id}/release`),
      agent.post(`/api/admin/held-submissions/${item.id}/release`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 404]);
    expect(await countRows(t.db, 'leads')).toBe(1);
  });

  it('deletes one (204), then answers 404', async () => {
    await post({ ...VALID_QUOTE, website: 'bot' });
    const [item] = (await held()).items;
    const agent = await t.agent();
    await agent.delete(`/api/admin/held-submissions/${item.id}`).expect(204);
    expect((await held()).total).toBe(0);
    expect((await agent.delete(`/api/admin/held-submissions/${item.id}`)).status).toBe(404);
    expect(await countRows(t.db, 'leads')).toBe(0);
  });

  it('purges held submissions past the retention, and only those', async () => {
    t.clock.now = new Date('2026-10-01T12:00:00Z');
    await post({ ...VALID_QUOTE, website: 'old' });
    t.clock.now = new Date('2026-10-20T12:00:00Z');
    await post({ ...VALID_QUOTE, website: 'recent' });
    expect(await purgeHeldSubmissions(t.db, new Date('2026-11-01T12:00:00Z'), 30)).toBe(1);
    const left = await held();
    expect(left.items.map((h: { payload: { website: string } }) => h.payload.website)).toEqual(['recent']);
  });

  // The third review, finding 8: held senders' addresses were shown in full to every role.
  it('shows a salesperson neither address nor user agent, an admin the network, the full address only on purpose (audited)', async () => {
    await resetTeam(t.db);
    await post({ ...VALID_QUOTE, website: 'http://spam.example' })
      .set('user-agent', 'Held browser 2.0')
      .set('x-forwarded-for', '198.51.100.77')
      .expect(201);
    const [item] = (await held()).items;
    expect(item).toMatchObject({ userAgent: 'Held browser 2.0' });
    expect(item.clientIp).toMatch(/^(127\.0\.0\.0\/24|::\/48|198\.51\.100\.0\/24)$/);
    await addStaff(t.db, { email: 'sam@example.com', role: 'sales', name: 'Sam Rivera' });
    const sales = await signIn(t.app, { username: 'sam@example.com', password: STAFF_PASSWORD });
    const asSales = (await sales.get('/api/admin/held-submissions').expect(200)).body.items[0];
    expect(asSales).toMatchObject({ id: item.id, clientIp: null, userAgent: null });
    expect(JSON.stringify(asSales)).not.toContain('Held browser');
    const refused = await sales.post(`/api/admin/held-submissions/${item.id}/client-address`);
    expect(refused.status).toBe(403);

    const admin = await t.agent();
    const shown = await admin.post(`/api/admin/held-submissions/${item.id}/client-address`).expect(200);
    expect(shown.body.clientIp).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1|198\.51\.100\.77)$/);
    const audit = (await admin.get('/api/admin/audit?entity=lead').expect(200)).body.items;
    expect(audit[0]).toMatchObject({ action: 'held_address_shown', entityId: item.id });
    expect((await admin.post(`/api/admin/held-submissions/${randomUUID()}/client-address`)).status).toBe(404);
  });

  it('names the network of an address: IPv4 by /24, IPv6 by /48, a mapped IPv4 as IPv4', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1::/48');
    expect(networkOf('not an address')).toBe('unknown network');
  });

  it('is for signed-in staff only', async () => {
    expect((await supertest(t.app).get('/api/admin/held-submissions')).status).toBe(401);
    expect((await supertest(t.app).post(`/api/admin/held-submissions/${randomUUID()}/release`)).status).toBe(401);
  });
});

describeApi('lead search by phone digits', () => {
  const t = useTestApp();
  const search = async (term: string) =>
    (await (await t.agent()).get(`/api/admin/leads?search=${encodeURIComponent(term)}`)).body.items.map(
      (lead: { firstName: string }) => lead.firstName,
    );

  it.each(['2145550106', '214-555-0106', '214.555.0106', '(214) 555 0106', '555-0106', '0106'])(
    'finds "(214) 555-0106" by %s',
    async (term) => {
      await insertLead(t.db, { first_name: 'Caller', phone: '(214) 555-0106' });
      await insertLead(t.db, { first_name: 'Other', email: 'o@example.com', phone: '(817) 555-0199' });
      expect(await search(term)).toEqual(['Caller']);
    },
  );

  it('matches the shared reference rule, and needs 4 digits before ignoring punctuation', async () => {
    const leads = [
      { first_name: 'Caller', phone: '(214) 555-0106' },
      { first_name: 'Dots', email: 'd@example.com', phone: '214.555.0107' },
      { first_name: 'Room', email: 'r@example.com', phone: '972 555 1010' },
    ];
    for (const lead of leads) await insertLead(t.db, lead);
    for (const term of ['106', '555', '555-01', '5550', '214.555', '(214)', 'caller', '010']) {
      const expected = leads
        .filter((lead) =>
          matchesLeadSearch(
            {
              firstName: lead.first_name,
              lastName: 'Lead',
              email: lead.email ?? 'test.lead@example.com',
              phone: lead.phone,
            },
            term,
          ),
        )
        .map((lead) => lead.first_name)
        .sort();
      expect((await search(term)).sort(), term).toEqual(expected);
    }
    // "106" has 3 digits: only the literal substring counts, not digits across punctuation.
    expect(await search('5-01')).toEqual(['Caller']);
  });
});

describeApi('lead intake: speed-to-lead', () => {
  const t = useTestApp();
  const quote = (email: string, phone: string, source?: string) =>
    supertest(t.app)
      .post('/api/leads')
      .send({ ...VALID_QUOTE, email, phone, ...(source ? { attribution: { utmSource: source } } : {}) });
  const activity = async (leadId: string, title = 'Called') =>
    (await t.agent())
      .post('/api/admin/activities')
      .send({ leadId, type: 'call', title, status: 'completed' })
      .expect(201);

  it('counts business minutes across a weekend, from the lead to its first staff activity only', async () => {
    t.clock.now = chicago(2026, 11, 20, 17, 50); // Friday 5:50 PM
    const lead = (await quote('weekend@example.com', '214-555-0300')).body;
    // Due 15 business minutes later: 10 on Friday, 5 when Saturday opens at 9
    expect(lead.contactDueAt).toBe(chicago(2026, 11, 21, 9, 5).toISOString());
    expect(lead.speedToLeadMinutes).toBeNull();

    t.clock.now = chicago(2026, 11, 23, 8, 10); // Monday 8:10 AM
    await activity(lead.id);
    const agent = await t.agent();
    const contacted = (await agent.get(`/api/admin/leads/${lead.id}`)).body;
    // 10 (Fri 5:50–6) + 420 (Sat 9–4) + 0 (Sun) + 10 (Mon 8–8:10)
    expect(contacted.speedToLeadMinutes).toBe(440);
    expect(contacted.firstContactedAt).toBe(chicago(2026, 11, 23, 8, 10).toISOString());

    t.clock.now = chicago(2026, 11, 23, 11);
    await activity(lead.id, 'Called again');
    expect((await agent.get(`/api/admin/leads/${lead.id}`)).body.speedToLeadMinutes).toBe(440);
  });

  it('reports the median of the last 30 days by source, and the leads still waiting', async () => {
    t.clock.now = chicago(2026, 11, 18, 9); // Wednesday 9 AM
    const a = (await quote('a@example.com', '214-555-0401', 'google')).body;
    const b = (await quote('b@example.com', '214-555-0402', 'google')).body;
    const c = (await quote('c@example.com', '214-555-0403')).body;
    await quote('d@example.com', '214-555-0404'); // never contacted
    t.clock.now = chicago(2026, 11, 18, 9, 10);
    await activity(a.id);
    t.clock.now = chicago(2026, 11, 18, 9, 30);
    await activity(b.id);
    t.clock.now = chicago(2026, 11, 18, 10);
    await activity(c.id);
    // An old lead outside the window does not count.
    await insertLead(t.db, {
      created_at: chicago(2026, 9, 1, 9),
      first_contacted_at: chicago(2026, 9, 1, 12),
      speed_to_lead_minutes: 180,
    });

    t.clock.now = chicago(2026, 11, 18, 9, 14);
    const early = (await (await t.agent()).get('/api/admin/intake')).body;
    expect(early.awaitingContact).toBe(0); // b and d are due at 9:15
    t.clock.now = chicago(2026, 11, 18, 10, 30);
    const report = (await (await t.agent()).get('/api/admin/intake')).body;
    expect(report.speedToLead).toEqual({
      source: 'All sources',
      medianMinutes: 30, // of 10, 30, 60
      contacted: 3,
      bySource: [
        { source: 'Google', medianMinutes: 20, contacted: 2 },
        { source: 'Website Form', medianMinutes: 60, contacted: 1 },
      ],
    });
    expect(report.awaitingContact).toBe(1); // d
    expect(report.windowDays).toBe(30);
  });

  it('stops flagging a lead once it is Won or Lost', async () => {
    t.clock.now = chicago(2026, 11, 18, 9);
    const lead = (await quote('e@example.com', '214-555-0405')).body;
    t.clock.now = chicago(2026, 11, 18, 12);
    const agent = await t.agent();
    expect((await agent.get('/api/admin/intake')).body.awaitingContact).toBe(1);
    await agent.patch(`/api/admin/leads/${lead.id}/status`).send({ status: 'Lost' }).expect(200);
    expect((await agent.get('/api/admin/intake')).body.awaitingContact).toBe(0);
  });
});
