import { describe, expect, it } from 'vitest';
import { isAllowedDownload } from './downloads.ts';

describe('isAllowedDownload', () => {
  it('allows files the CRM builds in the page and files of the app origin', () => {
    expect(isAllowedDownload('blob:shine://app/6f1c2f9e-0b7a-4d43-9a8e-1f0a4c0f3f8d')).toBe(true);
    expect(isAllowedDownload('data:text/csv;charset=utf-8,name%2Cemail')).toBe(true);
    expect(isAllowedDownload('shine://app/api/admin/leads/export.csv')).toBe(true);
  });

  it('cancels downloads from anywhere else', () => {
    expect(isAllowedDownload('https://evil.example.com/setup.exe')).toBe(false);
    expect(isAllowedDownload('blob:https://evil.example.com/uuid')).toBe(false);
    expect(isAllowedDownload('file:///etc/passwd')).toBe(false);
    expect(isAllowedDownload('shine://other/file')).toBe(false);
  });
});
