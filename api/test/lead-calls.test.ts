import { FOLLOW_UP_ON_CLOSED_LEAD, OUTCOME_ONLY_FOR_CALLS } from '@shine/shared/activities';
import { LOST_REASON_ONLY_WHEN_LOST } from '@shine/shared/lost-reasons';
import type { CallLogged } from '@shine/shared/responses/activities';
import type { Activity } from '@shine/shared/types';
import { beforeEach, expect, it } from 'vitest';
import { auditRowsOf } from './support/team-users.ts';
import { type Agent, describeApi, insertLead, useTestApp } from './support/test-app.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const DAY = 86_400_000;

describeApi('calls logged with an outcome', () => {
  const t = useTestApp();
  let agent: Agent;
  let leadId: string;

  beforeEach(async () => {
    agent = await t.agent();
    leadId = await insertLead(t.db);
  });

  const logCall = (body: object, id = leadId) => agent.post(`/api/admin/leads/${id}/calls`).send(body);
  const leadRow = async () => t.db('leads').where({ id: leadId }).first();

  it('"No answer" with a follow-up tomorrow: a completed call with its outcome and note, the follow-up set and audited, the timeline shows the outcome', async () => {
    const tomorrow = new Date(Date.now() + DAY);
    const response = await logCall({
      outcome: 'no_answer',
      note: '  Rang twice ',
      nextFollowUpAt: tomorrow.toISOString(),
    }).expect(201);
    const { activity, lead } = response.body as CallLogged;
    expect(activity).toMatchObject({
      leadId,
      userId: t.adminId,
      type: 'call',
      outcome: 'no_answer',
      subject: 'Called, no answer',
      description: 'Rang twice',
      status: 'completed',
      completedAt: expect.any(String),
    });
    expect(lead.nextFollowUpAt).toBe(tomorrow.toISOString());
    expect(lead.status).toBe('New');
    const row = await leadRow();
    expect(row?.first_contacted_at).not.toBeNull();
    expect(row?.last_contacted_at).not.toBeNull();

    const audit = await auditRowsOf(t.db, leadId);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'updated',
        actor_id: t.adminId,
        before: { nextFollowUpAt: null },
        after: { nextFollowUpAt: tomorrow.toISOString() },
      }),
    ]);

    const timeline = (await agent.get(`/api/admin/activities/lead/${leadId}`).expect(200)).body as Activity[];
    expect(timeline.map((entry) => [entry.subject, entry.outcome])).toEqual([['Called, no answer', 'no_answer']]);
  });

  it('"Reached" moving the lead to Contacted: the status change is audited and its status_changed event written; clearing the follow-up with null', async () => {
    await t
      .db('leads')
      .where({ id: leadId })
      .update({ next_follow_up_at: new Date(Date.now() + 2 * DAY) });
    const { lead } = (await logCall({ outcome: 'reached', status: 'Contacted', nextFollowUpAt: null }).expect(201))
      .body as CallLogged;
    expect(lead).toMatchObject({ status: 'Contacted', nextFollowUpAt: null });
    const actions = (await auditRowsOf(t.db, leadId)).map((row) => [row.action, row.before, row.after]);
    expect(actions).toEqual([
      ['status_changed', { status: 'New' }, { status: 'Contacted' }],
      ['updated', { nextFollowUpAt: expect.any(String) }, { nextFollowUpAt: null }],
    ]);
    const events = await t.db('lead_events').where({ lead_id: leadId }).select('trigger', 'from_status', 'to_status');
    expect(events).toEqual([{ trigger: 'status_changed', from_status: 'New', to_status: 'Contacted' }]);
  });

  it('"Wrong number" may close the lead as Lost with a reason from the list', async () => {
    const { lead } = (
      await logCall({
        outcome: 'wrong_number',
        status: 'Lost',
        lostReason: 'No response',
        lostNote: 'Number is a fax',
      }).expect(201)
    ).body as CallLogged;
    expect(lead).toMatchObject({ status: 'Lost', lostReason: 'No response', lostNote: 'Number is a fax' });
  });

  it('refuses bad input with clear 400s, and changes nothing', async () => {
    const cases: Array<[object, string, string]> = [
      [{}, 'outcome', 'Outcome is required'],
      [{ outcome: 'busy' }, 'outcome', 'Outcome must be one of: reached, voicemail, no_answer, wrong_number'],
      [{ outcome: 'reached', nextFollowUpAt: 'tomorrow' }, 'nextFollowUpAt', 'Next follow-up must be a date and time'],
      [{ outcome: 'reached', status: 'Done' }, 'status', 'Status must be one of'],
      [
        { outcome: 'reached', status: 'Won', nextFollowUpAt: new Date(Date.now() + DAY).toISOString() },
        'nextFollowUpAt',
        FOLLOW_UP_ON_CLOSED_LEAD,
      ],
      [{ outcome: 'reached', status: 'Contacted', lostReason: 'Price' }, 'lostReason', LOST_REASON_ONLY_WHEN_LOST],
      [{ outcome: 'reached', note: 'x'.repeat(5001) }, 'note', 'Note must be at most 5000 characters'],
    ];
    for (const [body, path, message] of cases) {
      const response = await logCall(body).expect(400);
      expect(response.body.issues).toEqual(
        expect.arrayContaining([expect.objectContaining({ path, message: expect.stringContaining(message) })]),
      );
    }
    const notOnList = await logCall({ outcome: 'reached', status: 'Lost', lostReason: 'Too far' }).expect(400);
    expect(notOnList.body.issues[0]).toMatchObject({ path: 'lostReason' });
    await logCall({ outcome: 'reached' }, UNKNOWN_ID).expect(404);
    expect(Number((await t.db('activities').where({ lead_id: leadId }).count({ n: '*' }))[0]?.n)).toBe(0);
    expect((await leadRow())?.status).toBe('New');
  });

  it('never half-applies: when the follow-up cannot be written, neither the call nor the status change stays', async () => {
    await t.db.raw(`
      create function refuse_follow_up_audit() returns trigger language plpgsql as $$
      begin if new.action = 'updated' then raise exception 'audit refused'; end if; return new; end $$`);
    await t.db.raw(
      'create trigger refuse_follow_up_audit before insert on audit_log for each row execute function refuse_follow_up_audit()',
    );
    try {
      await logCall({
        outcome: 'reached',
        status: 'Contacted',
        nextFollowUpAt: new Date(Date.now() + DAY).toISOString(),
      }).expect(500);
    } finally {
      await t.db.raw('drop trigger refuse_follow_up_audit on audit_log');
      await t.db.raw('drop function refuse_follow_up_audit()');
    }
    const row = await leadRow();
    expect(row).toMatchObject({ status: 'New', next_follow_up_at: null, first_contacted_at: null });
    expect(Number((await t.db('activities').where({ lead_id: leadId }).count({ n: '*' }))[0]?.n)).toBe(0);
    expect(await t.db('lead_events').where({ lead_id: leadId })).toEqual([]);
  });

  it('New Activity takes an outcome for a call only', async () => {
    const call = await agent
      .post('/api/admin/activities')
      .send({ leadId, type: 'call', title: 'Quick call', outcome: 'voicemail' })
      .expect(201);
    expect((call.body as Activity).outcome).toBe('voicemail');
    const note = await agent.post('/api/admin/activities').send({ leadId, type: 'note', title: 'A note' }).expect(201);
    expect((note.body as Activity).outcome).toBeNull();
    const refused = await agent
      .post('/api/admin/activities')
      .send({ leadId, type: 'email', title: 'Mail', outcome: 'reached' })
      .expect(400);
    expect(refused.body.issues).toEqual([{ path: 'outcome', message: OUTCOME_ONLY_FOR_CALLS }]);
  });
});
