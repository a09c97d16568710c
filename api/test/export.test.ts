import type { StoredQuoteStatus } from '@shine/shared/quotes';
import type { ExportResult } from '@shine/shared/types';
import { beforeEach, expect, it } from 'vitest';
import { type Agent, cachesHeard, describeApi, insertLead, useTestApp } from './support/test-app.ts';

const DAY = 24 * 3_600_000;

/** An instant as a spreadsheet should show it: the business's wall clock, "2026-12-01 14:35". */
function businessClock(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** A CSV's lines split into cells (no cell here holds a comma or a quote). */
const cellsOf = (content: string) =>
  content
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

describeApi('POST /api/admin/leads/export', () => {
  const t = useTestApp();
  let agent: Agent;
  let ids: string[];

  beforeEach(async () => {
    agent = await t.agent();
    ids = [
      await insertLead(t.db, {
        first_name: '=HYPERLINK("http://evil")',
        last_name: 'Smith',
        email: 'a@example.com',
        notes: 'note, with "quotes"',
        created_at: new Date('2025-01-01T10:00:00Z'),
        updated_at: new Date('2025-01-01T10:00:00Z'),
      }),
      await insertLead(t.db, {
        first_name: 'Bob',
        last_name: '+1 Jones',
        email: 'b@example.com',
        status: 'Won',
        estimated_value: '410.00',
        created_at: new Date('2025-01-02T10:00:00Z'),
      }),
      await insertLead(t.db, {
        first_name: 'Cy',
        last_name: 'Doe',
        email: 'c@example.com',
        phone: '-5550199',
        created_at: new Date('2025-01-03T10:00:00Z'),
      }),
    ];
  });

  const exportLeads = async (body: object) => {
    const response = await agent.post('/api/admin/leads/export').send(body);
    expect(response.status, response.text).toBe(200);
    return response.body as ExportResult;
  };

  it('exports every lead as CSV with the contact, service, status and date columns, formulas neutralised', async () => {
    const result = await exportLeads({ format: 'csv' });
    expect(result.format).toBe('csv');
    expect(result.count).toBe(3);
    const lines = result.content.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFFirst Name,Last Name,Email,Phone,Zip Code,Bedrooms,Bathrooms,Cleaning Type,Frequency,Status,Priority,Source,Estimated Value,Assigned To,Created At,Updated At,Last Contacted At,Next Follow-Up At,Lost Reason,Next Visit,Quote Status,Recurring Value',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^Cy,Doe,c@example\.com,'-5550199,/);
    expect(lines[2]).toMatch(/^Bob,'\+1 Jones,b@example\.com,.*,Won,Medium,Website Form,410,,/);
    expect(lines[3]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil""\)",Smith,/);
    // 10:00 UTC is 4:00 in the business time zone (America/Chicago, CST).
    expect(lines[3]).toContain(',2025-01-01 04:00,2025-01-01 04:00,,');
    expect(result.content).not.toContain('note, with');
  });

  it('guards formulas behind full-width signs and invisible prefixes, and quotes semicolons and tabs', async () => {
    const hostile = {
      '\uFF1DHYPERLINK("http://evil")': 'fullwidth@example.com', // full-width equals sign
      '\u200B=1+1': 'zwsp@example.com', // zero-width space first
      // Word joiner first (a BOM is covered by the unit tests: PGlite's text decoding drops a leading BOM).
      '\u2060@SUM(A1)': 'joiner@example.com',
      '\u202E+1': 'bidi@example.com', // right-to-left override first
      ' -1': 'space@example.com',
      'Ann;Lee': 'semicolon@example.com',
      'Ann\tLee': 'tab@example.com',
    };
    for (const [firstName, email] of Object.entries(hostile)) {
      await insertLead(t.db, { first_name: firstName, last_name: 'Hostile', email });
    }
    const result = await exportLeads({ format: 'csv', filter: { search: 'hostile' } });
    expect(result.count).toBe(Object.keys(hostile).length);
    const firstCells = new Map(
      result.content
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => {
          const email = /,([a-z]+@example\.com),/.exec(line)?.[1];
          return [email, line.slice(0, line.indexOf(',Hostile,'))] as const;
        }),
    );
    expect(firstCells.get('fullwidth@example.com')).toBe('"\'\uFF1DHYPERLINK(""http://evil"")"');
    expect(firstCells.get('zwsp@example.com')).toBe("'\u200B=1+1");
    expect(firstCells.get('joiner@example.com')).toBe("'\u2060@SUM(A1)");
    expect(firstCells.get('bidi@example.com')).toBe("'\u202E+1");
    expect(firstCells.get('space@example.com')).toBe("' -1");
    expect(firstCells.get('semicolon@example.com')).toBe('"Ann;Lee"');
    expect(firstCells.get('tab@example.com')).toBe('"Ann\tLee"');
  });

  it('exports JSON objects with the chosen columns; JSON adds notes by default', async () => {
    const result = await exportLeads({ format: 'json', leadIds: [ids[0]] });
    expect(result.count).toBe(1);
    const records = JSON.parse(result.content) as Array<Record<string, unknown>>;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      firstName: '=HYPERLINK("http://evil")',
      notes: 'note, with "quotes"',
      estimatedValue: null,
    });
    expect(Object.keys(records[0] as object)).toHaveLength(23);
    expect(records[0]).toMatchObject({ assignee: null });
    const contactOnly = JSON.parse((await exportLeads({ format: 'json', fields: ['contact'] })).content);
    expect(Object.keys(contactOnly[0])).toEqual(['firstName', 'lastName', 'email', 'phone', 'zipcode']);
  });

  it('exports the selected leads, or when none are selected everything matching the filter', async () => {
    expect((await exportLeads({ format: 'csv', leadIds: [ids[1], ids[2]] })).count).toBe(2);
    expect((await exportLeads({ format: 'csv', leadIds: [], filter: { status: 'Won' } })).count).toBe(1);
    expect((await exportLeads({ format: 'csv', filter: { search: 'smith' } })).count).toBe(1);
    expect((await exportLeads({ format: 'csv', filter: { status: 'all', priority: '' } })).count).toBe(3);
  });

  it('CSV opens in a spreadsheet as written: a BOM, business-time dates, the outcome columns after the brief’s, names intact', async () => {
    const now = Date.now();
    const created = new Date(now - 3 * DAY);
    const leadId = await insertLead(t.db, {
      first_name: 'José',
      last_name: 'Martínez-Öztürk',
      email: 'jose@example.com',
      status: 'Lost',
      lost_reason: 'Price',
      frequency: 'Weekly',
      estimated_value: '150.25',
      created_at: created,
      updated_at: created,
    });
    // A series: one visit done, one cancelled, the next two still to come; the next is the one after now.
    const [booking] = await t
      .db('bookings')
      .insert({ lead_id: leadId, frequency: 'Weekly', duration_minutes: 180 })
      .returning('id');
    const next = new Date(now + 6 * DAY);
    const visit = (sequence: number, at: number, status: 'scheduled' | 'completed' | 'cancelled') => ({
      booking_id: (booking as { id: string }).id,
      lead_id: leadId,
      sequence,
      crew: 1,
      starts_at: new Date(at),
      ends_at: new Date(at + 3 * 3_600_000),
      arrival_ends_at: new Date(at + 3_600_000),
      planned_start: new Date(at),
      status,
    });
    await t
      .db('visits')
      .insert([
        visit(1, now - DAY, 'completed'),
        visit(2, now + DAY, 'cancelled'),
        visit(3, next.getTime(), 'scheduled'),
        visit(4, now + 13 * DAY, 'scheduled'),
      ]);
    // Two versions of its quote: the newest was sent and is past its validity, so it reads Expired.
    const quote = (version: number, status: StoredQuoteStatus, validUntil: Date) => ({
      lead_id: leadId,
      version,
      status,
      content: JSON.stringify({}),
      pricing: JSON.stringify({}),
      subtotal_cents: 0,
      discount_cents: 0,
      tax_cents: 0,
      total_cents: 0,
      token_hash: `hash-${version}`,
      sent_at: new Date(now - 20 * DAY),
      valid_until: validUntil,
    });
    await t.db('quotes').insert([quote(1, 'superseded', new Date(now + DAY)), quote(2, 'sent', new Date(now - DAY))]);
    await cachesHeard(t.db);

    const result = await exportLeads({ format: 'csv', leadIds: [leadId, ids[0]] });
    expect(result.content.startsWith('\uFEFFFirst Name,')).toBe(true);
    const [header = [], jose = [], other = []] = cellsOf(result.content.slice(1));
    // The brief's fields first (docs/requirements.md), in its order, then the outcome.
    expect(header.slice(0, 18)).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'Phone',
      'Zip Code',
      'Bedrooms',
      'Bathrooms',
      'Cleaning Type',
      'Frequency',
      'Status',
      'Priority',
      'Source',
      'Estimated Value',
      'Assigned To',
      'Created At',
      'Updated At',
      'Last Contacted At',
      'Next Follow-Up At',
    ]);
    expect(header.slice(18)).toEqual(['Lost Reason', 'Next Visit', 'Quote Status', 'Recurring Value']);
    const row = (cells: string[]) => Object.fromEntries(header.map((name, at) => [name, cells[at]]));
    expect(row(jose)).toMatchObject({
      'First Name': 'José',
      'Last Name': 'Martínez-Öztürk',
      'Created At': businessClock(created),
      'Updated At': businessClock(created),
      'Lost Reason': 'Price',
      'Next Visit': businessClock(next),
      'Quote Status': 'Expired',
      'Recurring Value': '7813.00', // 150.25 × 52
    });
    expect(row(jose)['Created At']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    // A lead with none of them: empty cells (a weekly lead without a value counts 250 a visit).
    expect(row(other)).toMatchObject({
      'Lost Reason': '',
      'Next Visit': '',
      'Quote Status': '',
      'Recurring Value': '13000.00',
    });

    // The streamed file is the same bytes: the UTF-8 BOM first, the name as written when decoded.
    const streamed = await agent
      .post('/api/admin/leads/export')
      .set('Accept', 'text/csv')
      .send({ format: 'csv', leadIds: [leadId, ids[0]] })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const bytes = streamed.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(result.content);
    expect(bytes.includes(Buffer.from('José,Martínez-Öztürk', 'utf8'))).toBe(true);

    // JSON keeps ISO instants and the status codes.
    const json = JSON.parse((await exportLeads({ format: 'json', leadIds: [leadId] })).content);
    expect(json).toEqual([
      expect.objectContaining({
        firstName: 'José',
        lastName: 'Martínez-Öztürk',
        createdAt: created.toISOString(),
        lostReason: 'Price',
        nextVisit: next.toISOString(),
        quoteStatus: 'expired',
        recurringValue: '7813.00',
      }),
    ]);
  });

  it.each([
    [{}, 'Format must be csv or json'],
    [{ format: 'xlsx' }, 'Format must be csv or json'],
    [{ format: 'csv', leadIds: ['nope'] }, 'Lead ids must be valid ids'],
    [{ format: 'csv', fields: [] }, 'Choose at least one field group'],
    [{ format: 'csv', fields: ['secrets'] }, 'Fields must be among: contact, service, status, dates, outcome, notes'],
  ])('refuses %o → %s', async (body, message) => {
    const response = await agent.post('/api/admin/leads/export').send(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('accepts a large selection (thousands of ids) in one request', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const result = await exportLeads({ format: 'csv', leadIds: [...many, ids[0]] });
    expect(result.count).toBe(1);
  });
});
