import { urlFor } from '../test/fetch-mock.ts';
import { leadOperations } from '@shine/shared/operations/leads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../api/http-error.ts';
import {
  type ExportProgress,
  shouldStreamExport,
  STREAMED_EXPORT_THRESHOLD,
  streamCsvExport,
} from './export-stream.ts';

afterEach(() => vi.restoreAllMocks());

function streamedResponse(parts: string[], count: number): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/csv', 'X-Export-Count': String(count) } });
}

describe('streamed CSV export', () => {
  it('streams CSV past the threshold only', () => {
    expect(shouldStreamExport('csv', STREAMED_EXPORT_THRESHOLD + 1)).toBe(true);
    expect(shouldStreamExport('csv', STREAMED_EXPORT_THRESHOLD)).toBe(false);
    expect(shouldStreamExport('csv', undefined)).toBe(false);
    expect(shouldStreamExport('json', 100_000)).toBe(false);
  });

  it('asks for text/csv, reports rows as chunks arrive and returns the whole file', async () => {
    const parts = ['First Name,Last Name\r\nAnn,Lee\r\n', 'Bo,Smith\r\n', 'Cy,"two\nlines"\r\n'];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(streamedResponse(parts, 3));
    const progress: ExportProgress[] = [];
    const result = await streamCsvExport({ format: 'csv', filter: { status: 'Won' } }, (p) => progress.push(p));
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(urlFor(leadOperations.exportLeads));
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>).Accept).toBe('text/csv');
    expect(JSON.parse(init.body as string)).toEqual({ format: 'csv', filter: { status: 'Won' } });
    expect(progress.map((p) => p.rows)).toEqual([1, 2, 3, 3]);
    expect(progress.every((p) => p.total === 3)).toBe(true);
    expect(result.count).toBe(3);
    expect(await result.file.text()).toBe(parts.join(''));
  });

  it('throws the server message on an error answer', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message: 'Not signed in' }), { status: 401 }),
    );
    await expect(streamCsvExport({ format: 'csv' }, () => {})).rejects.toEqual(new HttpError(401, 'Not signed in'));
  });
});
