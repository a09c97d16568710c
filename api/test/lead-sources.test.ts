// Lead sources whatever their spelling: a campaign's utm_source matched to a known source without
// regard to case (`?utm_source=facebook` lands as "Facebook"), any other stored trimmed, and every
// report (Lead Sources, the analytics charts and conversion by source, speed to lead by source)
// counting the spellings of one source as one, also for leads stored before the rule.
import { analyticsReportSchema, intakeReportSchema } from '@shine/shared/responses/reports';
import supertest from 'supertest';
import { beforeEach, expect, it } from 'vitest';
import { type Agent, describeApi, insertLead, useTestApp, VALID_QUOTE } from './support/test-app.ts';

const DAY = 86_400_000;
const isoDate = (at: number) => new Date(at).toISOString().slice(0, 10);

describeApi('lead sources', () => {
  const t = useTestApp();
  let agent: Agent;
  beforeEach(async () => {
    agent = await t.agent();
  });

  let n = 0;
  const postFrom = async (utmSource: string) => {
    n += 1;
    const response = await supertest(t.app)
      .post('/api/leads')
      .send({
        ...VALID_QUOTE,
        email: `visitor${n}@example.com`,
        phone: `214-555-${String(1000 + n)}`,
        attribution: { utmSource },
      })
      .expect(201);
    return response.body as { id: string; source: string; utmSource: string };
  };

  it('stores a known source under its canonical name and any other trimmed', async () => {
    const lead = await postFrom('facebook');
    expect(lead).toMatchObject({ source: 'Facebook', utmSource: 'facebook' });
    expect((await postFrom('GOOGLE  ADS')).source).toBe('Google Ads');
    expect((await postFrom(' nextdoor')).source).toBe('Nextdoor');
    expect((await postFrom('  Dallas Moms  ')).source).toBe('Dallas Moms');
    const stored = await t.db('leads').where({ id: lead.id }).first('source');
    expect(stored?.source).toBe('Facebook');
  });

  it('counts the spellings of one source as one in every report', async () => {
    const now = Date.now();
    await postFrom('facebook');
    await postFrom('FaceBook');
    await postFrom('Dallas Moms');
    await postFrom('Dallas Moms');
    // Stored before the rule, as typed.
    await insertLead(t.db, { source: 'facebook', status: 'Won', speed_to_lead_minutes: 4 });
    await insertLead(t.db, { source: ' dallas  MOMS ', speed_to_lead_minutes: 8 });

    const stats = (await agent.get('/api/admin/stats').expect(200)).body as { bySource: Record<string, number> };
    expect(stats.bySource).toEqual({ Facebook: 3, 'Dallas Moms': 3, 'Website Form': 0 });

    const report = analyticsReportSchema.parse(
      (
        await agent
          .get(`/api/admin/reports/analytics?from=${isoDate(now - 2 * DAY)}&to=${isoDate(now + 2 * DAY)}`)
          .expect(200)
      ).body,
    );
    expect(report.sources).toHaveLength(2);
    // Each source under one name: a known one's canonical name, else its most used spelling.
    expect([...report.sources].sort()).toEqual(['Dallas Moms', 'Facebook']);
    expect(report.conversionBySource).toEqual(
      expect.arrayContaining([
        { source: 'Facebook', leads: 3, won: 1, conversionRate: 33.3 },
        { source: 'Dallas Moms', leads: 3, won: 0, conversionRate: 0 },
      ]),
    );
    const weeks = report.leadsPerWeek.filter((week) => week.total > 0);
    expect(weeks.reduce((sum, week) => sum + (week.bySource.Facebook ?? 0), 0)).toBe(3);
    expect(weeks.reduce((sum, week) => sum + (week.bySource['Dallas Moms'] ?? 0), 0)).toBe(3);
    for (const week of report.leadsPerWeek)
      expect(Object.keys(week.bySource).sort()).toEqual(['Dallas Moms', 'Facebook']);

    const intake = intakeReportSchema.parse((await agent.get('/api/admin/intake').expect(200)).body);
    // Only the leads stored before the rule were contacted: one group each.
    expect(
      intake.speedToLead.bySource.map((group) => [group.source.trim().toLowerCase(), group.contacted]).sort(),
    ).toEqual([
      ['dallas  moms', 1],
      ['facebook', 1],
    ]);
  });
});
