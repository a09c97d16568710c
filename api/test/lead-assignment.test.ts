// Lead assignment and the lead's audit trail: who holds a lead, the "Mine / Unassigned /
// a person" filters, bulk assignment, who logged an activity, and the audit rows every lead change
// writes in its own transaction.
import type { ExportResult } from '@shine/shared/types';
import type { AuditEntry } from '@shine/shared/types';
import { API_ERRORS } from '@shine/shared/messages';
import type { Activity, Lead, LeadPage } from '@shine/shared/types';
import { beforeEach, expect, it } from 'vitest';
import { auditRowsOf, insertTeamUser, resetTeam } from './support/team-users.ts';
import { type Agent, cachesHeard, describeApi, insertLead, useTestApp, VALID_QUOTE } from './support/test-app.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describeApi('lead assignment', () => {
  const t = useTestApp();
  let agent: Agent;
  let maria: string;
  let leadA: string;
  let leadB: string;

  beforeEach(async () => {
    agent = await t.agent();
    await resetTeam(t.db);
    maria = await insertTeamUser(t.db, { name: 'Maria Lopez' });
    leadA = await insertLead(t.db, { first_name: 'Ann', email: 'ann@example.com' });
    leadB = await insertLead(t.db, { first_name: 'Bob', email: 'bob@example.com' });
  });

  const patch = (id: string, body: object) => agent.patch(`/api/admin/leads/${id}`).send(body);
  const list = async (query: string) => {
    const response = await agent.get(`/api/admin/leads${query}`).expect(200);
    return response.body as LeadPage;
  };

  it('assigns a lead to an active person and every answer names them', async () => {
    const patched = (await patch(leadA, { assignedTo: maria }).expect(200)).body as Lead;
    expect(patched).toMatchObject({ assignedTo: maria, assignee: { id: maria, name: 'Maria Lopez' } });

    const detail = (await agent.get(`/api/admin/leads/${leadA}`).expect(200)).body as Lead;
    expect(detail.assignee).toEqual({ id: maria, name: 'Maria Lopez' });
    const moved = (await agent.patch(`/api/admin/leads/${leadA}/status`).send({ status: 'Contacted' }).expect(200))
      .body as Lead;
    expect(moved.assignee).toEqual({ id: maria, name: 'Maria Lopez' });
    const page = await list('');
    expect(page.items.find((lead) => lead.id === leadB)?.assignee).toBeNull();
    expect(page.items.find((lead) => lead.id === leadA)?.assignee?.name).toBe('Maria Lopez');

    const unassigned = (await patch(leadA, { assignedTo: null }).expect(200)).body as Lead;
    expect(unassigned).toMatchObject({ assignedTo: null, assignee: null });
  });

  it('refuses a disabled, unknown or system user on assignedTo and changes nothing', async () => {
    const gone = await insertTeamUser(t.db, { name: 'Gone Rep', disabled: true });
    const system = (await t.db('users').where({ username: 'system@shine.invalid' }).first('id')) as
      | { id: string }
      | undefined;
    const refused = [gone, UNKNOWN_ID, ...(system ? [system.id] : [])];
    for (const assignedTo of refused) {
      const response = await patch(leadA, { assignedTo, priority: 'High' }).expect(400);
      expect(response.body).toEqual({
        message: API_ERRORS.assigneeNotAssignable,
        issues: [{ path: 'assignedTo', message: API_ERRORS.assigneeNotAssignable }],
      });
    }
    const malformed = await patch(leadA, { assignedTo: 'maria' }).expect(400);
    expect(malformed.body.issues).toEqual([{ path: 'assignedTo', message: 'Assigned to must be a user id or null' }]);
    const lead = (await agent.get(`/api/admin/leads/${leadA}`).expect(200)).body as Lead;
    expect(lead).toMatchObject({ assignedTo: null, priority: 'Medium' });
    expect(await auditRowsOf(t.db, leadA)).toEqual([]);
  });

  it('filters by me, none and a person, in the list and the export', async () => {
    await patch(leadA, { assignedTo: maria }).expect(200);
    const leadC = await insertLead(t.db, { first_name: 'Cy', email: 'cy@example.com', assigned_to: t.adminId });
    const names = (page: LeadPage) => page.items.map((lead) => lead.firstName).sort();

    expect(names(await list('?assignedTo=me'))).toEqual(['Cy']);
    expect(names(await list('?assignedTo=none'))).toEqual(['Bob']);
    expect(names(await list(`?assignedTo=${maria}`))).toEqual(['Ann']);
    expect(names(await list('?assignedTo='))).toEqual(['Ann', 'Bob', 'Cy']);
    const bad = await agent.get('/api/admin/leads?assignedTo=someone').expect(400);
    expect(bad.body.message).toBe('Assigned to must be me, none or a user id');

    const exported = (
      await agent
        .post('/api/admin/leads/export')
        .send({ format: 'json', filter: { assignedTo: 'me' } })
        .expect(200)
    ).body as ExportResult;
    expect(JSON.parse(exported.content)).toEqual([expect.objectContaining({ firstName: 'Cy', assignee: 'Admin' })]);
    const csv = await agent
      .post('/api/admin/leads/export')
      .set('Accept', 'text/csv')
      .send({ format: 'csv', filter: { assignedTo: maria } })
      .expect(200);
    expect(csv.headers['x-export-count']).toBe('1');
    const [header, row] = csv.text.trimEnd().split('\r\n');
    expect(header).toContain('Estimated Value,Assigned To,Created At');
    expect(row).toMatch(/^Ann,.*,Maria Lopez,/);
    expect(leadC).toBeTruthy();
  });

  it('"me" is the asking user, also for the list ETag', async () => {
    const mine = await agent.get('/api/admin/leads?assignedTo=me').expect(200);
    const everyone = await agent.get(`/api/admin/leads?assignedTo=${t.adminId}`).expect(200);
    // The same page for the same person, whichever way it is asked for.
    expect(mine.headers.etag).toBe(everyone.headers.etag);
    const other = await agent.get(`/api/admin/leads?assignedTo=${maria}`).expect(200);
    expect(other.headers.etag).not.toBe(mine.headers.etag);
  });

  it('a rename changes the list ETag (the list shows names)', async () => {
    await patch(leadA, { assignedTo: maria }).expect(200);
    const before = await agent.get('/api/admin/leads').expect(200);
    await agent
      .get('/api/admin/leads')
      .set('If-None-Match', before.headers.etag as string)
      .expect(304);
    await t.db('users').where({ id: maria }).update({ name: 'Maria López' });
    await cachesHeard(t.db);
    const after = await agent
      .get('/api/admin/leads')
      .set('If-None-Match', before.headers.etag as string)
      .expect(200);
    expect((after.body as LeadPage).items.find((lead) => lead.id === leadA)?.assignee?.name).toBe('Maria López');
  });

  it('assigns in bulk in one transaction, one audit row per lead that changed hands', async () => {
    await patch(leadB, { assignedTo: maria }).expect(200);
    const response = await agent
      .post('/api/admin/leads/assign')
      .send({ ids: [leadA, leadB, UNKNOWN_ID], assignedTo: maria })
      .expect(200);
    expect(response.body).toEqual({ updated: 1 });
    expect((await list(`?assignedTo=${maria}`)).total).toBe(2);
    expect(await auditRowsOf(t.db, leadA)).toEqual([
      {
        action: 'assigned',
        actor_id: t.adminId,
        before: { assignedTo: null, assigneeName: null },
        after: { assignedTo: maria, assigneeName: 'Maria Lopez' },
      },
    ]);

    const cleared = await agent.post('/api/admin/leads/assign').send({ ids: [leadA, leadB], assignedTo: null });
    expect(cleared.body).toEqual({ updated: 2 });
    expect((await list('?assignedTo=none')).total).toBe(2);

    const gone = await insertTeamUser(t.db, { name: 'Gone Rep', disabled: true });
    const refused = await agent
      .post('/api/admin/leads/assign')
      .send({ ids: [leadA], assignedTo: gone })
      .expect(400);
    expect(refused.body.issues).toEqual([{ path: 'assignedTo', message: API_ERRORS.assigneeNotAssignable }]);
    expect((await list('?assignedTo=none')).total).toBe(2);
    const empty = await agent.post('/api/admin/leads/assign').send({ ids: [], assignedTo: null }).expect(400);
    expect(empty.body.message).toBe('Choose at least one lead');
  });

  it('names who logged each activity; the product signs its own entries', async () => {
    await t.db('users').where({ id: t.adminId }).update({ name: 'Pat Owner' });
    const created = await agent
      .post('/api/admin/activities')
      .send({ leadId: leadA, type: 'call', title: 'Called', status: 'completed' })
      .expect(201);
    expect((created.body as Activity).author).toEqual({ id: t.adminId, name: 'Pat Owner' });
    // A repeat request is noted by the system user.
    await agent
      .post('/api/leads')
      .send({ ...VALID_QUOTE, email: 'ann@example.com' })
      .expect(201);
    const timeline = (await agent.get(`/api/admin/activities/lead/${leadA}`).expect(200)).body as Activity[];
    expect(timeline.map((activity) => activity.author.name)).toEqual(['Shine (automatic)', 'Pat Owner']);
  });
});

