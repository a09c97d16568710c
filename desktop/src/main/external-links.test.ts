import { describe, expect, it, vi } from 'vitest';
import { isSafeExternalUrl, openExternalSafely } from './external-links.ts';

describe('isSafeExternalUrl', () => {
  it.each([
    'https://lonestarshine.example.com/',
    'http://example.com/path?q=1',
    'mailto:hello@lonestarshine.example.com?subject=Quote',
    'tel:+12145550142',
  ])('allows %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(true);
  });

  it.each([
    'file:///C:/Windows/System32/calc.exe',
    'smb://attacker/share',
    'ms-msdt:/id PCWDiagnostic',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'shine://app/admin',
    'https://user:pass@example.com/',
    'https://bank.example.com@evil.example.com/',
    'not a url',
    `https://example.com/${'a'.repeat(2100)}`,
  ])('refuses %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(false);
  });
});

describe('openExternalSafely', () => {
  it('opens allowed URLs and reports it did', () => {
    const openExternal = vi.fn(async () => undefined);
    expect(openExternalSafely(openExternal, 'https://example.com/')).toBe(true);
    expect(openExternal).toHaveBeenCalledWith('https://example.com/');
  });

  it('never hands a refused URL to the system', () => {
    const openExternal = vi.fn(async () => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(openExternalSafely(openExternal, 'file:///etc/passwd')).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('swallows a failure of the system handler (no unhandled rejection)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const openExternal = vi.fn(async () => {
      throw new Error('no handler for tel:');
    });
    expect(openExternalSafely(openExternal, 'tel:+12145550142')).toBe(true);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
  });
});
