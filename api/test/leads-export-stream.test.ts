import { beforeEach, expect, it } from 'vitest';
import { seedDatabase } from '../src/cli/seed.ts';
import { exportLeads, streamExportEnvelope } from '../src/leads/leads-export.ts';
import { countExportRows, streamLeadsCsv } from '../src/leads/leads-export-stream.ts';
import { describeApi, insertLead, signIn, useTestApp } from './support/test-app.ts';

const CONTEXT = { timeZone: 'America/Chicago', now: new Date() };

async function collect(chunks: AsyncIterable<string>): Promise<{ text: string; chunks: number }> {
  let text = '';
  let count = 0;
  for await (const chunk of chunks) {
    text += chunk;
    count += 1;
  }
  return { text, chunks: count };
}

describeApi('streamed CSV export', () => {
  const t = useTestApp();

  beforeEach(async () => {
    await seedDatabase(t.db, t.adminId, { leads: 120, seed: 7 });
    // Rows sharing one created_at to the microsecond, and one with a formula-looking name: the keyset
    // must page through ties by id, and the stream must neutralise cells like the buffered export.
    for (let i = 0; i < 5; i += 1) {
      await insertLead(t.db, {
        first_name: i === 0 ? '=HYPERLINK("x")' : `Tie${i}`,
        last_name: 'Smithson',
        email: `tie${i}@example.com`,
        created_at: '2026-01-02 03:04:05.123456+00',
      });
    }
    // Timestamps and values at the edges of their text forms.
    await insertLead(t.db, {
      email: 'edge@example.com',
      created_at: '2025-12-31 23:59:59.999999+00',
      last_contacted_at: '2026-03-08 08:00:00-06',
      next_follow_up_at: '2026-07-04 12:00:00.5+00',
      estimated_value: '1234567.89',
      notes: 'Line one\nline "two", -3 dogs',
    });
    await insertLead(t.db, { email: 'zero@example.com', estimated_value: '0.10', notes: '' });
    // Same millisecond, microseconds and ids in opposite orders: the export sorts by the timestamp.
    await insertLead(t.db, {
      id: '00000000-0000-4000-8000-000000000001',
      first_name: 'Later',
      email: 'later@example.com',
      created_at: '2026-02-02 00:00:00.123900+00',
    });
    await insertLead(t.db, {
      id: 'ffffffff-ffff-4fff-8fff-ffffffffffff',
      first_name: 'Earlier',
      email: 'earlier@example.com',
      created_at: '2026-02-02 00:00:00.123100+00',
    });
  });

  it('writes the same bytes as the buffered export, in batches, for every selection', async () => {
    const ids = (await t.db('leads').select('id').orderBy('email').limit(30)).map((row) => row.id as string);
    const requests = [
      { format: 'csv' as const },
      { format: 'csv' as const, filter: { search: 'smi' } },
      { format: 'csv' as const, filter: { status: 'Qualified' as const, priority: 'High' as const } },
      { format: 'csv' as const, leadIds: ids },
      { format: 'csv' as const, fields: ['contact' as const, 'notes' as const] },
    ];
    for (const request of requests) {
      const buffered = await exportLeads(t.db, request, CONTEXT);
      const streamed = await collect(streamLeadsCsv(t.db, request, CONTEXT, 7));
      expect(streamed.text).toBe(buffered.content);
      expect(streamed.chunks).toBe(1 + Math.ceil(buffered.count / 7));
      expect(await countExportRows(t.db, request)).toBe(buffered.count);
    }
    const all = await collect(streamLeadsCsv(t.db, { format: 'csv' }, CONTEXT, 7));
    expect(all.text).toContain(`"'=HYPERLINK(""x"")"`);
    // 23:59:59.999 UTC on New Year's Eve is 17:59 in the business time zone.
    expect(all.text).toContain('2025-12-31 17:59');
    expect(all.text.indexOf('Later,')).toBeLessThan(all.text.indexOf('Earlier,'));
    expect(all.text.split('\r\n').length - 2).toBe(129);
  });

  it('streams the { content, format, count } envelope as the bytes JSON.stringify writes, the audit before its end', async () => {
    const requests = [
      { format: 'csv' as const },
      { format: 'json' as const },
      { format: 'json' as const, fields: ['contact' as const, 'notes' as const] },
      { format: 'csv' as const, filter: { search: 'no lead is called this' } },
      { format: 'json' as const, filter: { search: 'no lead is called this' } },
    ];
    for (const request of requests) {
      const audited: number[] = [];
      let chunksBeforeAudit = -1;
      let chunks = 0;
      let text = '';
      for await (const chunk of streamExportEnvelope(
        t.db,
        request,
        CONTEXT,
        async (count) => {
          audited.push(count);
          chunksBeforeAudit = chunks;
        },
        7,
      )) {
        text += chunk;
        chunks += 1;
      }
      const buffered = await exportLeads(t.db, request, CONTEXT);
      expect(text).toBe(JSON.stringify(buffered));
      expect(audited).toEqual([buffered.count]);
      // One chunk per batch, then the closing one after the audit.
      expect(chunksBeforeAudit).toBe(Math.ceil(buffered.count / 7));
      expect(chunks).toBe(chunksBeforeAudit + 1);
    }
  });

  it('answers Accept: text/csv with the stream, a count header and a file name; JSON otherwise', async () => {
    const agent = await signIn(t.app);
    const streamed = await agent.post('/api/admin/leads/export').set('Accept', 'text/csv').send({ format: 'csv' });
    expect(streamed.status).toBe(200);
    expect(streamed.headers['content-type']).toMatch(/^text\/csv/);
    expect(streamed.headers['x-export-count']).toBe('129');
    expect(streamed.headers['content-disposition']).toMatch(
      /^attachment; filename="leads_export_\d{4}-\d\d-\d\d\.csv"$/,
    );
    const buffered = await agent.post('/api/admin/leads/export').send({ format: 'csv' });
    expect(buffered.headers['content-type']).toMatch(/^application\/json/);
    expect(streamed.text).toBe(buffered.body.content);
    expect(buffered.body.count).toBe(129);
    // JSON stays the buffered envelope whatever the Accept header says.
    const json = await agent.post('/api/admin/leads/export').set('Accept', 'text/csv').send({ format: 'json' });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.body.format).toBe('json');
  });
});
