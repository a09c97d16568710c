import type { ExportResult } from '@shine/shared/types';
import { beforeEach, expect, it } from 'vitest';
import { type Agent, describeApi, insertLead, useTestApp } from './support/test-app.ts';

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
      'First Name,Last Name,Email,Phone,Zip Code,Bedrooms,Bathrooms,Cleaning Type,Frequency,Status,Priority,Source,Estimated Value,Assigned To,Created At,Updated At,Last Contacted At,Next Follow-Up At',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^Cy,Doe,c@example\.com,'-5550199,/);
    expect(lines[2]).toMatch(/^Bob,'\+1 Jones,b@example\.com,.*,Won,Medium,Website Form,410,,/);
    expect(lines[3]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil""\)",Smith,/);
    expect(lines[3]).toContain(',2025-01-01T10:00:00.000Z,2025-01-01T10:00:00.000Z,,');
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
    expect(Object.keys(records[0] as object)).toHaveLength(19);
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

  it.each([
    [{}, 'Format must be csv or json'],
    [{ format: 'xlsx' }, 'Format must be csv or json'],
    [{ format: 'csv', leadIds: ['nope'] }, 'Lead ids must be valid ids'],
    [{ format: 'csv', fields: [] }, 'Choose at least one field group'],
    [{ format: 'csv', fields: ['secrets'] }, 'Fields must be among: contact, service, status, dates, notes'],
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
