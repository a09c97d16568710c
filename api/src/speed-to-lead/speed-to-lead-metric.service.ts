// The speed-to-lead metric of the dashboard (GET /api/admin/intake, reports/intake-report.ts): the median business minutes to
// first staff activity of the leads created in the window that have been contacted, overall and per
// source (most contacted first). The leads feature hands in those leads as a subquery.
import { canonicalLeadSource, leadSourceKeySql } from '@shine/shared/lead-sources';
import type { IntakeReport, SpeedToLeadGroup } from '@shine/shared/types';
import type { Knex } from 'knex';
import { contactedLeadsSince } from '../leads/index.ts';

interface SpeedToLeadRow {
  /** null on the overall row. */
  source: string | null;
  median: number | null;
  contacted: number;
}

/** The overall row and one per source, in one scan of the window (grouping sets). */
async function measureSpeedToLeadRows(db: Knex, contacted: Knex.QueryBuilder): Promise<SpeedToLeadRow[]> {
  const result = await db.raw<{ rows: Array<SpeedToLeadRow & { kind: number }> }>(
    `select mode() within group (order by source) as source, grouping(${leadSourceKeySql('source')})::int as kind,
            percentile_cont(0.5) within group (order by speed_to_lead_minutes)::float8 as median,
            count(*)::int as contacted
       from ? as contacted
      group by grouping sets ((${leadSourceKeySql('source')}), ())`,
    [contacted],
  );
  return result.rows.map((row) => ({
    // One row per source whatever its spellings' case or spacing; a known source by its canonical name.
    source: row.kind === 1 ? null : canonicalLeadSource(row.source ?? ''),
    median: row.median === null ? null : Number(row.median),
    contacted: Number(row.contacted),
  }));
}

const roundMinutes = (median: number | null) => (median === null ? null : Math.round(median * 10) / 10);

export async function measureSpeedToLead(db: Knex, now: Date, days: number): Promise<IntakeReport['speedToLead']> {
  const speed = await measureSpeedToLeadRows(db, contactedLeadsSince(db, now, days));
  const overall = speed.find((row) => row.source === null);
  const bySource: SpeedToLeadGroup[] = speed
    .filter((row) => row.source !== null)
    .map((row) => ({ source: row.source as string, medianMinutes: roundMinutes(row.median), contacted: row.contacted }))
    .sort((a, b) => b.contacted - a.contacted || a.source.localeCompare(b.source));
  return {
    source: 'All sources',
    medianMinutes: roundMinutes(overall?.median ?? null),
    contacted: overall?.contacted ?? 0,
    bySource,
  };
}