describeApi('the audit trail of leads', () => {
  const t = useTestApp();
  let agent: Agent;
  let lead: string;

  beforeEach(async () => {
    agent = await t.agent();
    await resetTeam(t.db);
    lead = await insertLead(t.db, { first_name: 'Ann', email: 'ann@example.com', tags: ['vip'] });
  });

  it('records status changes and only the fields that changed, newest first in the history', async () => {
    await agent.patch(`/api/admin/leads/${lead}/status`).send({ status: 'Quoted' }).expect(200);
    // The same status again is no change.
    await agent.patch(`/api/admin/leads/${lead}/status`).send({ status: 'Quoted' }).expect(200);
    await agent
      .patch(`/api/admin/leads/${lead}`)
      .send({ priority: 'Medium', tags: ['vip', 'pets'], notes: 'Gate code 12', estimatedValue: 320 })
      .expect(200);
    // Nothing different: no row.
    await agent.patch(`/api/admin/leads/${lead}`).send({ priority: 'Medium' }).expect(200);

    const history = (await agent.get(`/api/admin/leads/${lead}/history`).expect(200)).body as { items: AuditEntry[] };
    expect(history.items.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      [
        'updated',
        { estimatedValue: null, tags: ['vip'], notes: null },
        { estimatedValue: 320, tags: ['vip', 'pets'], notes: 'Gate code 12' },
      ],
      ['status_changed', { status: 'New' }, { status: 'Quoted' }],
    ]);
    expect(history.items[0]).toMatchObject({ actor: { id: t.adminId, name: 'Admin' }, entity: 'lead', leadId: lead });
    await agent.get(`/api/admin/leads/${UNKNOWN_ID}/history`).expect(404);
  });

  it('keeps an edit holding a lone surrogate: the notes and their audit row both store U+FFFD', async () => {
    // Text pasted from a broken source; JSON would write it as an escape PostgreSQL's jsonb refuses.
    const response = await agent.patch(`/api/admin/leads/${lead}`).send({ notes: 'Gate \uD800 code' });
    expect(response.status, response.text).toBe(200);
    expect(response.body.notes).toBe('Gate \uFFFD code');
    const history = (await agent.get(`/api/admin/leads/${lead}/history`).expect(200)).body as { items: AuditEntry[] };
    expect(history.items[0]).toMatchObject({ action: 'updated', after: { notes: 'Gate \uFFFD code' } });
  });

  it('a change that fails leaves no audit row, and an audit row that fails undoes the change', async () => {
    // A check that fails at COMMIT, after the lead row and its audit row were written.
    await t.db.raw(`
      create function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.notes = 'boom' then raise exception 'refused at commit'; end if;
        return null;
      end $$`);
    await t.db.raw(`create constraint trigger refuse_boom after update on leads
      deferrable initially deferred for each row execute function refuse_boom()`);
    try {
      await agent.patch(`/api/admin/leads/${lead}`).send({ notes: 'boom' }).expect(500);
      expect(await auditRowsOf(t.db, lead)).toEqual([]);
    } finally {
      await t.db.raw('drop trigger refuse_boom on leads');
      await t.db.raw('drop function refuse_boom()');
    }

    await t.db.raw(`
      create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused'; end $$`);
    await t.db.raw(
      'create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()',
    );
    try {
      await agent.patch(`/api/admin/leads/${lead}/status`).send({ status: 'Won' }).expect(500);
    } finally {
      await t.db.raw('drop trigger refuse_audit on audit_log');
      await t.db.raw('drop function refuse_audit()');
    }
    expect(((await agent.get(`/api/admin/leads/${lead}`).expect(200)).body as Lead).status).toBe('New');
  });

  it('records repeat-request decisions, held releases and discards, and every export', async () => {
    await agent
      .post('/api/leads')
      .send({ ...VALID_QUOTE, firstName: 'Annie', email: 'ann@example.com' })
      .expect(201);
    const detail = (await agent.get(`/api/admin/leads/${lead}`).expect(200)).body as Lead & {
      detailsDifferRequestId: string;
    };
    await agent.post(`/api/admin/leads/${lead}/requests/${detail.detailsDifferRequestId}/apply`).expect(200);
    const rows = await auditRowsOf(t.db, lead);
    expect(rows.map((row) => row.action)).toEqual(['repeat_merged', 'details_applied']);
    expect(rows[0]?.actor_id).toBeNull();
    expect(rows[1]).toMatchObject({
      actor_id: t.adminId,
      before: { firstName: 'Ann', phone: '214-555-0199' },
      after: { requestId: detail.detailsDifferRequestId, firstName: 'Annie', phone: VALID_QUOTE.phone },
    });

    // Held by the honeypot, then released and discarded by staff.
    for (const email of ['held1@example.com', 'held2@example.com']) {
      await agent
        .post('/api/leads')
        .send({ ...VALID_QUOTE, email, phone: '972-555-0111', website: 'x' })
        .expect(201);
    }
    const held = (await t.db('held_submissions').orderBy('received_at').select('id')) as Array<{ id: string }>;
    const released = (await agent.post(`/api/admin/held-submissions/${held[0]?.id}/release`).expect(201)).body as Lead;
    await agent.delete(`/api/admin/held-submissions/${held[1]?.id}`).expect(204);
    expect((await auditRowsOf(t.db, released.id)).map((row) => row.action)).toEqual(['held_released']);
    const discarded = await t.db('audit_log').where({ action: 'held_discarded' }).first();
    expect(discarded).toMatchObject({ actor_id: t.adminId, entity_id: held[1]?.id, lead_id: null });

    await agent
      .post('/api/admin/leads/export')
      .send({ format: 'csv', filter: { status: 'New' } })
      .expect(200);
    await agent
      .post('/api/admin/leads/export')
      .send({ format: 'json', leadIds: [lead] })
      .expect(200);
    const exports = await t.db('audit_log').where({ entity: 'export' }).orderBy('id').select('actor_id', 'after');
    expect(exports).toEqual([
      { actor_id: t.adminId, after: { format: 'csv', count: 2, filter: { status: 'New' } } },
      { actor_id: t.adminId, after: { format: 'json', count: 1, selected: 1 } },
    ]);
  });
});
