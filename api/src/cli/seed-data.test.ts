import { LEAD_PRIORITIES, LEAD_STATUSES } from '@shine/shared/enums';
import { describe, expect, it } from 'vitest';
import { createRandom } from '@shine/shared/random';
import { buildLead } from './seed-data.ts';

const NOW = Date.parse('2026-06-15T12:00:00Z');
const USER = '00000000-0000-4000-8000-000000000001';

function build(count: number, seed = 42) {
  const random = createRandom(seed);
  return Array.from({ length: count }, (_, i) => buildLead(random, i, USER, NOW));
}

describe('seed data', () => {
  it('is deterministic for a seed, apart from the random ids', () => {
    const strip = (rows: ReturnType<typeof build>) => rows.map(({ lead }) => ({ ...lead, id: '' }));
    expect(strip(build(50))).toEqual(strip(build(50)));
  });

  it('makes clearly fake, valid-looking DFW contacts', () => {
    for (const { lead } of build(500)) {
      expect(lead.phone).toMatch(/^\((214|469|972|817)\) 555-01\d\d$/);
      expect(lead.zipcode).toMatch(/^7[56]\d{3}$/);
      expect(lead.email).toMatch(/@example\.(com|net|org)$/);
      expect(LEAD_STATUSES).toContain(lead.status);
      expect(LEAD_PRIORITIES).toContain(lead.priority);
      expect(lead.created_at.getTime()).toBeLessThanOrEqual(NOW);
      expect(lead.updated_at.getTime()).toBeGreaterThanOrEqual(lead.created_at.getTime());
    }
    const emails = build(2000).map(({ lead }) => lead.email);
    expect(new Set(emails).size).toBe(emails.length);
  });

  it('has a plausible mix: ~3 activities a lead, every status, some overdue follow-ups, some "smi" names', () => {
    const rows = build(5000);
    const activities = rows.reduce((sum, row) => sum + row.activities.length, 0) / rows.length;
    expect(activities).toBeGreaterThan(2.5);
    expect(activities).toBeLessThan(3.5);
    expect(new Set(rows.map(({ lead }) => lead.status))).toEqual(new Set(LEAD_STATUSES));
    const overdue = rows.filter(({ lead }) => lead.next_follow_up_at && lead.next_follow_up_at.getTime() < NOW);
    expect(overdue.length).toBeGreaterThan(rows.length * 0.05);
    const smi = rows.filter(({ lead }) => `${lead.first_name} ${lead.last_name}`.toLowerCase().includes('smi'));
    expect(smi.length).toBeGreaterThan(rows.length * 0.01);
    for (const { lead, activities: list } of rows.slice(0, 200)) {
      for (const activity of list) {
        expect(activity.lead_id).toBe(lead.id);
        expect(activity.created_at.getTime()).toBeGreaterThanOrEqual(lead.created_at.getTime());
      }
    }
  });
});
