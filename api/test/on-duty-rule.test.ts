// Who is on duty is decided once (chooseOnDuty, packages/shared/src/speed-to-lead.ts) and asked by the
// bell and by the alert alike: the roster's person of the business's weekday in BUSINESS_TIMEZONE,
// and the escalation contact while that person is away. With a business zone whose date differs from
// Chicago's, both name the same person; with that person away, both name the escalation contact.
import { weekdayIn } from '@shine/shared/business-time';
import { DEFAULT_SPEED_TO_LEAD_SETTINGS } from '@shine/shared/speed-to-lead';
import { beforeEach, expect, it } from 'vitest';
import { drainEngines, useDeliveringEngine } from './support/automation-engine.ts';
import { addStaff, resetTeam } from './support/team.ts';
import { describeApi, VALID_QUOTE } from './support/test-app.ts';

const ZONE = 'Asia/Tokyo';

describeApi('the person on duty: one rule for the bell and the alert', () => {
  const h = useDeliveringEngine({ env: { BUSINESS_TIMEZONE: ZONE }, appEnv: { BUSINESS_TIMEZONE: ZONE } });
  const { t } = h;
  let ana: string;
  let ben: string;
  let cara: string;

  beforeEach(async () => {
    await t.db('company_settings').delete();
    await resetTeam(t.db);
    ana = await addStaff(t.db, { email: 'ana.chicago@example.com', role: 'sales', name: 'Ana' });
    ben = await addStaff(t.db, { email: 'ben.tokyo@example.com', role: 'sales', name: 'Ben' });
    cara = await addStaff(t.db, { email: 'cara.escalation@example.com', role: 'admin', name: 'Cara' });
  });

  /** Who the bell told of the lead. */
  const bellOf = (leadId: string) => t.db('notifications').where({ lead_id: leadId }).pluck('user_id');
  /** Who was alerted of the lead (its outbox rows of the on-duty step). */
  const alertedBy = async (leadId: string) =>
    (
      await t
        .db('lead_alerts as a')
        .join('automation_messages as m', 'm.alert_id', 'a.id')
        .where({ 'a.lead_id': leadId, 'm.status': 'sent' })
        .pluck('m.recipient')
    ).sort();

  it('names the same person in both, on the business’s weekday; the escalation contact while they are away', async () => {
    // Tomorrow at 00:30 UTC: 09:30 in Tokyo, still the evening before in Chicago.
    const today = new Date();
    const at = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1, 0, 30));
    const businessDay = weekdayIn(at, ZONE);
    const chicagoDay = weekdayIn(at, 'America/Chicago');
    expect(businessDay).not.toBe(chicagoDay);
    const onDuty: Array<string | null> = Array(7).fill(null);
    onDuty[businessDay] = ben;
    onDuty[chicagoDay] = ana;
    const agent = await t.agent();
    t.clock.now = new Date(at.getTime() - 60_000);
    await agent
      .put('/api/admin/settings/lead-alerts')
      .send({
        ...DEFAULT_SPEED_TO_LEAD_SETTINGS,
        enabled: true,
        sms: false,
        onDuty,
        escalateTo: cara,
        outsideBusinessHours: true,
        respectQuietHours: false,
      })
      .expect(200);

    t.clock.now = at;
    const first = (await agent.post('/api/leads').send(VALID_QUOTE).expect(201)).body.id as string;
    await drainEngines(h.engine.engine);
    expect(await bellOf(first)).toEqual([ben]);
    expect(await alertedBy(first)).toEqual(['ben.tokyo@example.com']);

    await t.db('users').where({ id: ben }).update({ away: true, away_until: null });
    const second = (
      await agent
        .post('/api/leads')
        .send({
          ...VALID_QUOTE,
          firstName: 'Dana',
          lastName: 'Reyes',
          email: 'dana@example.com',
          phone: '214-555-0188',
        })
        .expect(201)
    ).body.id as string;
    await drainEngines(h.engine.engine);
    expect(await bellOf(second)).toEqual([cara]);
    expect(await alertedBy(second)).toEqual(['cara.escalation@example.com']);
  });
});
