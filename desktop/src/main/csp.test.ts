import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDevCsp, RENDERER_CSP, RENDERER_CSP_HEADER } from './csp.ts';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('RENDERER_CSP', () => {
  it('is exactly the policy in src/renderer/index.html', () => {
    const html = readFileSync(path.resolve(import.meta.dirname, '../renderer/index.html'), 'utf8');
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
    expect(meta?.[1]).toBe(RENDERER_CSP);
  });

  it('allows scripts and connections only from the app itself', () => {
    const policy = directives(RENDERER_CSP);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(RENDERER_CSP).not.toMatch(/unsafe-eval|https?:|\*/);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('adds frame-ancestors in the header form, which a <meta> policy cannot carry', () => {
    expect(RENDERER_CSP_HEADER).toBe(`${RENDERER_CSP}; frame-ancestors 'none'`);
  });
});

describe('buildDevCsp', () => {
  it('loosens only scripts (inline fast-refresh preamble) and connections (the HMR socket) for the dev server', () => {
    const dev = directives(buildDevCsp('http://localhost:5175'));
    expect(dev.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(dev.get('connect-src')).toEqual(["'self'", 'http://localhost:5175', 'ws://localhost:5175']);
    const prod = directives(RENDERER_CSP);
    for (const [name, values] of prod) {
      if (name !== 'script-src' && name !== 'connect-src') expect(dev.get(name)).toEqual(values);
    }
  });
});
