// The automation action `assign` (docs/decisions.md, "Assignment"): round robin over the available
// sales reps, kept in the database so that two processes rotate one sequence; one named person; and
// what a run records when nobody can take the lead.
import type { AutomationPreview, AutomationRun } from '@shine/shared/automation-rules';
import type { Lead } from '@shine/shared/types';
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { NOBODY_AVAILABLE } from '../src/automations/engine/assign-action.ts';
import {
  createLeadEventsRelay,
  drainEngines,
  dropQueueSchema,
  openSecondPool,
  startTestEngine,
  type TestEngine,
} from './support/automation-engine.ts';
import { auditRowsOf, insertTeamUser, resetTeam } from './support/team-users.ts';
import { type Agent, describeApi, insertLead, useTestApp, VALID_QUOTE } from './support/test-app.ts';

const HOUR = 3_600_000;
const ROUND_ROBIN = JSON.stringify({ type: 'assign', to: 'round_robin' });

describeApi('round robin', () => {
  const relay = createLeadEventsRelay();
  const t = useTestApp({ onLeadEvent: relay.onLeadEvent });
  let agent: Agent;
  let first: TestEngine;
  let second: TestEngine;
  let secondPool: Awaited<ReturnType<typeof openSecondPool>>;
  let quotes = 0;

  beforeAll(async () => {
    secondPool = await openSecondPool(t.db);
    [first, second] = await Promise.all([startTestEngine(t.db), startTestEngine(secondPool.db)]);
    relay.connect(first.engine);
  });
  afterAll(async () => {
    relay.connect(undefined);
    await Promise.all([first?.stop(), second?.stop()]);
    await secondPool?.close();
    await dropQueueSchema(t.db);
  });
  beforeEach(async () => {
    agent = await t.agent();
    await resetTeam(t.db);
  });

  const addRule = (actions = ROUND_ROBIN) =>
    agent
      .post('/api/admin/automations')
      .send({ name: 'Assign new quotes', trigger: 'lead_created', actions })
      .expect(201);

  /** A new quote from a new person; answers its id once the engines have done everything they owe. */
  async function quote(): Promise<string> {
    quotes += 1;
    const response = await agent
      .post('/api/leads')
      .send({ ...VALID_QUOTE, email: `rr${quotes}@example.com`, phone: `214-555-${String(1000 + quotes)}` })
      .expect(201);
    await drainEngines(first.engine, second.engine);
    return (response.body as Lead).id;
  }

  const assigneeOf = async (db: Knex, leadId: string) =>
    ((await db('leads').where({ id: leadId }).first('assigned_to')) as { assigned_to: string | null }).assigned_to;
  const runOf = async (leadId: string) => {
    const runs = (await agent.get(`/api/admin/leads/${leadId}/runs`).expect(200)).body as AutomationRun[];
    expect(runs).toHaveLength(1);
    return runs[0] as AutomationRun;
  };

  /** Three reps who joined in this order (the tie-break of "never given a lead"). */
  async function threeReps(): Promise<[string, string, string]> {
    const at = (minutes: number) => new Date(Date.now() - 3 * HOUR + minutes * 60_000);
    return [
      await insertTeamUser(t.db, { name: 'Ana Rep', createdAt: at(0) }),
      await insertTeamUser(t.db, { name: 'Ben Rep', createdAt: at(1) }),
      await insertTeamUser(t.db, { name: 'Cal Rep', createdAt: at(2) }),
    ];
  }

  it('rotates evenly over the sales reps, leaving out admins, disabled reps and reps without a password', async () => {
    const reps = await threeReps();
    await insertTeamUser(t.db, { name: 'Owner', role: 'admin' });
    await insertTeamUser(t.db, { name: 'Gone', disabled: true });
    await insertTeamUser(t.db, { name: 'Not Set Up', hasPassword: false });
    await addRule();
    const leads: string[] = [];
    for (let i = 0; i < 6; i++) leads.push(await quote());
    const assignees = await Promise.all(leads.map((id) => assigneeOf(t.db, id)));
    expect(assignees).toEqual([...reps, ...reps]);

    const run = await runOf(leads[0] as string);
    expect(run).toMatchObject({ status: 'succeeded', outcome: 'Assigned to Ana Rep (round robin)' });
    expect(await auditRowsOf(t.db, leads[0] as string)).toEqual([
      {
        action: 'assigned',
        actor_id: null,
        before: { assignedTo: null, assigneeName: null },
        after: { assignedTo: reps[0], assigneeName: 'Ana Rep', via: 'round_robin' },
      },
    ]);
    const rotation = await t.db('assignment_rotation').where({ key: 'default' }).first();
    expect(rotation).toMatchObject({ last_user_id: reps[2] });
    expect(Number(rotation?.turns)).toBe(6);
  });

  it('skips a rep who is away, and gives them the next turn once their away-until has passed', async () => {
    const [ana, ben, cal] = await threeReps();
    await t
      .db('users')
      .where({ id: ben })
      .update({ away: true, away_until: new Date(Date.now() + HOUR) });
    await addRule();
    const before = [await quote(), await quote(), await quote()];
    expect(await Promise.all(before.map((id) => assigneeOf(t.db, id)))).toEqual([ana, cal, ana]);

    // Back (the return date passed; the toggle is still on): Ben has waited longest, so he is next,
    // once, and the rotation goes on evenly from there.
    await t
      .db('users')
      .where({ id: ben })
      .update({ away_until: new Date(Date.now() - 60_000) });
    const after = [await quote(), await quote(), await quote()];
    expect(await Promise.all(after.map((id) => assigneeOf(t.db, id)))).toEqual([ben, cal, ana]);

    // Away with no return date: away until they switch it off.
    await t.db('users').where({ id: cal }).update({ away: true, away_until: null });
    const later = [await quote(), await quote()];
    expect(await Promise.all(later.map((id) => assigneeOf(t.db, id)))).toEqual([ben, ana]);
  });

  it('honours the open-lead cap: Won and Lost leads do not count', async () => {
    const [ana, ben] = [
      await insertTeamUser(t.db, { name: 'Ana Rep', maxOpenLeads: 1, createdAt: new Date(Date.now() - HOUR) }),
      await insertTeamUser(t.db, { name: 'Ben Rep' }),
    ];
    await addRule();
    const leads = [await quote(), await quote(), await quote()];
    expect(await Promise.all(leads.map((id) => assigneeOf(t.db, id)))).toEqual([ana, ben, ben]);
    // Ana's lead is won: she is under her cap again.
    await agent.patch(`/api/admin/leads/${leads[0]}/status`).send({ status: 'Won' }).expect(200);
    expect(await assigneeOf(t.db, await quote())).toBe(ana);
  });

  it('leaves the lead unassigned with the reason when nobody is available, and never overrides a person', async () => {
    await insertTeamUser(t.db, { name: 'Away Rep', away: true });
    await addRule();
    const lead = await quote();
    expect(await assigneeOf(t.db, lead)).toBeNull();
    expect(await runOf(lead)).toMatchObject({ status: 'skipped', outcome: NOBODY_AVAILABLE });
    expect(await auditRowsOf(t.db, lead)).toEqual([]);
    expect(await t.db('assignment_rotation').first()).toMatchObject({ last_user_id: null });

    const preview = (
      await agent
        .post('/api/admin/automations/preview')
        .send({ name: 'Preview', trigger: 'lead_created', conditions: '{}', actions: ROUND_ROBIN })
        .expect(200)
    ).body as AutomationPreview;
    expect(preview.firstAction).toEqual({ type: 'assign', roundRobin: true, assignee: null });

    // A lead someone already holds when the rule runs (here: created with an assignee, its event
    // found by the scan) keeps its person.
    await insertTeamUser(t.db, { name: 'Free Rep' });
    const held = await insertLead(t.db, { email: 'held@example.com', assigned_to: t.adminId });
    await t.db('lead_events').insert({ lead_id: held, trigger: 'lead_created' });
    await drainEngines(first.engine, second.engine);
    expect(await assigneeOf(t.db, held)).toBe(t.adminId);
    expect(await runOf(held)).toMatchObject({ status: 'skipped', outcome: 'Already assigned to Admin; left as it is' });
  });

  it('assigns to one named person; a rule naming someone disabled fails and the lead stays unassigned', async () => {
    const ana = await insertTeamUser(t.db, { name: 'Ana Rep', role: 'admin' });
    const rule = (await addRule(JSON.stringify({ type: 'assign', to: ana }))).body as { id: string };
    const lead = await quote();
    expect(await assigneeOf(t.db, lead)).toBe(ana);
    expect(await runOf(lead)).toMatchObject({ status: 'succeeded', outcome: 'Assigned to Ana Rep' });
    expect((await auditRowsOf(t.db, lead))[0]?.after).toMatchObject({ assignedTo: ana, via: 'rule' });

    await t.db('users').where({ id: ana }).update({ disabled_at: new Date() });
    const orphan = await quote();
    expect(await assigneeOf(t.db, orphan)).toBeNull();
    expect(await runOf(orphan)).toMatchObject({
      status: 'failed',
      error: 'The person this rule assigns to is disabled or no longer on the team',
    });
    await agent.delete(`/api/admin/automations/${rule.id}`).expect(204);
  });

  it('two processes assigning at once still rotate one sequence: an even split', async () => {
    const reps = await threeReps();
    await addRule();
    // Both processes hear of every new lead and work the same queue, so runs for different leads
    // execute side by side in the two processes.
    relay.connect(undefined);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        agent
          .post('/api/leads')
          .send({ ...VALID_QUOTE, email: `burst${i}@example.com`, phone: `469-555-${String(2000 + i)}` })
          .expect(201),
      ),
    );
    const ids = responses.map((response) => (response.body as Lead).id);
    const events = (await t.db('lead_events').whereIn('lead_id', ids).select('id', 'lead_id')) as Array<{
      id: string;
      lead_id: string;
    }>;
    for (const event of events) {
      for (const engine of [first.engine, second.engine]) {
        engine.handleLeadEvent({ id: event.id, leadId: event.lead_id, trigger: 'lead_created' });
      }
    }
    await drainEngines(first.engine, second.engine);
    relay.connect(first.engine);

    const counts = new Map(reps.map((rep) => [rep, 0]));
    for (const id of ids) {
      const assignee = await assigneeOf(t.db, id);
      counts.set(assignee as string, (counts.get(assignee as string) ?? 0) + 1);
    }
    expect([...counts.values()]).toEqual([4, 4, 4]);
    expect(Number((await t.db('assignment_rotation').first())?.turns)).toBe(12);
  });
});
