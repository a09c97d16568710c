import { leadOperations } from '@shine/shared/operations/leads';
import * as publicModule from '@shine/shared/operations/public';
import { describe, expect, it } from 'vitest';
import { routesModuleSource } from './operation-routes.ts';

/** The tables a generated module exports, read back from its `export const name = {...};` lines. */
function exportsOf(source: string): Record<string, Record<string, unknown>> {
  const tables: Record<string, Record<string, unknown>> = {};
  for (const line of source.trim().split('\n')) {
    const match = /^export const (\w+) = (.*);$/.exec(line);
    if (!match?.[1] || !match[2]) throw new Error(`not an export line: ${line}`);
    tables[match[1]] = JSON.parse(match[2]) as Record<string, unknown>;
  }
  return tables;
}

describe('the call tables as the browser bundle gets them', () => {
  it('keeps every call of a table with its method and path, and nothing else', () => {
    const { leadOperations: routes } = exportsOf(routesModuleSource({ leadOperations }));
    expect(Object.keys(routes ?? {})).toEqual(Object.keys(leadOperations));
    for (const [name, entry] of Object.entries(leadOperations)) {
      expect(routes?.[name]).toEqual({ method: entry.method, path: entry.path });
    }
  });

  it('leaves out an export that is not a table (a schema), so importing it fails the build by name', () => {
    expect(Object.keys(publicModule)).toContain('openApiDocumentSchema');
    expect(Object.keys(exportsOf(routesModuleSource(publicModule)))).toEqual(['publicOperations']);
  });
});
