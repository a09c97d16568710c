import { leadOperations } from '@shine/shared/operations/leads';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, stubCall } from '../test/fetch-mock.ts';
import { buildExportRequest, exportLeads } from './export.ts';

describe('buildExportRequest', () => {
  it('exports the selection when there is one, ignoring the filter', () => {
    expect(buildExportRequest(['a', 'b'], { search: 'ann', status: 'New' }, 'csv')).toEqual({
      format: 'csv',
      leadIds: ['a', 'b'],
    });
  });

  it('exports the current filter when nothing is selected', () => {
    expect(buildExportRequest([], { search: 'ann', status: undefined, priority: 'High' }, 'json', ['contact'])).toEqual(
      {
        format: 'json',
        fields: ['contact'],
        filter: { search: 'ann', priority: 'High' },
      },
    );
    expect(buildExportRequest([], {}, 'csv')).toEqual({ format: 'csv', filter: {} });
  });

  it('exports the assignee filter too ("Mine" exports my leads)', () => {
    expect(buildExportRequest([], { assignedTo: 'me' }, 'csv')).toEqual({
      format: 'csv',
      filter: { assignedTo: 'me' },
    });
  });
});

describe('exportLeads', () => {
  it('posts the request and downloads leads_export_{date}.{format} with the content', async () => {
    const { calls } = mockFetch({
      ...stubCall(leadOperations.exportLeads, { body: { content: 'First Name\r\nAnn\r\n', format: 'csv', count: 1 } }),
    });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    const result = await exportLeads({ format: 'csv', leadIds: ['3f1c2a7e-8a51-4f0e-9a51-6c1d2b3e4f50'] });

    expect(result.count).toBe(1);
    expect(calls[0]?.body).toEqual({ format: 'csv', leadIds: ['3f1c2a7e-8a51-4f0e-9a51-6c1d2b3e4f50'] });
    expect(clicked).toHaveLength(1);
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(clicked[0]?.download).toBe(
      `leads_export_${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.csv`,
    );
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toBe('First Name\r\nAnn\r\n');
    expect(blob.type).toContain('text/csv');
  });

  it('fails without downloading when the server refuses', async () => {
    mockFetch({
      ...stubCall(leadOperations.exportLeads, { status: 400, body: { message: 'Format must be csv or json' } }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    await expect(exportLeads({ format: 'csv' })).rejects.toThrow('Format must be csv or json');
    expect(click).not.toHaveBeenCalled();
  });
});
